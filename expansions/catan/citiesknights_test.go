package catan

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

func ckConfig() Config {
	c := DefaultConfig()
	c.CitiesKnights = true
	return c
}

// ckTurn opens a C&K turn with the given event die face, progress red and
// barbarian position after the roll, on a card with event.
func ckTurn(t *testing.T, cfg Config, event, face string, red, barbarians int, attack bool, names ...string) (*Ruleset, *deck.State) {
	t.Helper()
	r, s := turnWith(t, cfg, event, 0, names...)
	s.Open.Dice = map[string]string{"event": face, "progress-red": string(rune('0' + red))}
	s.Open.Barbarians, s.Open.Attack = barbarians, attack
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	s.Trackers[TrackBarbarians] = barbarians
	if attack {
		s.Trackers[TrackAttacks]++
	}
	return r, s
}

func TestProgressCardSteps(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventNone, ck.Politics, 3, 2, false, four...)
	s.Open.Player = 2 // Cy's turn: turn order Cy, Dee, Ann, Bob
	steps := r.Steps(s)
	if got := titles(steps); got != "Politics level: Cy | Politics level: Dee | Politics level: Ann | Politics level: Bob | Progress cards | Production" {
		t.Fatalf("steps: %s", got)
	}
	if !strings.Contains(texts(steps), "Cy, Dee, Ann and Bob: level 2 or more in Politics draws on a red 3.") {
		t.Fatalf("unknown levels do not give the rule:\n%s", texts(steps))
	}
	answer(t, r, s, "level-politics:2", "2", "level-politics:3", "1", "level-politics:0", "5", "level-politics:1", deck.AnswerSkip)
	all := texts(r.Steps(s))
	if !strings.Contains(all, "Politics gate (blue, P), red 3: Cy and Ann, in that order, each draw a Politics progress card.") ||
		!strings.Contains(all, "Bob: level 2 or more in Politics draws on a red 3.") {
		t.Fatalf("progress step:\n%s", all)
	}
	// Known levels are not asked again on the next gate.
	s.StartTurn(deck.Record{Draw: 2, Year: 1, Player: 0, Card: s.Open.Card,
		Dice: map[string]string{"event": ck.Politics, "progress-red": "6"}})
	steps = r.Steps(s)
	if got := titles(steps); got != "Politics level: Bob | Progress cards | Production" {
		t.Fatalf("levels asked again: %s", got)
	}
	if !strings.Contains(texts(steps), "red 6: Ann, in that order") {
		t.Fatalf("red 6:\n%s", texts(steps))
	}
}

func TestBarbarianSteps(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventNone, ck.Ship, 1, 3, false, four...)
	if got := titles(r.Steps(s)); got != "Barbarians | Production" || !strings.Contains(texts(r.Steps(s)), "3 of 7") {
		t.Fatalf("a ship: %s", texts(r.Steps(s)))
	}
	tests := []struct {
		name     string
		answers  []string
		has      string
		addresss []int
	}{
		{"catan wins, a defender", []string{"board-cities", "5", "strength:0", "3", "strength:1", "1", "strength:2", "1", "strength:3", "0",
			"cities:0", "1", "cities:1", "1", "cities:2", "2", "cities:3", "1"}, "Barbarians 5, Catan 5: Catan wins. Ann is the Defender of Catan", []int{0}},
		{"catan wins, tied defenders", []string{"board-cities", "4", "strength:0", "2", "strength:1", "2", "strength:2", "1", "strength:3", "0",
			"cities:0", "1", "cities:1", "1", "cities:2", "2", "cities:3", "1"}, "Ann and Bob tie as top defenders: each draws a progress card", []int{0, 1}},
		{"barbarians win, weakest with a city", []string{"board-cities", "8", "strength:0", "2", "strength:1", "0", "strength:2", "1", "strength:3", "0",
			"cities:0", "1", "cities:1", "0", "cities:2", "2", "cities:3", "1"}, "the barbarians win. Dee each lose a city", []int{3}},
	}
	for _, tt := range tests {
		r, s := ckTurn(t, ckConfig(), EventNone, ck.Ship, 1, 7, true, four...)
		answer(t, r, s, tt.answers...)
		steps := r.Steps(s)
		if got := titles(steps); !strings.HasPrefix(got, "Barbarians attack! | Knights: Ann") || !strings.HasSuffix(got, "Attack | After the attack | Production") {
			t.Fatalf("%s: steps %s", tt.name, got)
		}
		var attack deck.Step
		for _, st := range steps {
			if st.Title == "Attack" {
				attack = st
			}
		}
		if !strings.Contains(attack.Text, tt.has) || len(attack.Players) != len(tt.addresss) {
			t.Errorf("%s: %+v", tt.name, attack)
		}
	}
}

func TestRobberSleepsUntilTheFirstAttack(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventRobberAttacks, ck.Trade, 1, 3, false, four...)
	answer(t, r, s, "level-trade:0", "0", "level-trade:1", "0", "level-trade:2", "0", "level-trade:3", "0")
	if all := texts(r.Steps(s)); !strings.Contains(all, "The robber sleeps on the desert") || strings.Contains(all, "moves the robber") {
		t.Fatalf("robber before the first attack:\n%s", all)
	}
	if !strings.Contains(texts(r.Steps(s)), "discards half") && !strings.Contains(texts(r.Steps(s)), "Hand: Ann") {
		t.Fatal("a 7 before the first attack must still make players discard")
	}
	// The attack in the same turn wakes it (the event die comes first).
	r, s = ckTurn(t, ckConfig(), EventRobberAttacks, ck.Ship, 1, 7, true, four...)
	if all := texts(r.Steps(s)); !strings.Contains(all, "Ann moves the robber") {
		t.Fatalf("robber after the attack:\n%s", all)
	}
}

func TestCKEventChanges(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventConflict, ck.Ship, 1, 1, false, four...)
	answer(t, r, s, "strength:0", "1", "strength:1", "3", "strength:2", "3", "strength:3", "0")
	if all := texts(r.Steps(s)); !strings.Contains(all, "No event: tie for most knight strength (Bob and Cy, 3 each).") || strings.Contains(all, "Largest Army") {
		t.Fatalf("C&K conflict:\n%s", all)
	}
	r, s = ckTurn(t, ckConfig(), EventTournament, ck.Ship, 1, 1, false, four...)
	answer(t, r, s, "strength:0", "2", "strength:1", "0", "strength:2", "1", "strength:3", "0")
	if all := texts(r.Steps(s)); !strings.Contains(all, "Ann (2 knight strength) takes 1 resource") || !strings.Contains(all, "not a commodity") {
		t.Fatalf("C&K tournament:\n%s", all)
	}
	r, s = ckTurn(t, ckConfig(), EventEpidemic, ck.Ship, 1, 1, false, four...)
	if all := texts(r.Steps(s)); !strings.Contains(all, "Cities collect no commodities.") {
		t.Fatalf("C&K epidemic:\n%s", all)
	}
	r, s = ckTurn(t, ckConfig(), EventGoodNeighbors, ck.Ship, 1, 1, false, four...)
	if all := texts(r.Steps(s)); !strings.Contains(all, "A commodity may be given instead") {
		t.Fatalf("C&K good neighbors:\n%s", all)
	}
}

func TestAlchemyLeavesTheDeckAlone(t *testing.T) {
	r := newRuleset(t)
	g := deck.NewGame(newGame(t, r, ckConfig(), 5))
	draw := func(s *deck.State) error { _, err := r.Draw(s); return err }
	for range 31 { // the next card is New Year
		_ = g.Do(draw)
	}
	before := g.Now.Deck.Clone()
	year, drawn := g.Now.Year, g.Now.DrawnThisYear()
	var turn deck.Turn
	if err := g.Do(func(s *deck.State) error { var err error; turn, err = r.Alchemy(s, 6, 2); return err }); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cardBytes(g.Now.Deck), cardBytes(before)) || g.Now.Year != year || g.Now.DrawnThisYear() != drawn {
		t.Fatal("Alchemy touched the deck or the year")
	}
	if turn.Number != 8 || !turn.NoCard || turn.Die("event") == "" || turn.Die("progress-red") != "6" {
		t.Fatalf("alchemy turn %+v", turn)
	}
	steps := r.Steps(g.Now)
	if strings.Contains(titles(steps), "Epidemic") || !strings.HasSuffix(titles(steps), "Production") {
		t.Fatalf("alchemy steps: %s", titles(steps))
	}
	// Undo restores everything; the next draw is the card that was next.
	g.Undo()
	_ = g.Do(draw)
	if !g.Now.Open.NewYear {
		t.Fatal("after undoing Alchemy the next draw is not New Year's redraw")
	}
	if _, err := r.Alchemy(g.Now.Clone(), 7, 1); err == nil {
		t.Fatal("a red 7 accepted")
	}
	plain := newGame(t, r, DefaultConfig(), 1)
	if _, err := r.Alchemy(plain, 3, 3); err == nil {
		t.Fatal("Alchemy without Cities & Knights")
	}
}

func cardBytes(d deck.Deck) []byte {
	var b []byte
	for _, c := range d.Draw {
		b = append(b, byte(c))
	}
	b = append(b, 255)
	for _, c := range d.Discard {
		b = append(b, byte(c))
	}
	return b
}

func TestBarbarianTrackInDraws(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, ckConfig(), 9)
	pos, attacks := 0, 0
	for range 3000 {
		turn, err := r.Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		if pos >= 7 {
			pos = 0
		}
		if turn.Die("event") == ck.Ship {
			pos++
		}
		if turn.Barbarians != pos || turn.Attack != (pos == 7) {
			t.Fatalf("draw %d: barbarians %d attack %v, want %d", turn.Draw, turn.Barbarians, turn.Attack, pos)
		}
		if turn.Attack {
			attacks++
		}
	}
	if s.Trackers[TrackAttacks] != attacks || attacks < 150 {
		t.Fatalf("%d attacks counted, %d seen", s.Trackers[TrackAttacks], attacks)
	}
	if err := r.SetBarbarians(s, 7); err == nil {
		t.Fatal("barbarians set to 7 by hand")
	}
}

// chiSquare is Pearson's statistic of counts against expected shares.
func chiSquare(counts map[string]int, shares map[string]float64, n int) float64 {
	x := 0.0
	for k, p := range shares {
		e := p * float64(n)
		d := float64(counts[k]) - e
		x += d * d / e
	}
	return x
}

// TestEventDieAndRolledRedAreFair: a long seeded run; the event die faces
// and the rolled red die pass chi-square tests at the 99.9% level.
func TestEventDieAndRolledRedAreFair(t *testing.T) {
	r := newRuleset(t)
	cfg := ckConfig()
	cfg.RedDie = false // a plain deck rolls the red die
	s := newGame(t, r, cfg, 20261129)
	const n = 120_000
	faces, reds := map[string]int{}, map[string]int{}
	for range n {
		turn, err := r.Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		s.History = s.History[:0]
		faces[turn.Die("event")]++
		reds[turn.Die("progress-red")]++
	}
	x1 := chiSquare(faces, map[string]float64{ck.Ship: 0.5, ck.Trade: 1.0 / 6, ck.Politics: 1.0 / 6, ck.Science: 1.0 / 6}, n)
	redShares := map[string]float64{}
	for _, v := range []string{"1", "2", "3", "4", "5", "6"} {
		redShares[v] = 1.0 / 6
	}
	x2 := chiSquare(reds, redShares, n)
	// 99.9th percentiles of chi-square: 16.27 with 3 degrees of freedom, 20.52 with 5.
	t.Logf("event die chi-square %.2f (limit 16.27), red die %.2f (limit 20.52)", x1, x2)
	if x1 > 16.27 || x2 > 20.52 || math.IsNaN(x1+x2) {
		t.Fatalf("not fair: event die %.2f, red die %.2f", x1, x2)
	}
}

func TestBalancedEventDie(t *testing.T) {
	r := newRuleset(t)
	cfg := ckConfig()
	cfg.EventDie = DieBalanced
	s := newGame(t, r, cfg, 4)
	for cycle := range 200 {
		counts := map[string]int{}
		for range 6 {
			turn, _ := r.Draw(s)
			counts[turn.Die("event")]++
		}
		if counts[ck.Ship] != 3 || counts[ck.Trade] != 1 || counts[ck.Politics] != 1 || counts[ck.Science] != 1 {
			t.Fatalf("cycle %d: %v", cycle, counts)
		}
	}
}

func TestFactQuestionsWithCitiesKnights(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventNone, ck.Ship, 1, 1, false, "Ann", "Bob")
	keys := map[string]bool{}
	for _, q := range r.FactQuestions(s) {
		keys[q.Key] = true
	}
	for _, k := range []string{"strength:0", "cities:1", "level-trade:0", "level-science:1", "board-cities", "longest-road"} {
		if !keys[k] {
			t.Errorf("C&K facts lack %s", k)
		}
	}
	if keys["largest-army"] || keys["knights:0"] {
		t.Error("C&K facts offer Largest Army or knights played")
	}
	if err := r.SetFact(s, deck.Question{Key: "level-trade:0", Kind: deck.AskNumber}, "3"); err != nil || s.Facts["level-trade:0"] != "3" {
		t.Fatalf("level not set: %v", err)
	}
}
