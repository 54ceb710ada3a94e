package cardgame

import (
	"testing"
)

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
