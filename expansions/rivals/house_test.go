package rivals

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// houseFile has a card for the Basic Set's stack and one for the Era of
// Gold's, with a question.
const houseFile = `
[[card]]
id = "town-fair"
game = "rivals"
title = "Town Fair"
text = "Both players take 1 wool."
stack = "basic"

[[card]]
id = "gold-rush"
game = "rivals"
title = "Gold Rush"
text = "More gold fields takes 1 gold."
stack = "gold"
copies = 2

  [[card.step]]
  text = "Prospectors crowd the hills."
  ask = "player"
  prompt = "Who has more gold fields?"

  [[card.step]]
  text = "{answer} takes 1 gold; {player} rolled."
`

// houseLibrary writes houseFile to a temporary folder and loads it; it
// returns the library and the file's path.
func houseLibrary(t *testing.T, r *Ruleset) (*custom.Library, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "house.toml")
	if err := os.WriteFile(path, []byte(houseFile), 0o600); err != nil {
		t.Fatal(err)
	}
	lib := custom.Load(dir, nil, []custom.Table{r.CardTable()})
	if len(lib.Files) != 1 || len(lib.Cards(ID)) != 2 {
		t.Fatalf("library: %v", lib.Warning())
	}
	return lib, path
}

// count is how many cards with event the stack holds.
func count(r *Ruleset, s *deck.State, event string) int {
	cards := r.tableOf(s)
	n := 0
	for _, id := range s.Deck.Draw {
		if cards[id].Event == event {
			n++
		}
	}
	return n
}

// TestHouseCardsJoinTheirStack: a Basic Set card is in every game; a theme
// set's in its Theme Game and in a Duel with the set, nowhere else; each
// copy once, after the build and after every Yule rebuild, Yule still 4th
// from the bottom.
func TestHouseCardsJoinTheirStack(t *testing.T) {
	base := load(t)
	lib, _ := houseLibrary(t, base)
	r := base.WithCards(lib)
	cases := []struct {
		opts map[string]string
		gold int
	}{
		{map[string]string{}, 0},
		{map[string]string{OptSet: "gold"}, 2},
		{map[string]string{OptSet: "turmoil"}, 0},
		{map[string]string{OptSets: "gold,sages,explorers"}, 2},
		{map[string]string{OptSets: "turmoil,sages,explorers"}, 0},
		{map[string]string{OptSets: "gold,sages", OptByLot: "on"}, 2},
	}
	for _, tc := range cases {
		for seed := uint64(1); seed <= 10; seed++ {
			s := game(t, r, tc.opts, seed)
			if got := yuleAt(r, s.Deck); got != YuleFromBottom {
				t.Fatalf("%v seed %d: Yule %d-th from the bottom after the build", tc.opts, seed, got)
			}
			rebuilds := 0
			for i := range 60 {
				if fair, gold := count(r, s, "town-fair"), count(r, s, "gold-rush"); fair != 1 || gold != tc.gold {
					t.Fatalf("%v seed %d draw %d: %d town-fair, %d gold-rush; want 1 and %d", tc.opts, seed, i, fair, gold, tc.gold)
				}
				rec := rollCard(t, r, s)
				if err := r.Validate(s); err != nil {
					t.Fatalf("%v seed %d: %v", tc.opts, seed, err)
				}
				if !rec.Rebuilt {
					continue
				}
				rebuilds++
				// The card drawn after the rebuild went back: to the bottom
				// (Yule now 5th) or under the top 4 (Yule still 4th).
				want := YuleFromBottom + 1
				if r.tableOf(s)[rec.Card].ReturnsUnderTop() {
					want = YuleFromBottom
				}
				if got := yuleAt(r, s.Deck); got != want {
					t.Fatalf("%v seed %d: Yule %d-th from the bottom after a rebuild, want %d", tc.opts, seed, got, want)
				}
			}
			if rebuilds == 0 {
				t.Errorf("%v seed %d: no Yule in 60 draws", tc.opts, seed)
			}
		}
	}
}

// TestDuelCountsHouseCardsWithoutHalfMoon: the table's cards are always
// in a Duel, and the fill to 12 draws that many fewer half-moon cards.
func TestDuelCountsHouseCardsWithoutHalfMoon(t *testing.T) {
	base := load(t)
	lib, _ := houseLibrary(t, base)
	r := base.WithCards(lib)
	s := game(t, r, map[string]string{OptSets: "gold,sages,explorers"}, 4)
	plain := game(t, base, map[string]string{OptSets: "gold,sages,explorers"}, 4)
	if plainKept(base)+3 > DuelStack {
		t.Fatal("the test wants room under 12 for the house cards")
	}
	moons := func(r *Ruleset, s *deck.State) int {
		n := 0
		for _, id := range s.Deck.Draw {
			if r.tableOf(s)[id].HalfMoon {
				n++
			}
		}
		return n
	}
	if s.Deck.Len() != DuelStack || plain.Deck.Len() != DuelStack || moons(base, plain)-moons(r, s) != 3 {
		t.Errorf("Duel stacks of %d and %d (plain), %d and %d half moons", s.Deck.Len(), plain.Deck.Len(), moons(r, s), moons(base, plain))
	}
}

// plainKept is how many cards without a half moon a gold, sages and
// explorers Duel keeps.
func plainKept(r *Ruleset) int {
	n := 0
	for _, id := range inSets(r.cards(), []string{"gold", "sages", "explorers"}) {
		if !r.cards()[id].HalfMoon {
			n++
		}
	}
	return n
}

// TestHouseCardWalksItsSteps: drawn, the card asks its question, then
// names the answer and the roller, and goes to the bottom.
func TestHouseCardWalksItsSteps(t *testing.T) {
	base := load(t)
	lib, _ := houseLibrary(t, base)
	r := base.WithCards(lib)
	s := game(t, r, map[string]string{OptSet: "gold"}, 11)
	cards := r.tableOf(s)
	i := slices.IndexFunc(s.Deck.Draw, func(c deck.Card) bool { return cards[c].Event == "gold-rush" })
	c := s.Deck.Draw[i]
	s.Deck.Draw = append(slices.Delete(s.Deck.Draw, i, i+1), c)
	rec := rollCard(t, r, s)
	if rec.Card != c || s.Deck.Draw[0] != c {
		t.Fatalf("drew card %d, bottom %d; want %d on both", rec.Card, s.Deck.Draw[0], c)
	}
	turn, _ := r.Turn(s, -1)
	if turn.Card != "gold-rush" || turn.Title != "Gold Rush" {
		t.Errorf("turn names %q %q", turn.Card, turn.Title)
	}
	st := r.Steps(s)
	q := slices.IndexFunc(st, func(x deck.Step) bool {
		return x.Question != nil && strings.HasPrefix(x.Question.Key, custom.KeyPrefix)
	})
	if q < 0 {
		t.Fatalf("no question:\n%s", stepsText(st))
	}
	if err := r.Answer(s, *st[q].Question, "1"); err != nil {
		t.Fatal(err)
	}
	st = r.Steps(s)
	if got := st[q+1]; got.Text != "Bob takes 1 gold; Ann rolled." || !slices.Equal(got.Players, []int{1}) {
		t.Errorf("after the answer: %+v", got)
	}
}

// TestSavedHouseGameResumesWithoutTheFile: encoded, the file deleted,
// decoded and checked by a ruleset with no card files, the game plays on
// exactly as the original.
func TestSavedHouseGameResumesWithoutTheFile(t *testing.T) {
	base := load(t)
	lib, path := houseLibrary(t, base)
	r := base.WithCards(lib)
	for _, opts := range []map[string]string{{OptSet: "gold"}, {OptSets: "gold,barbarians,prosperity"}} {
		g := deck.NewGame(game(t, r, opts, 9))
		roll := func(g *deck.Game, r *Ruleset) (deck.Turn, string) {
			t.Helper()
			if err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll}) }); err != nil {
				t.Fatal(err)
			}
			turn, _ := r.Turn(g.Now, -1)
			return turn, stepsText(r.Steps(g.Now))
		}
		for range 15 {
			roll(g, r)
		}
		data, err := deck.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		loaded, err := deck.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if err := base.Validate(loaded.Now); err != nil {
			t.Fatalf("%v: resumed game does not validate: %v", opts, err)
		}
		house := 0
		for i := range 80 {
			want, wantSteps := roll(g, r)
			got, gotSteps := roll(loaded, base)
			if got.Card != want.Card || got.Title != want.Title || got.Number != want.Number || gotSteps != wantSteps {
				t.Fatalf("%v turn %d after resuming: %s %q, want %s %q", opts, i+16, got.Card, got.Title, want.Card, want.Title)
			}
			if got.Card == "gold-rush" || got.Card == "town-fair" {
				house++
			}
		}
		if house == 0 {
			t.Errorf("%v: no house card drawn in 80 turns after resuming", opts)
		}
		delete(loaded.Now.Options, custom.OptSaved)
		loaded.Now.SetOption(OptSet, loaded.Now.Options[OptSet]) // read the options again
		if opts[OptSet] == "" {
			delete(loaded.Now.Options, OptSet)
		}
		if err := base.Validate(loaded.Now); err == nil {
			t.Errorf("%v: a stack with house cards validates without their copy", opts)
		}
	}
}

func TestCardTableListsPrintedCards(t *testing.T) {
	r := load(t)
	tb := r.CardTable()
	if tb.Game != ID || tb.Numbers != nil || !slices.Contains(tb.Stacks, Basic) || !slices.Contains(tb.Stacks, "prosperity") {
		t.Fatalf("table %+v", tb)
	}
	i := slices.IndexFunc(tb.Printed, func(p custom.Printed) bool { return p.ID == Yule })
	if i < 0 || tb.Printed[i].Where != "Basic Set ×1" {
		t.Errorf("Yule listed as %+v", tb.Printed)
	}
	_, errs := custom.Parse("f.toml", []byte("[[card]]\nid = \"yule\"\ntitle = \"Y\"\ntext = \"y\"\ngame = \"rivals\"\nstack = \"basic\"\n"), []custom.Table{tb})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "f.toml:2:1: id \"yule\" is a printed card") {
		t.Errorf("a printed id: %v", errs)
	}
}

// TestHouseCardTwiceInATurnAsksTwice: the same card drawn by the event die
// and by the Island of the Forgotten Tribe asks its question for each.
func TestHouseCardTwiceInATurnAsksTwice(t *testing.T) {
	base := load(t)
	lib, _ := houseLibrary(t, base)
	r := base.WithCards(lib)
	s := game(t, r, map[string]string{OptSet: "gold"}, 5)
	cards := r.tableOf(s)
	for range 2 { // both copies on top
		i := slices.IndexFunc(s.Deck.Draw[:s.Deck.Len()-1], func(c deck.Card) bool { return cards[c].Event == "gold-rush" })
		if i < 0 {
			i = s.Deck.Len() - 1
		}
		c := s.Deck.Draw[i]
		s.Deck.Draw = append(slices.Delete(s.Deck.Draw, i, i+1), c)
	}
	if rec := rollCard(t, r, s); cards[rec.Card].Event != "gold-rush" {
		t.Fatalf("drew %s", cards[rec.Card].Event)
	}
	for range 200 {
		if err := r.Act(s, deck.Action{ID: ActIsland}); err != nil {
			t.Fatal(err)
		}
		if cs := checks(*s.Open); cs[len(cs)-1].Card >= 0 {
			break
		}
	}
	var keys []string
	for _, st := range r.Steps(s) {
		if st.Question != nil && strings.HasPrefix(st.Question.Key, custom.KeyPrefix) {
			keys = append(keys, st.Question.Key)
		}
	}
	if len(keys) != 2 || keys[0] == keys[1] {
		t.Errorf("house questions %q, want two of their own", keys)
	}
}
