package expansions_test

import (
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/cardgame"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// Each game meets the core and the optional interfaces it is meant to.
var (
	_ expansions.Ruleset       = (*catan.Ruleset)(nil)
	_ expansions.Describer     = (*catan.Ruleset)(nil)
	_ expansions.FactKeeper    = (*catan.Ruleset)(nil)
	_ expansions.TrackerKeeper = (*catan.Ruleset)(nil)
	_ expansions.Progresser    = (*catan.Ruleset)(nil)
	_ expansions.CardCounter   = (*catan.Ruleset)(nil)
	_ expansions.Distribution  = (*catan.Ruleset)(nil)

	_ expansions.Ruleset      = (*rivals.Ruleset)(nil)
	_ expansions.Describer    = (*rivals.Ruleset)(nil)
	_ expansions.FactKeeper   = (*rivals.Ruleset)(nil)
	_ expansions.Progresser   = (*rivals.Ruleset)(nil)
	_ expansions.Distribution = (*rivals.Ruleset)(nil)

	_ expansions.Ruleset      = (*cardgame.Ruleset)(nil)
	_ expansions.Describer    = (*cardgame.Ruleset)(nil)
	_ expansions.FactKeeper   = (*cardgame.Ruleset)(nil)
	_ expansions.Progresser   = (*cardgame.Ruleset)(nil)
	_ expansions.Distribution = (*cardgame.Ruleset)(nil)
)

// The registry holds every game once, each a fresh game that can take its
// first turn with its fewest players.
func TestEveryGameStarts(t *testing.T) {
	all, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range all {
		if seen[r.ID()] {
			t.Fatalf("%s twice", r.ID())
		}
		seen[r.ID()] = true
		if _, err := expansions.Find(all, r.ID()); err != nil {
			t.Fatal(err)
		}
		if len(r.Reference()) == 0 {
			t.Errorf("%s has no reference", r.ID())
		}
	}
	for _, id := range []string{"catan", "rivals", "card-game"} {
		if !seen[id] {
			t.Errorf("%s is not offered", id)
		}
	}
	if _, err := expansions.Find(all, "chess"); err == nil {
		t.Fatal("found a game that is not there")
	}
}

// A game with no deck a card counter can follow is no CardCounter: the
// table then shows no count-aid line for it, rather than an empty one.
func TestOnlyCountableDecksAreCounted(t *testing.T) {
	all, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		_, counts := r.(expansions.CardCounter)
		if want := r.ID() == catan.ID; counts != want {
			t.Errorf("%s: CardCounter %v, want %v", r.ID(), counts, want)
		}
		if _, ok := r.(expansions.Progresser); !ok {
			t.Errorf("%s says nothing of its deck's progress", r.ID())
		}
	}
}
