package readout

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// table is a session of game for Ann, Bob and Cy (two for the Card Game).
func table(t *testing.T, game string, opts map[string]string, players ...string) *session.Session {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, game)
	if err != nil {
		t.Fatal(err)
	}
	var ps []deck.Player
	for _, p := range players {
		ps = append(ps, deck.Player{Name: p})
	}
	st, err := r.NewGame(opts, ps, 7)
	if err != nil {
		t.Fatal(err)
	}
	return session.New(session.Options{Rules: r, Game: deck.NewGame(st)})
}

// drawUntil walks and draws as the host until want holds of the state.
func drawUntil(t *testing.T, s *session.Session, want func(Readout) bool) {
	t.Helper()
	host := s.As(session.TheHost())
	for range 400 {
		if want(Of(host)) {
			return
		}
		st := s.Now()
		if q := session.FirstOpen(s.Rules().Steps(st), st.Open); q != nil {
			if err := s.As(session.TheHost()).Answer(*q, deck.AnswerSkip); err != nil {
				t.Fatal(err)
			}
			continue
		}
		a, _ := expansions.Main(s.Rules().Actions(st))
		if err := s.As(session.TheHost()).Act(deck.Action{ID: a.ID}, len(s.Rules().Steps(st))); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("never came")
}

func raw(t *testing.T, r Readout) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Before the first turn: the first player draws; the others and a viewer
// may not; each reads who they are.
func TestBeforeTheFirstTurnEachRole(t *testing.T) {
	s := table(t, "catan", nil, "Ann", "Bob", "Cy")
	ann, bob, viewer := Of(s.As(session.PlayerNamed("Ann"))), Of(s.As(session.PlayerNamed("Bob"))), Of(s.As(session.Viewer()))
	if ann.You != "You play Ann." || bob.You != "You play Bob." || viewer.You != "You watch this game." {
		t.Fatalf("you: %q %q %q", ann.You, bob.You, viewer.You)
	}
	if ann.May.Draw == nil || ann.May.Draw.Label == "" {
		t.Errorf("Ann starts but may not draw: %+v", ann.May)
	}
	if bob.May.Draw != nil || viewer.May.Draw != nil {
		t.Errorf("Bob or a viewer may draw on Ann's turn: %+v %+v", bob.May, viewer.May)
	}
	if ann.First == nil || ann.First.Name != "Ann" || ann.Turn != nil {
		t.Errorf("first: %+v, turn %+v", ann.First, ann.Turn)
	}
	if !ann.Players[0].You || bob.Players[0].You {
		t.Errorf("players: %+v", ann.Players)
	}
}

// A 7: each player is asked their own question, in the rules' words;
// the viewer and the host read the table's question; once Ann answers,
// everyone reads what she said, and her own readout says it.
func TestOwnQuestionPerRole(t *testing.T) {
	s := table(t, "catan", nil, "Ann", "Bob", "Cy")
	drawUntil(t, s, func(r Readout) bool { return r.Ask != nil && strings.Contains(r.Ask.Prompt, "more than 7") })
	ann := s.As(session.PlayerNamed("Ann"))
	r := Of(ann)
	if r.Own == nil || r.Own.Prompt != "Do you hold more than 7 cards?" || r.Ask != nil {
		t.Fatalf("Ann's own question: %+v, ask %+v", r.Own, r.Ask)
	}
	v := Of(s.As(session.Viewer()))
	if v.Own != nil || v.Ask == nil || v.May.Answer || v.May.Undo {
		t.Fatalf("viewer: own %+v ask %+v may %+v", v.Own, v.Ask, v.May)
	}
	if h := Of(s.As(session.TheHost())); h.Own != nil || !h.May.Answer {
		t.Fatalf("host: own %+v may %+v", h.Own, h.May)
	}
	q := session.FirstOpen(s.Rules().Steps(s.Now()), s.Now().Open)
	if err := ann.AnswerOwn(*q, true); err != nil {
		t.Fatal(err)
	}
	if r := Of(ann); r.Own == nil || r.Own.Said != "yes" || !strings.Contains(r.Own.Waiting, "Bob") {
		t.Fatalf("after Ann's answer: %+v", r.Own)
	}
	if b := Of(s.As(session.PlayerNamed("Bob"))); b.Said != "Said on their own screens: Ann yes" || b.Own.Answered != "Ann" {
		t.Fatalf("Bob reads %q, %+v", b.Said, b.Own)
	}
	open := 0
	for _, st := range r.Turn.Steps {
		if st.State == "open" {
			open++
		}
	}
	if open != 1 || r.Turn.Number != 7 || !strings.Contains(r.Turn.Announcement, "7") {
		t.Fatalf("turn: %+v", r.Turn)
	}
}

// A player's undo is theirs alone: after Ann's draw, Ann may undo, Bob not.
func TestUndoIsTheDrawersOwn(t *testing.T) {
	s := table(t, "catan", nil, "Ann", "Bob", "Cy")
	ann := s.As(session.PlayerNamed("Ann"))
	a := Of(ann).May.Draw
	if err := ann.Act(deck.Action{ID: a.ID}, 0); err != nil {
		t.Fatal(err)
	}
	if !Of(ann).May.Undo || Of(s.As(session.PlayerNamed("Bob"))).May.Undo {
		t.Fatal("undo is not Ann's alone")
	}
	if r := Of(ann); r.TurnOf == nil || r.TurnOf.Name != "Ann" || r.Next == nil || r.Next.Name != "Bob" || len(r.Turn.Dice) == 0 {
		t.Fatalf("turn: %+v next %+v", r.TurnOf, r.Next)
	}
}

// The Card Game's Tournament picks: Bob's are in his readout only, with
// their choices only while he has them open; never in Ann's, a viewer's,
// or the host's.
func TestPrivatePickOnlyInItsPlayersReadout(t *testing.T) {
	s := table(t, "card-game", map[string]string{"mode": "tournament"}, "Ann", "Bob")
	bob := s.As(session.PlayerNamed("Bob"))
	annH := s.As(session.PlayerNamed("Ann"))
	s.Attach(func() {})()
	detach := s.AttachAs(session.PlayerNamed("Bob"), func() {})
	defer detach()
	if r := Of(annH); len(r.Private) != 1 || r.Private[0].Open {
		t.Fatalf("Ann's own picks: %+v", r.Private)
	}
	if r := Of(bob); len(r.Private) != 0 {
		t.Fatalf("Bob is offered picks on Ann's turn to pick: %+v", r.Private)
	}
	pick := func(h *session.Hand) {
		t.Helper()
		for _, a := range s.Rules().Actions(s.Now()) {
			if a.Private && session.PrivateSeat(s.Now(), a) == h.Who().Seat {
				if err := h.ActOn(a, deck.Action{ID: a.ID, Values: []int{0, 1, 2, 3}}, 0); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatal("no pick")
	}
	pick(annH)
	r := Of(bob)
	if len(r.Private) != 1 || r.Private[0].Open || len(r.Private[0].Inputs) != 0 {
		t.Fatalf("Bob's picks before he opens them: %+v", r.Private)
	}
	bob.Looking(r.Private[0].ID)
	r = Of(bob)
	if !r.Private[0].Open || len(r.Private[0].Inputs) != 4 || !strings.HasPrefix(r.Private[0].Inputs[0].Prompt, "Bob:") {
		t.Fatalf("Bob's open picks: %+v", r.Private)
	}
	for who, h := range map[string]*session.Hand{"Ann": annH, "a viewer": s.As(session.Viewer()), "the host": s.As(session.TheHost())} {
		out := raw(t, Of(h))
		if strings.Contains(out, "Bob: event card") || strings.Contains(out, `"inputs"`) {
			t.Errorf("%s's readout holds Bob's picks: %s", who, out)
		}
		if !strings.Contains(out, "Bob is looking on their own screen") {
			t.Errorf("%s is not told Bob is picking: %s", who, out)
		}
	}
}

// The host ending the game: every reader reads it, and may do nothing.
func TestEndedForEveryone(t *testing.T) {
	s := table(t, "catan", nil, "Ann", "Bob", "Cy")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, w := range []session.Who{session.PlayerNamed("Ann"), session.Viewer()} {
		r := Of(s.As(w))
		if r.Ended != Ended || r.May.Draw != nil {
			t.Errorf("%+v reads %q, may %+v", w, r.Ended, r.May)
		}
	}
}

// Rivals' looks into the stack (the Era of Sages in play): offered to the
// player whose turn it is, once they have rolled (before the first roll
// they are not now), the stack's order only once they open one, and
// nothing of it in the other player's or a viewer's readout.
func TestLookIntoTheStackOnlyForItsPlayer(t *testing.T) {
	s := table(t, "rivals", map[string]string{"set": "sages"}, "Ann", "Bob")
	ann, bob := s.As(session.PlayerNamed("Ann")), s.As(session.PlayerNamed("Bob"))
	detach := s.AttachAs(session.PlayerNamed("Ann"), func() {})
	defer detach()
	if r := Of(ann); slices.ContainsFunc(r.Private, func(p Private) bool { return p.ID == "great-foresight" }) {
		t.Fatalf("Ann's looks before the first roll: %+v", r.Private)
	}
	if err := ann.Act(deck.Action{ID: "roll"}, 0); err != nil {
		t.Fatal(err)
	}
	r := Of(ann)
	var look *Private
	for i := range r.Private {
		if r.Private[i].ID == "great-foresight" {
			look = &r.Private[i]
		}
	}
	if look == nil || look.Open || len(look.Inputs) != 0 || look.Main {
		t.Fatalf("Ann's looks before she opens one: %+v", r.Private)
	}
	ann.Looking(look.ID)
	r = Of(ann)
	stack := ""
	for _, p := range r.Private {
		if p.ID == "great-foresight" && p.Open && len(p.Inputs) == 1 {
			stack = strings.Join(p.Inputs[0].Choices, "\x00")
		}
	}
	if stack == "" {
		t.Fatalf("Ann's open look: %+v", r.Private)
	}
	for who, h := range map[string]*session.Hand{"Bob": bob, "a viewer": s.As(session.Viewer())} {
		r := Of(h)
		if len(r.Private) != 0 || strings.Contains(raw(t, r), "The stack") {
			t.Errorf("%s's readout holds Ann's look: %s", who, raw(t, r))
		}
		if len(r.Lookers) != 1 || !strings.HasPrefix(r.Lookers[0], "Ann is looking") {
			t.Errorf("%s is not told Ann is looking: %v", who, r.Lookers)
		}
	}
}
