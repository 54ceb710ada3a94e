package custom_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/cardgame"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// library reads the example file from a copy in a temporary folder, and
// returns the library and the copy's path.
func library(t *testing.T) (*custom.Library, string) {
	t.Helper()
	data, err := os.ReadFile(ExampleFile)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "house.toml")
	must(t, os.WriteFile(path, data, 0o600))
	lib := custom.Load(dir, nil, tables(t))
	if len(lib.Files) != 1 {
		t.Fatalf("library: %v", lib.Skipped)
	}
	return lib, path
}

func players(names ...string) []deck.Player {
	out := make([]deck.Player, len(names))
	for i, n := range names {
		out[i] = deck.Player{Name: n}
	}
	return out
}

// TestSavedGameResumesWithoutTheFile: a game keeps a copy of its cards;
// encoded, the file deleted, decoded and checked, it plays on the same.
func TestSavedGameResumesWithoutTheFile(t *testing.T) {
	lib, path := library(t)
	base, err := catan.New(assets.FS())
	must(t, err)
	r := base.WithCards(lib)
	s, err := r.NewGame(map[string]string{}, players("Ann", "Bob", "Cy"), 42)
	must(t, err)
	g := deck.NewGame(s)
	draw := func(g *deck.Game) deck.Turn {
		t.Helper()
		must(t, g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err }))
		turn, _ := r.Turn(g.Now, -1)
		return turn
	}
	for range 10 {
		draw(g)
	}
	data, err := deck.Encode(g)
	must(t, err)
	must(t, os.Remove(path))
	loaded, err := deck.Decode(data)
	must(t, err)
	plain := base // no library at all: the game needs only its save
	must(t, plain.Validate(loaded.Now))
	house := 0
	for i := range 40 {
		want := draw(g)
		must(t, loaded.Do(func(s *deck.State) error { _, err := plain.Draw(s); return err }))
		got, _ := plain.Turn(loaded.Now, -1)
		if got.Event != want.Event || got.Title != want.Title || got.Number != want.Number {
			t.Fatalf("turn %d after resuming: %s %q, want %s %q", i+11, got.Event, got.Title, want.Event, want.Title)
		}
		if _, ok := custom.Find(lib.Cards("catan"), got.Event); ok {
			house++
			if st := plain.Steps(loaded.Now); len(st) == 0 {
				t.Errorf("no steps for %s", got.Event)
			}
		}
	}
	if house == 0 {
		t.Error("no house card drawn in 40 turns after resuming")
	}
}

// TestHouseCardStepsNamePlayers: the walkthrough asks its question, then
// names the player the table chose and addresses them.
func TestHouseCardStepsNamePlayers(t *testing.T) {
	lib, _ := library(t)
	base, err := catan.New(assets.FS())
	must(t, err)
	r := base.WithCards(lib)
	s, err := r.NewGame(nil, players("Ann", "Bob", "Cy"), 1)
	must(t, err)
	for range 80 {
		turn, err := r.Draw(s)
		must(t, err)
		if turn.Event != "market-day" {
			continue
		}
		steps := r.Steps(s)
		i := slices.IndexFunc(steps, func(st deck.Step) bool {
			return st.Question != nil && strings.HasPrefix(st.Question.Key, custom.KeyPrefix)
		})
		if i < 0 {
			t.Fatalf("no house question in %v", steps)
		}
		must(t, r.Answer(s, *steps[i].Question, "1"))
		steps = r.Steps(s)
		next := steps[i+1]
		if next.Text != "Bob may trade 2:1 once with the bank this turn." || !slices.Equal(next.Players, []int{1}) {
			t.Errorf("after the answer: %+v", next)
		}
		return
	}
	t.Fatal("market day never drawn")
}

// TestTournamentPickOffersHouseCards: a card that joins the Tournament
// picks is among the choices of the secret pick, and can be picked.
func TestTournamentPickOffersHouseCards(t *testing.T) {
	lib, _ := library(t)
	base, err := cardgame.New(assets.FS())
	must(t, err)
	r := base.WithCards(lib)
	s, err := r.NewGame(map[string]string{cardgame.OptMode: cardgame.ModeTournament}, players("Ann", "Bob"), 3)
	must(t, err)
	acts := r.Actions(s)
	if len(acts) != 1 || acts[0].ID != cardgame.ActPick {
		t.Fatalf("actions %v", acts)
	}
	choices := acts[0].Inputs[0].Choices
	wedding := slices.IndexFunc(choices, func(c string) bool { return strings.HasPrefix(c, "Royal Wedding") })
	dragon := slices.IndexFunc(choices, func(c string) bool { return strings.HasPrefix(c, "Dragon Sighting") })
	if wedding < 0 || dragon < 0 {
		t.Fatalf("choices %q lack the house cards", choices)
	}
	must(t, r.Act(s, deck.Action{ID: cardgame.ActPick, Values: []int{wedding, dragon, dragon, 0}}))
	cfg, err := r.Config(s)
	must(t, err)
	n := 0
	for _, c := range s.Deck.Draw {
		if id := cfg.Box[c].Kind.ID; id == "royal-wedding" || id == "dragon-sighting" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d house cards in the deck after the pick, want 3", n)
	}
	must(t, r.Validate(s))
}
