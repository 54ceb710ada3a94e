package session

import (
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// told waits for a note on ch; the time limit only keeps a missing note
// from hanging the package.
func told(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("the other views were not told: %s", what)
	}
}

// Play-test: when a player's screen went, the others still said "Ann is
// picking on their own screen…": nothing told them. Every view is told
// when a player's screen comes and when it goes.
func TestViewsAreToldWhenAPlayersScreenComesOrGoes(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	notes := make(chan struct{}, 8)
	defer s.Attach(func() { notes <- struct{}{} })()
	detach := s.AttachAs(PlayerNamed("Ann"), func() {})
	told(t, notes, "Ann's screen came")
	if !s.Connected(0) {
		t.Fatal("Ann is not connected")
	}
	detach()
	told(t, notes, "Ann's screen went")
	if s.Connected(0) {
		t.Fatal("Ann is still connected")
	}
}

// MayStart, which a screen asks before an action's entry opens, says what
// Act will say: Alchemy and the barbarians are the turn's player's (or the
// host's), and a viewer's nothing.
func TestMayStartAgreesWithAct(t *testing.T) {
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, "catan")
	if err != nil {
		t.Fatal(err)
	}
	fresh := func() *Session {
		st, err := r.NewGame(map[string]string{"cities-knights": "on"}, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 7)
		if err != nil {
			t.Fatal(err)
		}
		return New(Options{Rules: r, Game: deck.NewGame(st)})
	}
	whos := map[string]Who{"host": TheHost(), "Ann": PlayerNamed("Ann"), "Bob": PlayerNamed("Bob"), "viewer": Viewer()}
	for _, spec := range r.Actions(fresh().Now()) {
		if spec.Private {
			continue
		}
		a := deck.Action{ID: spec.ID}
		for _, in := range spec.Inputs {
			a.Values = append(a.Values, in.Min) // a value the rules take
		}
		for name, who := range whos {
			s := fresh()
			may, did := s.As(who).MayStart(spec), s.As(who).Act(a, 0)
			if (may == nil) != (did == nil) || may != nil && may.Error() != did.Error() {
				t.Errorf("%s, %s: MayStart says %v, Act %v", name, spec.Label, may, did)
			}
		}
	}
}

// A resumed game's last change is nobody's at this table: the player in
// the first seat may not take it back (it was taken as theirs).
func TestResumedGamesLastChangeIsNotAPlayers(t *testing.T) {
	r, g := catanGame(t)
	a, _ := expansions.Main(r.Actions(g.Now))
	if err := g.Do(func(st *deck.State) error { return r.Act(st, deck.Action{ID: a.ID}) }); err != nil {
		t.Fatal(err)
	}
	s := New(Options{Rules: r, Game: g.Snapshot()}) // as a save loads: the undo, not the count
	if err := s.As(PlayerNamed("Ann")).MayUndo(false); err == nil {
		t.Fatal("Ann may take back a change of the game before this session")
	}
	if ok, err := s.As(PlayerNamed("Ann")).Undo(); ok || err == nil {
		t.Fatalf("Ann took back a change of the game before this session (%v)", err)
	}
	if ok, err := s.As(TheHost()).Undo(); !ok || err != nil {
		t.Fatalf("the host could not take it back: %v", err)
	}
}
