package cardgame

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
)

func players() []deck.Player { return []deck.Player{{Name: "Ann"}, {Name: "Bob"}} }

func newRuleset(t testing.TB) *Ruleset {
	t.Helper()
	r, err := New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func newGame(t testing.TB, r *Ruleset, opts map[string]string, seed uint64) *deck.State {
	t.Helper()
	s, err := r.NewGame(opts, players(), seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func config(t testing.TB, r *Ruleset, s *deck.State) *Config {
	t.Helper()
	cfg, err := r.Config(s)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// act does one action, failing the test on an error.
func act(t testing.TB, r *Ruleset, s *deck.State, id string, values ...int) {
	t.Helper()
	if err := r.Act(s, deck.Action{ID: id, Values: values}); err != nil {
		t.Fatalf("%s: %v", id, err)
	}
}

// pickAll makes both Tournament picks with choices from rng.
func pickAll(t testing.TB, r *Ruleset, s *deck.State, rng *rand.Rand) {
	t.Helper()
	for range 2 {
		if picker(s, config(t, r, s)) < 0 {
			return
		}
		specs := r.Actions(s)
		if len(specs) != 1 || specs[0].ID != ActPick || !specs[0].Private {
			t.Fatalf("want only the private pick action, got %+v", specs)
		}
		n := len(specs[0].Inputs[0].Choices)
		for {
			vals := []int{rng.IntN(n), rng.IntN(n), rng.IntN(n), rng.IntN(n)}
			if r.Act(s, deck.Action{ID: ActPick, Values: vals}) == nil {
				break
			}
		}
	}
}

// cardOf is the first card of the box with kind id.
func cardOf(t testing.TB, cfg *Config, id string) deck.Card {
	t.Helper()
	for i, sl := range cfg.Box {
		if sl.Kind.ID == id {
			return deck.Card(i)
		}
	}
	t.Fatalf("no %s in the box", id)
	return 0
}

// texts is every step as "Title: Text", one per line.
func texts(st []deck.Step) string {
	var b strings.Builder
	for _, s := range st {
		b.WriteString(s.Title + ": " + s.Text + "\n")
		if s.Question != nil {
			b.WriteString("? " + s.Question.Prompt + "\n")
		}
	}
	return b.String()
}

// turnText is everything a Turn shows in words.
func turnText(t deck.Turn) string {
	var b strings.Builder
	b.WriteString(t.Card + " " + t.Event + " " + t.Title + " " + t.Text + " " + t.RebuiltText)
	for _, f := range t.Dice {
		b.WriteString(" " + f.Label())
	}
	for _, m := range t.Marks {
		b.WriteString(" " + m.Label + " " + m.Text)
	}
	return b.String()
}
