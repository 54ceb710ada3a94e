package cardgame

import (
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// ruleset mirrors expansions.Ruleset and the optional interfaces this game
// implements; expansions cannot be imported here while the rest of the tree
// moves to the new seam, so a copy keeps the method set honest.
type ruleset interface {
	ID() string
	Name() string
	Players() (min, max int)
	Options() []deck.Option
	NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error)
	Validate(s *deck.State) error
	Actions(s *deck.State) []deck.ActionSpec
	Act(s *deck.State, a deck.Action) error
	Turn(s *deck.State, i int) (deck.Turn, bool)
	Steps(s *deck.State) []deck.Step
	Answer(s *deck.State, q deck.Question, value string) error
	Reference() []deck.Entry
	Describe(s *deck.State) string
	Facts(s *deck.State) []deck.Question
	SetFact(s *deck.State, q deck.Question, value string) error
	Odds(s *deck.State) []deck.Odds
}

var _ ruleset = (*Ruleset)(nil)

func TestIdentity(t *testing.T) {
	r := newRuleset(t)
	if lo, hi := r.Players(); r.ID() != "card-game" || r.Name() != "The Catan Card Game" || lo != 2 || hi != 2 {
		t.Fatalf("%s %q %d-%d", r.ID(), r.Name(), lo, hi)
	}
	s := newGame(t, r, nil, 1)
	if _, ok := r.Turn(s, -1); ok {
		t.Fatal("a turn before the first roll")
	}
	if got := r.Actions(s); len(got) != 1 || !got[0].Main || got[0].Key != "" {
		t.Fatalf("actions %+v", got)
	}
}
