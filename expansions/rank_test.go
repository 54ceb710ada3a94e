package expansions_test

import (
	"slices"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Issue 40 (9): at a table, the reference finds what a player there most
// likely means first: the robber's own entry, the 7, the knights, the
// Rivals event die's Trade; what the table plays before what it does not.
func TestReferenceFindsItFirst(t *testing.T) {
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	players := func(n int) []deck.Player {
		out := make([]deck.Player, n)
		for i := range out {
			out[i] = deck.Player{Name: string(rune('A' + i))}
		}
		return out
	}
	for _, c := range []struct {
		game  string
		opts  map[string]string
		words []string
		top   int // the entry is among the first top
		want  string
		not   string // nor before it
	}{
		{"catan", nil, []string{"robber"}, 1, "Robber Attacks", "Robber Flees"},
		{"catan", nil, []string{"seven"}, 1, "Over the limit (a 7)", "Seafarers"},
		{"catan", nil, []string{"7"}, 1, "Over the limit (a 7)", "Seafarers"},
		{"catan", nil, []string{"knight"}, 1, "Knights", "Cities & Knights: Alchemy"},
		{"catan", map[string]string{"cities-knights": "on"}, []string{"knight"}, 1, "Knights", "Cities & Knights: Alchemy"},
		{"catan", map[string]string{"seafarers": "on"}, []string{"pirate"}, 1, "Seafarers", ""},
		// No C&K at the table: its barbarians are the scenarios'; with C&K, the track's.
		{"catan", nil, []string{"barbarians"}, 1, "Traders & Barbarians scenarios (notes)", ""},
		{"catan", map[string]string{"cities-knights": "on"}, []string{"barbarians"}, 1, "Cities & Knights: barbarians", ""},
		{"rivals", nil, []string{"trade"}, 3, "Event die", "Trade Ships Race (Basic Set)"},
		{"rivals", map[string]string{"set": "gold"}, []string{"trade"}, 3, "Event die", ""},
		{"rivals", map[string]string{"set": "prosperity"}, []string{"mercenaries"}, 1, "Event die", ""},
		{"rivals", map[string]string{"set": "sages"}, []string{"foresight"}, 1, "Looking into the stack", ""},
		{"card-game", nil, []string{"knight"}, 1, "Knight token", ""},
	} {
		r, err := expansions.Find(rulesets, c.game)
		if err != nil {
			t.Fatal(err)
		}
		lo, _ := r.Players()
		s, err := r.NewGame(c.opts, players(max(lo, 3)), 1)
		if err != nil {
			s, err = r.NewGame(c.opts, players(lo), 1)
		}
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, e := range deck.RankIn(r.Reference(), c.words, expansions.TableOf(r, s)) {
			titles = append(titles, e.Title)
		}
		i := slices.Index(titles, c.want)
		if i < 0 || i >= c.top {
			t.Errorf("%s %v %v: %q, want %q in the first %d", c.game, c.opts, c.words, titles, c.want, c.top)
		}
		if j := slices.Index(titles, c.not); c.not != "" && j >= 0 && j < i {
			t.Errorf("%s %v %v: %q before %q", c.game, c.opts, c.words, c.not, c.want)
		}
	}
}
