package session

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// panicky is a ruleset whose actions panic: a bug in a game's rules.
type panicky struct{ expansions.Ruleset }

func (panicky) Act(*deck.State, deck.Action) error { panic("a bug in the rules") }

// A panic in the rules, caught by a screen's guard, leaves the session
// free for every other screen.
func TestPanicLeavesTheSessionFree(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: panicky{r}, Game: g})
	func() {
		defer func() { _ = recover() }()
		_ = s.As(Player(0)).Act(deck.Action{ID: "draw"}, 0)
	}()
	if !s.mu.TryLock() {
		t.Fatal("the session is locked after a panic in the rules")
	}
	s.mu.Unlock()
}

// A player may take back only their own last change; the host's rename,
// or another's draw, is the host's to undo.
func TestPlayerUndoesOnlyTheirOwnLastChange(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	ann, bob := s.As(PlayerNamed("Ann")), s.As(PlayerNamed("Bob"))
	a, _ := expansions.Main(r.Actions(s.Now()))
	if err := ann.Act(deck.Action{ID: a.ID}, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Undo(); err == nil {
		t.Fatal("Bob undid Ann's draw")
	}
	if ok, err := ann.Undo(); !ok || err != nil || s.Now().Draws != 0 {
		t.Fatalf("Ann could not undo her own draw: %v", err)
	}
	if ok, err := ann.Redo(); !ok || err != nil || s.Now().Draws != 1 {
		t.Fatalf("Ann could not redo her own undo: %v", err)
	}
	if err := s.As(TheHost()).Rename(2, "Cyd"); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.Undo(); err == nil || s.Now().Players[2].Name != "Cyd" {
		t.Fatal("a player undid the host's rename")
	}
}

// A player whose turn still has a question may answer it, not draw for
// the next player.
func TestOpenTurnPlayerDoesNotDrawForTheNext(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	for range 300 {
		draw(t, s)
		now := s.Now()
		if FirstOpen(r.Steps(now), now.Open) != nil {
			break
		}
	}
	now := s.Now()
	if FirstOpen(r.Steps(now), now.Open) == nil {
		t.Fatal("no question in 300 draws")
	}
	drew := now.Open.Player
	a, _ := expansions.Main(r.Actions(now))
	if err := s.As(Player(drew)).Act(deck.Action{ID: a.ID}, 0); err == nil || !strings.Contains(err.Error(), "turn") {
		t.Fatalf("the player of the open turn drew for the next: %v", err)
	}
}

// A player is known by name: when the host swaps seats, Bob still plays
// Bob's turn and nobody else's.
func TestPlayerKeepsTheirTurnsAcrossSeats(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	bob := s.As(PlayerNamed("Bob"))
	if err := s.As(TheHost()).Reseat([]int{1, 0, 2}, "Ann and Bob change seats"); err != nil {
		t.Fatal(err)
	}
	if w := bob.Who(); w.Seat != 0 {
		t.Fatalf("Bob is in seat %d after the swap, want 0", w.Seat)
	}
	a, _ := expansions.Main(r.Actions(s.Now()))
	cur := s.Now().Current
	err := bob.Act(deck.Action{ID: a.ID}, 0)
	if cur == 0 && err != nil || cur != 0 && err == nil {
		t.Fatalf("turn of seat %d: Bob's draw gave %v", cur, err)
	}
	if err := s.As(TheHost()).Rename(0, "Rob"); err != nil {
		t.Fatal(err)
	}
	// Issue 37 item 8: a rename keeps Bob's screens in his seat (it made
	// them a viewer's).
	if w := bob.Who(); w.Seat != 0 {
		t.Fatalf("after the host renamed Bob, his screen is %+v; want seat 0", w)
	}
}

// Once the game has ended on the host, a change from another screen is
// refused, not lost in silence.
func TestClosedSessionRefusesChanges(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	a, _ := expansions.Main(r.Actions(s.Now()))
	if err := s.As(TheHost()).Act(deck.Action{ID: a.ID}, 0); err != ErrClosed {
		t.Fatalf("a change after Close: %v", err)
	}
}

// An action for one player that is not secret (the Rivals Duel's open set
// pick, rules/003) is theirs to do on their own screen.
func TestActionForOnePlayerIsTheirs(t *testing.T) {
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, "rivals")
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.NewGame(map[string]string{"mode": "duel"}, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Rules: r, Game: deck.NewGame(st)})
	pick, _ := expansions.Main(r.Actions(s.Now()))
	if pick.Player != 1 || pick.Private {
		t.Fatalf("the Duel's first pick: %+v", pick)
	}
	if err := s.As(PlayerNamed("Bob")).Act(deck.Action{ID: pick.ID, Values: []int{0}}, 0); err == nil {
		t.Fatal("Bob made Ann's pick")
	}
	if err := s.As(PlayerNamed("Ann")).Act(deck.Action{ID: pick.ID, Values: []int{0}}, 0); err != nil {
		t.Fatalf("Ann could not make her own pick: %v", err)
	}
	pick, _ = expansions.Main(r.Actions(s.Now()))
	if err := s.As(PlayerNamed("Bob")).Act(deck.Action{ID: pick.ID, Values: []int{0}}, 0); err != nil {
		t.Fatalf("Bob could not make his own pick: %v", err)
	}
}
