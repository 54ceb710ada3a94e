package rivals

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

type answer struct{ key, value string }

// stepsText joins every step's title and text.
func stepsText(st []deck.Step) string {
	var b strings.Builder
	for _, s := range st {
		b.WriteString(s.Title + " | " + s.Text + "\n")
	}
	return b.String()
}

// drawEvent starts a game with set, puts a card with event on top, sets the
// production die to prod and rolls "?". Ann rolls.
func drawEvent(t *testing.T, r *Ruleset, set, event string, prod int) *deck.State {
	t.Helper()
	opts := map[string]string{}
	if set != Basic {
		opts[OptSet] = set
	}
	s := game(t, r, opts, 11)
	i := slices.IndexFunc(s.Deck.Draw, func(c deck.Card) bool { return r.cards()[c].Event == event })
	if i < 0 {
		t.Fatalf("no %s in the %s stack", event, set)
	}
	c := s.Deck.Draw[i]
	s.Deck.Draw = append(slices.Delete(s.Deck.Draw, i, i+1), c)
	if err := r.Act(s, deck.Action{ID: ActSetProduction, Values: []int{prod}}); err != nil {
		t.Fatal(err)
	}
	if rec := rollCard(t, r, s); r.cards()[rec.Card].Event != event {
		t.Fatalf("drew %s, want %s", r.cards()[rec.Card].Event, event)
	}
	return s
}

func TestEveryEventWalks(t *testing.T) {
	r := load(t)
	cases := []struct {
		set, event string
		prod       int
		answers    []answer
		want       []string
	}{
		{Basic, "invention", 3, nil, []string{"Ann picks 1 resource for every building with a progress point", "Bob picks"}},
		{Basic, "year-of-plenty", 3, nil, []string{"Each region of Ann and Bob gains 1 resource per Storehouse and Abbey"}},
		{Basic, "traveling-merchant", 3, nil, []string{"Ann may buy 1 or 2", "Bob may buy 1 or 2"}},
		{Basic, "trade-ships-race", 3, []answer{{FactShips, "1"}}, []string{"Bob takes 1 resource of choice."}},
		{Basic, "trade-ships-race", 3, []answer{{FactShips, "0,1"}}, []string{"Ann and Bob each take 1 resource of choice."}},
		{Basic, "trade-ships-race", 3, []answer{{FactShips, "none"}}, []string{"Nobody has a trade ship"}},
		{Basic, "feud", 3, []answer{{FactStrength, "0"}}, []string{"Ann picks 3 of Bob's buildings; Bob puts one of them under"}},
		{Basic, "fraternal-feuds", 3, []answer{{FactStrength, "1"}}, []string{"Bob picks 2 cards from Ann's hand"}},
		{Basic, "feud", 3, []answer{{FactStrength, "none"}}, []string{"Nobody holds the strength advantage"}},
		{"gold", "gift-for-the-prince", 3, nil, []string{"Ann takes 1 gold for every unit", "Bob takes 1 gold for every unit"}},
		{"turmoil", "riots", 3, nil, []string{"Ann: 1 or 2 units with strength or commerce points cost 1 gold", "Bob: 1 or 2"}},
		{"progress", "plague", 3, nil, []string{"Every region of Ann and Bob next to a city loses 1 resource"}},
		{"intrigue", "good-neighbors", 3, nil, []string{"Turn up the top card of every draw stack"}},
		{"intrigue", "religious-dispute", 3, []answer{{"city", "1"}}, []string{"Bob puts the hand under matching draw stacks"}},
		{"merchants", "fortunate-trade-voyage", 3, nil, []string{"Ann picks one own trade ship", "Bob picks one own trade ship"}},
		{"merchants", "capricious-sea", 3, nil, []string{"Capricious Sea: calm", "Production die 3: Ann and Bob each take 1 resource per own trade ship"}},
		{"merchants", "capricious-sea", 6, nil, []string{"Capricious Sea: storm", "each lose a trade ship"}},
		{"merchants", "hour-of-the-master-merchants", 3, nil, []string{"Each Residence of Ann and Bob rises one level"}},
		{"barbarians", BarbarianRaid, 3, []answer{{"fewer-units", "0"}, {"more-units", "1"}},
			[]string{"Ann discards 2 resources.", "Bob takes 2 resources of choice.", "under the top 4"}},
		{"barbarians", "retreat-of-the-barbarians", 3, []answer{{"unit", "0,1"}, {FactStrength, "1"}},
			[]string{"Ann draws 1 card from one draw stack.", "Bob draws 2 cards from one draw stack."}},
		{"explorers", "friendship-between-peoples", 3, nil, []string{"Ann takes 1 resource of choice per island"}},
		{"explorers", "most-successful-explorer", 3, []answer{{"explorer", "0,1"}}, []string{"A tie: Ann and Bob each draw 1 card, Ann first."}},
		{"explorers", "most-successful-explorer", 3, []answer{{"explorer", "1"}}, []string{"Bob draws up to 2 cards from one draw stack."}},
		{"sages", "famine", 3, []answer{{"granary", "0"}}, []string{"Bob discards 1 grain; with no grain, 2 resources of choice."}},
		{"sages", "council-of-the-sages", 3, nil, []string{"Ann chooses: owls for their sages (up to 2)", "Bob chooses: owls"}},
		{"prosperity", Insurrection, 3, nil, []string{"Ann puts 1 building worth 2 or more resources", "Public Feeling", "under the top 4"}},
		{"prosperity", Taxation, 3, nil, []string{"Ann may pay 1 star to take 1 resource of choice and 1 gold", "Bob may pay 1 star"}},
	}
	walked := map[string]bool{Yule: true} // Yule is walked by TestYuleRebuildTurn
	for _, c := range cases {
		s := drawEvent(t, r, c.set, c.event, c.prod)
		for _, a := range c.answers {
			if err := r.Answer(s, deck.Question{Key: a.key}, a.value); err != nil {
				t.Fatalf("%s: answer %s=%s: %v\n%s", c.event, a.key, a.value, err, stepsText(r.Steps(s)))
			}
		}
		text := stepsText(r.Steps(s))
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: steps lack %q:\n%s", c.event, w, text)
			}
		}
		if !strings.Contains(text, "Production: "+string(rune('0'+c.prod))) {
			t.Errorf("%s: no production step:\n%s", c.event, text)
		}
		walked[c.event] = true
	}
	for _, card := range r.cards() {
		if !walked[card.Event] {
			t.Errorf("no walkthrough for %s", card.Event)
		}
	}
}

func TestYuleRebuildTurn(t *testing.T) {
	r := load(t)
	s := game(t, r, nil, 2)
	i := yuleAt(r, s.Deck) - 1
	y := s.Deck.Draw[i]
	s.Deck.Draw = append(slices.Delete(s.Deck.Draw, i, i+1), y)
	rec := rollCard(t, r, s)
	if !rec.Rebuilt || r.cards()[rec.Card].Event == Yule || s.Year != 2 {
		t.Fatalf("Yule: rebuilt %v, card %s, year %d", rec.Rebuilt, r.cards()[rec.Card].Event, s.Year)
	}
	turn, _ := r.Turn(s, -1)
	if !turn.Rebuilt || turn.RebuiltText == "" || turn.Card != r.cards()[rec.Card].Event {
		t.Fatalf("turn %+v", turn)
	}
	if text := stepsText(r.Steps(s)); !strings.Contains(text, "Yule | The stack was built again") {
		t.Fatalf("steps:\n%s", text)
	}
}

func TestFaces(t *testing.T) {
	r := load(t)
	cases := []struct {
		face    int // index into EventFaces
		answers []answer
		want    []string
		first   string // the first step's title
	}{
		{0, []answer{{"over-7", "1"}}, []string{"Bob loses all gold and all wool."}, "Brigand Attack"},
		{0, []answer{{"over-7", "none"}}, []string{"Nobody loses anything."}, "Brigand Attack"},
		{0, []answer{{"over-7", "skip"}}, []string{"Whoever holds more than 7 resources"}, "Brigand Attack"},
		{1, []answer{{FactTrade, "0"}}, []string{"Ann takes 1 resource of choice from Bob."}, "Production: 5"},
		{2, []answer{{FactSkill, "none"}}, []string{"A tie: Ann and Bob each take 1 resource of choice."}, "Production: 5"},
		{2, []answer{{FactSkill, "1"}}, []string{"Bob takes 1 resource of choice."}, "Production: 5"},
		{3, nil, []string{"Ann and Bob each take 1 resource of choice."}, "Production: 5"},
	}
	for _, c := range cases {
		s := game(t, r, nil, 4)
		_ = r.Act(s, deck.Action{ID: ActSetProduction, Values: []int{5}})
		_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{c.face}})
		if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
			t.Fatal(err)
		}
		for _, a := range c.answers {
			if err := r.Answer(s, deck.Question{Key: a.key}, a.value); err != nil {
				t.Fatal(err)
			}
		}
		st := r.Steps(s)
		text := stepsText(st)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("face %d: lacks %q:\n%s", c.face, w, text)
			}
		}
		if st[0].Title != c.first {
			t.Errorf("face %d: first step %q, want %q", c.face, st[0].Title, c.first)
		}
		turn, _ := r.Turn(s, -1)
		if turn.Number != 5 || len(turn.Dice) != 2 || !turn.Dice[0].Set || turn.Dice[1].Value != EventFaces()[c.face].ID || turn.Card != "" {
			t.Errorf("face %d: turn %+v", c.face, turn)
		}
	}
}

func TestFactsRememberedUntilChanged(t *testing.T) {
	r := load(t)
	s := game(t, r, nil, 4)
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{1}}) // Trade
	_ = r.Act(s, deck.Action{ID: ActRoll})
	if err := r.Answer(s, deck.Question{Key: FactTrade}, "1"); err != nil {
		t.Fatal(err)
	}
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{1}})
	_ = r.Act(s, deck.Action{ID: ActRoll})
	st, ok := findStep(r.Steps(s), FactTrade)
	if !ok || st.Question.Default != "1" {
		t.Fatalf("trade advantage not offered again: %+v", st)
	}
	// A Feud may take buildings away: the facts are forgotten after it.
	s2 := drawEvent(t, r, Basic, "feud", 2)
	s2.Facts = map[string]string{FactTrade: "1"}
	_ = r.Act(s2, deck.Action{ID: ActSetEvent, Values: []int{1}})
	_ = r.Act(s2, deck.Action{ID: ActRoll})
	if st, _ := findStep(r.Steps(s2), FactTrade); st.Question.Default != "" {
		t.Fatalf("trade advantage offered after a Feud: %q", st.Question.Default)
	}
	if len(r.Facts(s)) != 4 || r.SetFact(s, deck.Question{Key: FactStrength}, "0") != nil || s.Facts[FactStrength] != "0" {
		t.Fatal("facts")
	}
}

func findStep(st []deck.Step, key string) (deck.Step, bool) {
	for _, s := range st {
		if s.Question != nil && s.Question.Key == key {
			return s, true
		}
	}
	return deck.Step{}, false
}

// A Barbarian Raid cannot give one player both fewer and more units than
// city points.
func TestBarbarianRaidRefusesBothAnswers(t *testing.T) {
	r := load(t)
	s := drawEvent(t, r, "barbarians", BarbarianRaid, 3)
	if err := r.Answer(s, deck.Question{Key: "fewer-units"}, "0"); err != nil {
		t.Fatal(err)
	}
	if err := r.Answer(s, deck.Question{Key: "more-units"}, "0,1"); err == nil || !strings.Contains(err.Error(), "Ann has fewer units") {
		t.Fatalf("Ann both fewer and more: %v", err)
	}
	if err := r.Answer(s, deck.Question{Key: "more-units"}, "1"); err != nil {
		t.Fatal(err)
	}
}

// What protects from a Brigand Attack and from a Feud is said, from
// rules/003's card index, only for the cards of sets in play (issue 31).
func TestProtectionsOfSetsInPlay(t *testing.T) {
	r := load(t)
	feud := func(set string) string {
		s := drawEvent(t, r, set, "feud", 3)
		if err := r.Answer(s, deck.Question{Key: FactStrength}, "0"); err != nil {
			t.Fatal(err)
		}
		return stepsText(r.Steps(s))
	}
	if text := feud("sages"); !strings.Contains(text, "A Grove of Courage protects its owner; groves are not buildings.") {
		t.Errorf("Feud with the Era of Sages:\n%s", text)
	}
	if text := feud(Basic); strings.Contains(text, "Grove") {
		t.Errorf("Feud without the Era of Sages names a grove:\n%s", text)
	}
	brigand := func(opts map[string]string) string {
		s := game(t, r, opts, 3)
		for _, a := range []deck.Action{{ID: ActSetEvent, Values: []int{0}}, {ID: ActRoll}} {
			if err := r.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
		var text []string
		for _, st := range r.Steps(s) {
			if st.Title == "Brigand Attack" {
				text = append(text, st.Text)
			}
		}
		return strings.Join(text, "\n")
	}
	for _, tc := range []struct {
		opts      map[string]string
		has, lack []string
	}{
		{nil, []string{"Storehouse"}, []string{"Owls", "Stars", "Mercenaries"}},
		{map[string]string{OptSet: "sages"}, []string{"Storehouse", "Owls are not resources."}, []string{"stars", "Mercenaries"}},
		{map[string]string{OptSet: "prosperity"}, []string{"Stars are not resources.", "Mercenaries keep 1 gold and 1 wool, or all for 1 star."}, []string{"Owls"}},
		{map[string]string{OptSets: "sages,prosperity,gold"}, []string{"Owls and stars are not resources.", "Mercenaries"}, nil},
	} {
		text := brigand(tc.opts)
		for _, w := range tc.has {
			if !strings.Contains(text, w) {
				t.Errorf("%v: Brigand Attack lacks %q: %q", tc.opts, w, text)
			}
		}
		for _, w := range tc.lack {
			if strings.Contains(text, w) {
				t.Errorf("%v: Brigand Attack says %q: %q", tc.opts, w, text)
			}
		}
	}
}
