package catan

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
)

// sevenTexts are the texts a table sees about a 7 in s: the card (as the
// screen shows the turn), the question, and the step when it is skipped.
func sevenTexts(t *testing.T, r *Ruleset, s *deck.State) (card, prompt, skipped string) {
	t.Helper()
	turn, ok := r.Turn(s, -1)
	if !ok {
		t.Fatal("no turn")
	}
	q := step(t, r.Steps(s), "Over the limit").Question
	if q == nil {
		t.Fatal("no question over the limit")
	}
	c := s.Clone()
	if err := r.Answer(c, *q, deck.AnswerSkip); err != nil {
		t.Fatal(err)
	}
	return turn.Text, q.Prompt, step(t, r.Steps(c), "Discard").Text
}

// Issue 24 (1): with Cities & Knights every text about a 7 says the hand
// limits the game knows: the setting plus 2 per city wall
// (cities-and-knights.md), and "check your walls" where walls are not known.
func TestEveryTextOfASevenSaysTheLimits(t *testing.T) {
	limit9 := ckConfig()
	limit9.HandLimit = 9
	tests := []struct {
		name  string
		cfg   Config
		walls []string // by seat; "" not known
		want  string
		lacks string
	}{
		{"no C&K: the setting", edition(6), []string{"2", "", "", ""}, "more than 7 cards", "wall"},
		{"no C&K: hand limit 9", with(func(c *Config) { c.HandLimit = 9 }), nil, "more than 9 cards", "wall"},
		{"walls recorded", ckConfig(), []string{"2", "0", "0", "0"}, "more than their limit (Ann 11, others 7)", "check your walls"},
		{"walls and the setting", limit9, []string{"1", "0", "3", "0"}, "more than their limit (Ann 11, Cy 15, others 9)", "check your walls"},
		{"no walls anywhere", ckConfig(), []string{"0", "0", "0", "0"}, "more than 7 cards", "check your walls"},
		{"walls not known", ckConfig(), nil, "more than their limit (7, 2 more per city wall: check your walls)", "Ann"},
		{"some walls not known", ckConfig(), []string{"2", "", "0", ""}, "more than their limit (Ann 11, Cy 7; Bob and Dee 7, 2 more per city wall: check your walls)", "others"},
	}
	for _, tt := range tests {
		r, s := turnWith(t, tt.cfg, EventRobberAttacks, 0, four...)
		for seat, w := range tt.walls {
			s.SetFact(PlayerKey(FactWalls, seat), w)
		}
		card, prompt, skipped := sevenTexts(t, r, s)
		for what, text := range map[string]string{"card": card, "question": prompt, "skipped step": skipped} {
			if !strings.Contains(text, tt.want) || strings.Contains(text, tt.lacks) {
				t.Errorf("%s: %s %q, want %q and no %q", tt.name, what, text, tt.want, tt.lacks)
			}
		}
	}
}

// Play-test: on a player's own screen C&K asked "Do you hold more than
// their limit (7, 2 more per city wall…)?". Asked of one player it says
// "your limit", and the number when the game knows it.
func TestOwnSevenQuestionSaysYourLimit(t *testing.T) {
	limit9 := ckConfig()
	limit9.HandLimit = 9
	tests := []struct {
		name  string
		cfg   Config
		walls []string // by seat; "" not known
		want  string
	}{
		{"no C&K", edition(6), nil, "Do you hold more than 7 cards?"},
		{"walls not known", ckConfig(), nil, "Do you hold more than your limit: 7, plus 2 per city wall?"},
		{"no walls anywhere", ckConfig(), []string{"0", "0", "0", "0"}, "Do you hold more than 7 cards?"},
		{"a wall each", ckConfig(), []string{"1", "1", "1", "1"}, "Do you hold more than 9 cards?"},
		{"walls recorded", ckConfig(), []string{"2", "0", "0", "0"}, "Do you hold more than your limit: Ann 11, others 7?"},
		{"walls and the setting", limit9, []string{"1", "0", "3", "0"}, "Do you hold more than your limit: Ann 11, Cy 15, others 9?"},
		{"walls everywhere", ckConfig(), []string{"1", "2", "1", "1"}, "Do you hold more than your limit: Ann 9, Bob 11, Cy 9, Dee 9?"},
		{"some walls not known", ckConfig(), []string{"2", "", "0", ""}, "Do you hold more than your limit: Ann 11, Cy 7; Bob and Dee 7, plus 2 per city wall?"},
	}
	for _, tt := range tests {
		r, s := turnWith(t, tt.cfg, EventRobberAttacks, 0, four...)
		for seat, w := range tt.walls {
			s.SetFact(PlayerKey(FactWalls, seat), w)
		}
		q := step(t, r.Steps(s), "Over the limit").Question
		if q == nil {
			t.Fatalf("%s: no question over the limit", tt.name)
		}
		if q.Own != tt.want || strings.Contains(q.Own, "their") {
			t.Errorf("%s: own screen asks %q, want %q", tt.name, q.Own, tt.want)
		}
	}
}

// Issue 24 (5): the robber's mover takes 1 card at random from a hand,
// with C&K commodities too; with Seafarers the pirate may move instead.
// The card and the step say the same sentences.
func TestTheRobberIsSaidTheSameOnCardAndStep(t *testing.T) {
	sea := with(func(c *Config) { c.Seafarers = true })
	ckSea := ckConfig()
	ckSea.Seafarers = true
	for _, cfg := range []Config{edition(6), sea, ckConfig(), ckSea} {
		r, s := turnWith(t, cfg, EventRobberAttacks, 0, four...)
		s.Open.Marks = map[string]int{MarkAttacks: 1} // the robber is awake
		card, _, _ := sevenTexts(t, r, s)
		move := step(t, r.Steps(s), "Robber").Text
		want := []string{robberTakes}
		if cfg.Seafarers {
			want = append(want, pirateInstead)
		}
		if cfg.CitiesKnights {
			want = append(want, ckCommodities)
		}
		for _, w := range want {
			if !strings.Contains(card, w) || !strings.Contains(move, w) {
				t.Errorf("seafarers %v, C&K %v: %q missing from card %q or step %q", cfg.Seafarers, cfg.CitiesKnights, w, card, move)
			}
		}
		if strings.Contains(card+move, "1 resource") {
			t.Errorf("the robber takes a card, not a resource: %q / %q", card, move)
		}
		// rules/001: the robber never steals progress cards (issue 31).
		if safe := strings.Contains(move, "progress cards never"); safe != cfg.CitiesKnights {
			t.Errorf("C&K %v: the step says progress cards are safe: %v: %q", cfg.CitiesKnights, safe, move)
		}
		if !cfg.Seafarers && strings.Contains(card+move, "pirate") {
			t.Errorf("a pirate without Seafarers: %q / %q", card, move)
		}
	}
}

// A player who loses a city to the barbarians may lose a wall with it:
// their walls are no longer known, and the 7 says to check them.
func TestPillageForgetsWalls(t *testing.T) {
	r, s := turnWith(t, ckConfig(), EventNone, 8, four...)
	for seat, w := range []string{"1", "0", "2", "0"} {
		s.SetFact(PlayerKey(FactWalls, seat), w)
	}
	q := deck.Question{Key: AnswerWeakest, Kind: deck.AskPlayers}
	if err := r.Answer(s, q, "0,1"); err != nil {
		t.Fatal(err)
	}
	for seat, want := range []string{"", "0", "2", "0"} {
		if got := s.Facts[PlayerKey(FactWalls, seat)]; got != want {
			t.Errorf("seat %d: walls %q, want %q", seat, got, want)
		}
	}
	if got := overLimit(s, ckConfig()); !strings.Contains(got, "Ann 7, 2 more per city wall: check your walls") {
		t.Errorf("after the pillage: %q", got)
	}
}

// Issue 24 (1, 5): the reference says the 7 as the steps do, sentence for
// sentence, and has an entry for city walls and the pirate on a 7.
func TestReferenceSaysTheSevenAsTheSteps(t *testing.T) {
	entries, err := LoadReference(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	find := func(title string) deck.Entry {
		for _, e := range entries {
			if e.Title == title {
				return e
			}
		}
		t.Fatalf("no entry %q", title)
		return deck.Entry{}
	}
	robber := find("Robber Attacks").Text
	for _, w := range []string{"the player whose turn it is " + robberTakes, pirateInstead, ckCommodities, "each city wall adds 2"} {
		if !strings.Contains(robber, w) {
			t.Errorf("Robber Attacks entry lacks %q:\n%s", w, robber)
		}
	}
	if !strings.Contains(robber, "progress cards never") { // rules/001
		t.Errorf("Robber Attacks entry does not say progress cards are safe:\n%s", robber)
	}
	if strings.Contains(robber, "resource") || strings.Contains(robber, "more than 7 cards") {
		t.Errorf("Robber Attacks entry still says a resource or a fixed 7:\n%s", robber)
	}
	walls := find("Cities & Knights: city walls")
	if !walls.Matches([]string{"wall", "hand", "limit", "by 2", "check your walls"}) {
		t.Errorf("walls entry: %q", walls.Text)
	}
	if sea := find("Seafarers"); !sea.Matches([]string{"pirate", "7", "instead of the robber"}) {
		t.Errorf("Seafarers entry: %q", sea.Text)
	}
	// Explorers & Pirates' pirate ship on a 7 is ours, not the sources'
	// (issue 31): the entry says so, as the step does.
	if ep := find("Explorers & Pirates"); !strings.Contains(ep.Text, "pirate ship may be moved instead") || !strings.HasSuffix(ep.Text, reading) {
		t.Errorf("Explorers & Pirates entry: %q", ep.Text)
	}
}
