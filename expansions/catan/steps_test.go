package catan

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// turnWith returns a state whose open turn is a card with event and number
// (number 0: any), drawn by seat 0 of players, under cfg.
func turnWith(t *testing.T, cfg Config, event string, number int, names ...string) (*Ruleset, *deck.State) {
	t.Helper()
	r := newRuleset(t)
	var ps []deck.Player
	for _, n := range names {
		ps = append(ps, deck.Player{Name: n})
	}
	s, err := r.newGame(cfg, ps, 1)
	if err != nil {
		t.Fatal(err)
	}
	for id := range NumberedCards {
		c := r.Card(deck.Card(id))
		if c.Event == event && (number == 0 || c.Number == number) {
			s.StartTurn(deck.Record{Draw: 1, Year: 1, Player: 0, Card: deck.Card(id)})
			return r, s
		}
	}
	t.Fatalf("no card with %s on %d", event, number)
	return nil, nil
}

// answer answers the questions with the given keys, in order.
func answer(t *testing.T, r *Ruleset, s *deck.State, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		var q *deck.Question
		for _, st := range r.Steps(s) {
			if st.Question != nil && st.Question.Key == kv[i] {
				q = st.Question
			}
		}
		if q == nil {
			t.Fatalf("no question %q in %s", kv[i], titles(r.Steps(s)))
		}
		if err := r.Answer(s, *q, kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
}

func titles(steps []deck.Step) string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Title)
	}
	return strings.Join(out, " | ")
}

func texts(steps []deck.Step) string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Title+": "+s.Text)
	}
	return strings.Join(out, "\n")
}

var four = []string{"Ann", "Bob", "Cy", "Dee"}

func edition(n int) Config { c := DefaultConfig(); c.Edition = n; return c }

func TestSteps(t *testing.T) {
	sea := DefaultConfig()
	sea.Seafarers = true
	ep := DefaultConfig()
	ep.Explorers = true
	off := DefaultConfig()
	off.Flees = FleesOff
	limit9 := DefaultConfig()
	limit9.HandLimit = 9
	tests := []struct {
		name    string
		cfg     Config
		event   string
		number  int
		answers []string
		titles  string // the step titles, in order
		has     []string
		lacks   []string
	}{
		{name: "no event", cfg: edition(6), event: EventNone, number: 8,
			titles: "Production", has: []string{"8: everyone with a settlement or city on a 8 hex collects"}},
		{name: "explorers ignore events", cfg: ep, event: EventConflict,
			titles: "Production", lacks: []string{"Largest Army"}},
		{name: "robber attacks, hands unknown", cfg: edition(6), event: EventRobberAttacks,
			titles: "Hand: Ann | Hand: Bob | Hand: Cy | Hand: Dee | Discard | Robber | Production",
			has:    []string{"Ann, Bob, Cy and Dee: holding more than 7 cards, discard half", "Ann moves the robber", "7: nothing produces"}},
		{name: "robber attacks, hands answered and skipped", cfg: edition(6), event: EventRobberAttacks,
			answers: []string{"hand:0", "9", "hand:1", "7", "hand:2", deck.AnswerSkip, "hand:3", "15"},
			titles:  "Hand: Ann | Hand: Bob | Hand: Cy | Hand: Dee | Discard | Robber | Production",
			has:     []string{"Ann discards 4 (holds 9).", "Dee discards 7 (holds 15).", "Cy: holding more than 7"},
			lacks:   []string{"Bob discards"}},
		{name: "robber attacks, nobody above the limit", cfg: limit9, event: EventRobberAttacks,
			answers: []string{"hand:0", "9", "hand:1", "2", "hand:2", "0", "hand:3", "8"},
			has:     []string{"Nobody holds more than 9 cards: nobody discards."}},
		{name: "good neighbors, one step each", cfg: edition(6), event: EventGoodNeighbors,
			titles: "Ann → Bob | Bob → Cy | Cy → Dee | Dee → Ann | Production"},
		{name: "helpful neighbor 6th", cfg: edition(6), event: EventHelpfulNeighbor,
			answers: []string{"points:0", "5", "points:1", "8", "points:2", "8", "points:3", "3"},
			titles:  "Points: Ann | Points: Bob | Points: Cy | Points: Dee | Helpful Neighbor | Production",
			has:     []string{"Bob (8 points) gives 1 card of their choice to one of: Ann and Dee.", "Cy (8 points) gives"}},
		{name: "helpful neighbor 4th gives to everyone", cfg: edition(4), event: EventHelpfulNeighbor,
			answers: []string{"points:0", "9", "points:1", "8", "points:2", "8", "points:3", "3"},
			titles:  "Points: Ann | Points: Bob | Points: Cy | Points: Dee | Neighborly Assistance | Production",
			has:     []string{"Ann (9 points) gives 1 card to each of Bob, Cy and Dee; without 3 cards, gives none."}},
		{name: "helpful neighbor, all level", cfg: edition(5), event: EventHelpfulNeighbor,
			answers: []string{"points:0", "4", "points:1", "4", "points:2", "4", "points:3", "4"},
			has:     []string{"Everyone has the same points: nobody gives."}},
		{name: "helpful neighbor, a skip falls back", cfg: edition(6), event: EventHelpfulNeighbor,
			answers: []string{"points:0", deck.AnswerSkip},
			has:     []string{"most victory points each give 1 card"}},
		{name: "conflict, Largest Army", cfg: edition(6), event: EventConflict,
			answers: []string{"largest-army", "2"},
			titles:  "Largest Army | Conflict | Production", has: []string{"Cy (Largest Army) takes 1 resource"}},
		{name: "conflict, no holder, most knights", cfg: edition(6), event: EventConflict,
			answers: []string{"largest-army", deck.AnswerNobody, "knights:0", "1", "knights:1", "2", "knights:2", "0", "knights:3", "1"},
			titles:  "Largest Army | Knights: Ann | Knights: Bob | Knights: Cy | Knights: Dee | Conflict | Production",
			has:     []string{"Bob (most knights: 2) takes 1 resource"}},
		{name: "conflict, tie for most knights", cfg: edition(6), event: EventConflict,
			answers: []string{"largest-army", deck.AnswerNobody, "knights:0", "2", "knights:1", "2", "knights:2", "0", "knights:3", "1"},
			has:     []string{"No event: tie for most knights (Ann and Bob, 2 each)."}},
		{name: "conflict, holder unknown", cfg: edition(6), event: EventConflict,
			answers: []string{"largest-army", deck.AnswerSkip},
			titles:  "Largest Army | Conflict | Production", has: []string{"Largest Army holder takes 1 resource"}},
		{name: "trade advantage, Longest Road", cfg: edition(6), event: EventTradeAdvantage,
			answers: []string{"longest-road", "3"}, has: []string{"Dee (Longest Road) takes 1 resource"}},
		{name: "trade advantage 6th, unclaimed", cfg: edition(6), event: EventTradeAdvantage,
			answers: []string{"longest-road", deck.AnswerNobody},
			titles:  "Longest Road | Trade Advantage | Production", has: []string{"No event: nobody holds the Longest Road."}},
		{name: "trade advantage 5th, most roads", cfg: edition(5), event: EventTradeAdvantage,
			answers: []string{"longest-road", deck.AnswerNobody, "roads:0", "4", "roads:1", "6", "roads:2", "5", "roads:3", "2"},
			has:     []string{"Bob (most roads: 6) takes 1 resource"}},
		{name: "trade advantage 4th, tie for roads", cfg: edition(4), event: EventTradeAdvantage,
			answers: []string{"longest-road", deck.AnswerNobody, "roads:0", "6", "roads:1", "6", "roads:2", "5", "roads:3", "2"},
			has:     []string{"No event: tie for most roads (Ann and Bob, 6 each)."}},
		{name: "tournament, ties share", cfg: edition(6), event: EventTournament,
			answers: []string{"knights:0", "3", "knights:1", "1", "knights:2", "3", "knights:3", "0"},
			has:     []string{"Ann and Cy (3 knights played) each take 1 resource"}},
		{name: "tournament, no knights", cfg: edition(6), event: EventTournament,
			answers: []string{"knights:0", "0", "knights:1", "0", "knights:2", "0", "knights:3", "0"},
			has:     []string{"Nobody has any knights played: nobody takes a resource."}},
		{name: "calm seas 5th is Calm Sea", cfg: edition(5), event: EventCalmSeas, number: 9,
			answers: []string{"harbors:0", "0", "harbors:1", "2", "harbors:2", "1", "harbors:3", "0"},
			titles:  "Harbors: Ann | Harbors: Bob | Harbors: Cy | Harbors: Dee | Calm Sea | Production",
			has:     []string{"Bob (2 buildings on harbors) takes 1 resource"}},
		{name: "earthquake asks everyone", cfg: sea, event: EventEarthquake,
			titles: "Earthquake: Ann | Earthquake: Bob | Earthquake: Cy | Earthquake: Dee | Production",
			has:    []string{"Ann turns one of their roads sideways", "Ships are never damaged"}},
		{name: "epidemic reminds production", cfg: edition(6), event: EventEpidemic, number: 8,
			titles: "Epidemic | Production", has: []string{"Epidemic: each city only 1"}},
		{name: "robber flees to the desert", cfg: edition(6), event: EventRobberFlees,
			has: []string{"Put the robber on the desert"}, lacks: []string{"pirate"}},
		{name: "robber flees off the board, Seafarers", cfg: func() Config { c := off; c.Seafarers = true; return c }(), event: EventRobberFlees,
			has: []string{"Take the robber off the board", "The pirate stays"}},
		{name: "plentiful year", cfg: edition(6), event: EventPlentifulYear,
			titles: "Plentiful Year | Production", has: []string{"Everyone takes 1 resource"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, s := turnWith(t, tt.cfg, tt.event, tt.number, four...)
			answer(t, r, s, tt.answers...)
			steps := r.Steps(s)
			if tt.titles != "" && titles(steps) != tt.titles {
				t.Errorf("steps\n  %s\nwant\n  %s", titles(steps), tt.titles)
			}
			all := texts(steps)
			for _, h := range tt.has {
				if !strings.Contains(all, h) {
					t.Errorf("lacks %q in\n%s", h, all)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(all, l) {
					t.Errorf("has %q in\n%s", l, all)
				}
			}
		})
	}
}

func TestStepsEveryEventEditionExpansion(t *testing.T) {
	for _, e := range Events() {
		for _, ed := range []int{4, 5, 6} {
			for _, exp := range []string{"", "seafarers", "explorers"} {
				cfg := edition(ed)
				cfg.Seafarers, cfg.Explorers = exp == "seafarers", exp == "explorers"
				r, s := turnWith(t, cfg, e, 0, four...)
				steps := r.Steps(s)
				if len(steps) == 0 || steps[len(steps)-1].Title != "Production" {
					t.Fatalf("%s %d %s: steps %s do not end in production", e, ed, exp, titles(steps))
				}
				// Skipping every question still gives plain text for every step.
				for i := 0; i < 40; i++ {
					var q *deck.Question
					for _, st := range r.Steps(s) {
						if st.Question != nil {
							if _, done := s.Open.Answers[st.Question.Key]; !done {
								q = st.Question
								break
							}
						}
					}
					if q == nil {
						break
					}
					_ = r.Answer(s, *q, deck.AnswerSkip)
				}
				for _, st := range r.Steps(s) {
					if st.Title == "" || (st.Text == "" && st.Question == nil) {
						t.Fatalf("%s %d %s: empty step %+v", e, ed, exp, st)
					}
				}
			}
		}
	}
}

func TestFactsAreRememberedAndOffered(t *testing.T) {
	r, s := turnWith(t, edition(6), EventConflict, 0, four...)
	answer(t, r, s, "largest-army", "1")
	if s.Facts["largest-army"] != "1" {
		t.Fatal("Largest Army not remembered")
	}
	// A later Conflict offers Bob as the default.
	s.StartTurn(s.TurnAt(0))
	steps := r.Steps(s)
	if q := steps[0].Question; q == nil || q.Key != "largest-army" || q.Default != "1" {
		t.Fatalf("default not offered: %+v", steps[0])
	}
	// Hands are never remembered.
	r2, s2 := turnWith(t, edition(6), EventRobberAttacks, 0, four...)
	answer(t, r2, s2, "hand:0", "9")
	if _, ok := s2.Facts["hand:0"]; ok {
		t.Fatal("a hand size became a fact")
	}
	if err := r.Answer(s, deck.Question{Key: "largest-army", Kind: deck.AskPlayer}, "9"); err == nil {
		t.Fatal("seat 9 accepted")
	}
	if err := r.Answer(s, deck.Question{Key: "hand:0", Kind: deck.AskNumber}, "lots"); err == nil {
		t.Fatal("a word accepted as a number")
	}
}

func TestEarthquakeReminderUntilRepaired(t *testing.T) {
	r, s := turnWith(t, edition(6), EventEarthquake, 0, "Ann", "Bob", "Cy")
	answer(t, r, s, "damaged:0", "yes", "damaged:1", "yes", "damaged:2", "no")
	// Ann's own turn had the earthquake: no reminder this turn, steps stable.
	if strings.Contains(titles(r.Steps(s)), "Damaged road") {
		t.Fatal("reminder appeared in the earthquake's own turn")
	}
	s.Current = 1
	draw := func() []deck.Step {
		t.Helper()
		if _, err := r.Draw(s); err != nil {
			t.Fatal(err)
		}
		return r.Steps(s)
	}
	steps := draw() // Bob's turn
	if steps[0].Title != "Damaged road" || !strings.Contains(steps[0].Text, "Bob has a damaged road") {
		t.Fatalf("Bob not reminded: %s", titles(steps))
	}
	if steps := draw(); steps[0].Title == "Damaged road" { // Cy's turn: nothing damaged
		t.Fatalf("Cy reminded: %s", titles(steps))
	}
	steps = draw() // Ann's turn
	if steps[0].Title != "Damaged road" {
		t.Fatalf("Ann not reminded: %s", titles(steps))
	}
	answer(t, r, s, "repaired:0", "yes")
	if s.Facts["damaged:0"] != "no" || r.Steps(s)[0].Title != "Damaged road" {
		t.Fatal("repair not recorded, or the steps shifted")
	}
	draw()
	draw()
	if steps := draw(); steps[0].Title == "Damaged road" { // Ann again: repaired
		t.Fatalf("Ann reminded after repairing: %s", titles(steps))
	}
	steps = draw() // Bob: still damaged
	if steps[0].Title != "Damaged road" {
		t.Fatal("Bob's reminder stopped without a repair")
	}
}

func TestFiveSixPlayers(t *testing.T) {
	six := []string{"A", "B", "C", "D", "E", "F"}
	r, s := turnWith(t, DefaultConfig(), EventNone, 0, six...)
	steps := r.Steps(s)
	last := steps[len(steps)-1]
	if last.Title != "Special Building Phase" || !strings.Contains(last.Text, "B, C, D, E and F may each build") {
		t.Fatalf("older rule: %+v", last)
	}
	cfg := DefaultConfig()
	cfg.FiveSix = FiveSixPairs
	r, s = turnWith(t, cfg, EventNone, 0, six...)
	steps = r.Steps(s)
	if last := steps[len(steps)-1]; last.Title != "Paired player" || !strings.Contains(last.Text, "D, across the table, is A's paired player") {
		t.Fatalf("newer rule: %+v", last)
	}
	r, s = turnWith(t, DefaultConfig(), EventNone, 0, four...)
	if got := titles(r.Steps(s)); got != "Production" {
		t.Fatalf("4 players: %s", got)
	}
}
