package expansions_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
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

// The header names the game in every Rivals Theme Game and Card Game
// Expanded game, and with its progress fits 80 columns after "eventdeck · "
// (issue 30: "eventdeck · goal 12 · Theme Game: Era of Prosperity").
func TestHeadersNameTheGame(t *testing.T) {
	all, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	var games []guardGame
	for _, gg := range guardGames() {
		if gg.opts[rivals.OptMode] == rivals.ModeTheme || gg.opts[cardgame.OptMode] == cardgame.ModeExpanded {
			games = append(games, gg)
		}
	}
	if len(games) != len(rivals.ThemeSets())+len(cardgame.Themes()) {
		t.Fatalf("%d games", len(games))
	}
	players := []deck.Player{{Name: "Ann"}, {Name: "Bob"}}
	for _, gg := range games {
		r, _ := expansions.Find(all, gg.id)
		s, err := r.NewGame(gg.opts, players, 1)
		if err != nil {
			t.Fatal(err)
		}
		desc := r.(expansions.Describer).Describe(s)
		named := map[string]string{rivals.ID: "Rivals", cardgame.ID: "Card Game"}[gg.id]
		// The header keeps whole parts from the front: those up to the
		// one naming the game, with its set or theme, must fit.
		parts := strings.Split(desc, " · ")
		n := slices.IndexFunc(parts, func(p string) bool { return strings.Contains(p, named) })
		if n < 0 || !strings.Contains(parts[n], ":") {
			t.Errorf("%v: %q does not name the game and its set", gg.opts, desc)
			continue
		}
		head := "eventdeck · " + strings.Join(parts[:n+1], " · ") + "  " + r.(expansions.Progresser).Progress(s)
		if w := utf8.RuneCountInString(head); w > 80 {
			t.Errorf("%v: %q is %d wide", gg.opts, head, w)
		}
	}
}
