package rivals

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// chiSquare is Pearson's statistic for counts against expected shares.
func chiSquare(counts map[string]int, share map[string]float64, n int) float64 {
	x := 0.0
	for face, p := range share {
		e := p * float64(n)
		d := float64(counts[face]) - e
		x += d * d / e
	}
	return x
}

// Critical values of the chi-square distribution at p = 0.001, from the
// standard table: 5 degrees of freedom 20.515, 4 degrees 18.467.
const (
	chi5 = 20.515
	chi4 = 18.467
)

func TestDiceChiSquare(t *testing.T) {
	const n = 100_000
	s := deck.NewState(ID, nil, players, 2024)
	prod, ev := productionDie(), eventDie()
	pc, ec := map[string]int{}, map[string]int{}
	for range n {
		pc[prod.Roll(s.Rand())]++
		ec[ev.Roll(s.Rand())]++
	}
	pShare := map[string]float64{}
	for _, f := range prod.Faces {
		pShare[f] = 1.0 / 6
	}
	eShare := map[string]float64{}
	for _, f := range EventFaces() {
		eShare[f.ID] = float64(ev.Weight(f.ID)) / 6
	}
	px, ex := chiSquare(pc, pShare, n), chiSquare(ec, eShare, n)
	t.Logf("production die: chi-square %.2f (5 df, critical %.3f); event die: %.2f (4 df, critical %.3f)", px, chi5, ex, chi4)
	if px > chi5 || ex > chi4 {
		t.Fatalf("dice look unfair: %.2f, %.2f", px, ex)
	}
}

func TestSetDiceAndVoid(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "sages"}, 9) // Grove of Vigilance and Grove of Justice: Era of Sages
	_ = r.Act(s, deck.Action{ID: ActSetProduction, Values: []int{6}})
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{1}}) // Trade
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	if s.Current != 1 || s.Open.Player != 0 {
		t.Fatalf("turn passed to %d", s.Current)
	}
	turn, _ := r.Turn(s, -1)
	if turn.Number != 6 || turn.Dice[1].Value != FaceTrade || !turn.Dice[0].Set || !turn.Dice[1].Set {
		t.Fatalf("set dice: %+v", turn)
	}
	if !hasAction(r.Actions(s), ActVoid) {
		t.Fatal("no void after Trade")
	}
	if err := r.Act(s, deck.Action{ID: ActVoid}); err != nil {
		t.Fatal(err)
	}
	turn, _ = r.Turn(s, -1)
	if turn.Dice[1].Value != FaceEvent || turn.Card == "" {
		t.Fatalf("after void: %+v", turn)
	}
	if m, ok := turn.Mark(markVoided); !ok || m.Value != FaceTrade {
		t.Fatalf("no void mark: %+v", turn.Marks)
	}
	if hasAction(r.Actions(s), ActVoid) {
		t.Fatal("void twice")
	}
	if text := stepsText(r.Steps(s)); !strings.Contains(text, "Trade is void") {
		t.Fatalf("steps:\n%s", text)
	}
	// The next roll is rolled again.
	_ = r.Act(s, deck.Action{ID: ActRoll})
	if turn, _ = r.Turn(s, -1); turn.Dice[0].Set || turn.Dice[1].Set {
		t.Fatal("the set dice stuck")
	}
}

func hasAction(specs []deck.ActionSpec, id string) bool {
	for _, a := range specs {
		if a.ID == id {
			return true
		}
	}
	return false
}

func spec(t *testing.T, specs []deck.ActionSpec, id string) deck.ActionSpec {
	t.Helper()
	for _, a := range specs {
		if a.ID == id {
			return a
		}
	}
	t.Fatalf("no action %s", id)
	return deck.ActionSpec{}
}

// TestLooksArePrivate: only the Private actions' inputs name the stack's
// cards; the turn and its steps show nothing of it after a look.
func TestLooksArePrivate(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "sages"}, 12)
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{3}}) // Plentiful Harvest: no card
	_ = r.Act(s, deck.Action{ID: ActRoll})
	before := append([]deck.Card(nil), s.Deck.Draw...)
	specs := r.Actions(s)
	for _, a := range specs {
		shows := false
		for _, in := range a.Inputs {
			for _, ch := range in.Choices {
				for _, c := range r.cards() {
					shows = shows || strings.HasPrefix(ch, c.Title)
				}
			}
		}
		if shows && !a.Private {
			t.Errorf("%s shows cards but is not private", a.ID)
		}
	}
	gf := spec(t, specs, ActGreatForesight)
	if len(gf.Inputs[0].Choices) != len(before) {
		t.Fatalf("Great Foresight shows %d of %d", len(gf.Inputs[0].Choices), len(before))
	}
	// Remove the top card unless it is Yule, then Yule must refuse.
	yulePos := len(before) - yuleAt(r, s.Deck)
	if err := r.Act(s, deck.Action{ID: ActGreatForesight, Values: []int{yulePos}}); err == nil {
		t.Fatal("Yule removed")
	}
	pos := 0
	if pos == yulePos {
		pos = 1
	}
	gone := s.Deck.Peek(pos + 1)[pos]
	if err := r.Act(s, deck.Action{ID: ActGreatForesight, Values: []int{pos}}); err != nil {
		t.Fatal(err)
	}
	if s.Deck.Len() != len(before)-1 {
		t.Fatal("no card left the stack")
	}
	for _, c := range s.Deck.Draw {
		if c == gone {
			t.Fatal("the removed card is still in the stack")
		}
	}
	// Grove of Great Foresight: the top 3, non-Yule ones under the stack.
	top := s.Deck.Peek(LookDepth)
	bits := 0
	var moved []deck.Card
	for i, c := range top {
		if r.cards()[c].Event != Yule && i != 1 {
			bits |= 1 << i
			moved = append(moved, c)
		}
	}
	if err := r.Act(s, deck.Action{ID: ActGroveForesight, Values: []int{bits}}); err != nil {
		t.Fatal(err)
	}
	for i := range moved { // the highest moved card is the highest of them at the bottom
		if s.Deck.Draw[len(moved)-1-i] != moved[i] {
			t.Fatalf("moved cards out of order: %v, moved %v", s.Deck.Draw, moved)
		}
	}
	if err := r.Act(s, deck.Action{ID: ActScout, Values: []int{0}}); err != nil {
		t.Fatal(err)
	}
	turn, _ := r.Turn(s, -1)
	seen, _ := json.Marshal(turn)
	shown := string(seen) + stepsText(r.Steps(s)) + r.Describe(s) + r.Progress(s)
	for _, id := range before {
		if strings.Contains(shown, r.cards()[id].Title) {
			t.Errorf("%s shown outside a private look:\n%s", r.cards()[id].Title, shown)
		}
	}
	if m, ok := turn.Mark(markForesight); !ok || m.Value != 1 {
		t.Errorf("no Great Foresight mark: %+v", turn.Marks)
	}
	if err := r.Validate(s); err != nil {
		t.Fatal(err)
	}
}

func TestChecks(t *testing.T) {
	cases := []struct {
		c    Check
		won  bool
		text string
	}{
		{Check{Kind: ActPirate, Args: []int{0, 2, 0, 0, 0}, Rolls: []int{4}}, true, "4+2=6 vs 5"},
		{Check{Kind: ActPirate, Args: []int{0, 2, 0, 0, 0}, Rolls: []int{3, 1}}, false, "3+2=5 vs 5 tie; 1+2=3 vs 5"},
		{Check{Kind: ActPirate, Args: []int{1, 2, 1, 0, 0}, Rolls: []int{4}}, true, "4+2=6 vs 6"},
		{Check{Kind: ActPirate, Args: []int{2, 0, 0, 1, 0}, Rolls: []int{2, 6}}, false, "Cannon Foundry rolls again"},
		{Check{Kind: ActPirate, Args: []int{2, 3, 0, 1, 0}, Rolls: []int{2, 6}}, true, "6+3=9 vs 8"},
		{Check{Kind: ActPirate, Args: []int{2, 0, 0, 0, 1}}, true, "Lars"},
	}
	for _, c := range cases {
		f := pirate(c.c)
		if !f.done || f.won != c.won || !strings.Contains(strings.Join(f.text, "; "), c.text) {
			t.Errorf("%v: %+v", c.c, f)
		}
	}
	d := dispute(Check{Args: []int{1, 2, 0}, Rolls: []int{4, 3}})
	if d.winner != -1 {
		t.Errorf("tie: %+v", d)
	}
	if d = dispute(Check{Args: []int{1, 2, 2}, Rolls: []int{4, 3}}); d.winner != 1 {
		t.Errorf("Robert with the other: %+v", d)
	}
	if d = dispute(Check{Args: []int{3, 0, 0}, Rolls: []int{4, 3}}); d.winner != 0 {
		t.Errorf("roller higher: %+v", d)
	}
	if peace(Check{Args: []int{0, 0}, Rolls: []int{3}}) || !peace(Check{Args: []int{0, 1}, Rolls: []int{3}}) || !peace(Check{Args: []int{0, 0}, Rolls: []int{4}}) {
		t.Error("Grove of Peace")
	}

	// Checks done through Act are kept on the turn and said by name.
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "explorers"}, 21)
	if hasAction(r.Actions(s), ActPirate) {
		t.Fatal("a check before the first roll")
	}
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{3}})
	_ = r.Act(s, deck.Action{ID: ActRoll})
	for _, a := range []deck.Action{
		{ID: ActPirate, Values: []int{0, 1, 0, 1, 0}},
		{ID: ActPirate, Values: []int{2, 0, 0, 1, 0}},
		{ID: ActDispute, Values: []int{1, 1, 1}}, // Robert: Ann, the first seat (her turn)
		{ID: ActPeace, Values: []int{1, 1}},      // Bob, the second seat, rolls
	} {
		if err := r.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	for seed := 0; seed < 40; seed++ { // islands until one rolls an event
		if err := r.Act(s, deck.Action{ID: ActIsland}); err != nil {
			t.Fatal(err)
		}
	}
	turn, _ := r.Turn(s, -1)
	text, _ := json.Marshal(turn.Marks)
	for _, w := range []string{`"pirate"`, `"pirate-2"`, `"dispute"`, `"peace"`, `"island"`, "Ann", "Bob rolls"} {
		if !strings.Contains(string(text), w) {
			t.Errorf("marks lack %s: %s", w, text)
		}
	}
	if !strings.Contains(stepsText(r.Steps(s)), "Forgotten Tribe | The event die applies to both players.") {
		t.Errorf("no island event walked:\n%s", stepsText(r.Steps(s)))
	}
	if uses := strings.Count(string(text), "Cannon Foundry rolls again"); uses > 1 {
		t.Errorf("Cannon Foundry used %d times in a turn", uses)
	}
	if err := r.Validate(s); err != nil {
		t.Fatal(err)
	}
}

func TestSaveRoundTrip(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSets: "prosperity,sages,gold"}, 33)
	g := deck.NewGame(s)
	for range 9 {
		if err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll}) }); err != nil {
			t.Fatal(err)
		}
	}
	_ = g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActIsland}) })
	data, err := deck.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := deck.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(back.Now); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(g.Now.Deck)
	b, _ := json.Marshal(back.Now.Deck)
	if string(a) != string(b) {
		t.Fatalf("stack changed: %s vs %s", a, b)
	}
	t1, _ := r.Turn(g.Now, -1)
	t2, _ := r.Turn(back.Now, -1)
	j1, _ := json.Marshal(t1)
	j2, _ := json.Marshal(t2)
	if string(j1) != string(j2) {
		t.Fatalf("turn changed:\n%s\n%s", j1, j2)
	}
	for _, gg := range []*deck.Game{g, back} {
		if err := gg.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll}) }); err != nil {
			t.Fatal(err)
		}
	}
	n1, _ := r.Turn(g.Now, -1)
	n2, _ := r.Turn(back.Now, -1)
	if n1.Number != n2.Number || n1.Event != n2.Event || n1.Card != n2.Card {
		t.Fatalf("the resumed game rolls differently: %+v vs %+v", n1, n2)
	}
}

func TestReferenceCoversEveryCard(t *testing.T) {
	r := load(t)
	ref := r.Reference()
	all := ""
	for _, e := range ref {
		all += e.Title + "\n" + e.Text + "\n"
	}
	for _, c := range r.cards() {
		if !strings.Contains(all, c.Title) {
			t.Errorf("no entry for %s", c.Title)
		}
	}
	for _, w := range []string{"Production die", "Event die", "Building the stack", "Pirate fight", "Dispute of the Sages", "Grove of Peace", "Forgotten Tribe", unsure} {
		if !strings.Contains(all, w) {
			t.Errorf("reference lacks %q", w)
		}
	}
}

// A pirate fight asks for Robert, Herald of the Sages only with the Era of
// Sages in play (a play-test: an Explorers game asked for him); without
// him the fight goes on, Robert taken as absent.
func TestPirateFightAsksRobertOnlyWithTheSages(t *testing.T) {
	r := load(t)
	for _, tc := range []struct {
		opts   map[string]string
		robert bool
	}{
		{map[string]string{OptMode: "theme", OptSet: "explorers"}, false},
		{map[string]string{OptMode: "duel", "sets": "explorers,sages,gold"}, true},
	} {
		s := game(t, r, tc.opts, 3)
		if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
			t.Fatal(err)
		}
		fight := spec(t, r.Actions(s), ActPirate)
		asks := slices.ContainsFunc(fight.Inputs, func(in deck.Input) bool { return strings.Contains(in.Prompt, "Robert") })
		if asks != tc.robert {
			t.Errorf("%v: the pirate fight asks for Robert: %v, want %v", tc.opts, asks, tc.robert)
		}
		values := make([]int, len(fight.Inputs))
		values[1] = 30 // cannon points: the fight is won
		if err := r.Act(s, deck.Action{ID: ActPirate, Values: values}); err != nil {
			t.Errorf("%v: a pirate fight of %d inputs: %v", tc.opts, len(values), err)
		}
	}
}

// The checks offer players in seat order, as every question numbers them
// (a play-test: Dispute listed "1 nobody 2 Bob 3 Ann" on Bob's turn, and
// Grove of Peace the other player first); a pick names that seat's player.
func TestChecksOfferPlayersInSeatOrder(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptMode: "theme", OptSet: "sages"}, 5)
	for s.Open == nil || s.Open.Player != 1 { // Bob's turn
		if err := r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{3}}); err != nil {
			t.Fatal(err)
		}
		if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
			t.Fatal(err)
		}
	}
	specs := r.Actions(s)
	// 0 is nobody, as on every question (issue 30: "3 nobody", 0 refused).
	if in := spec(t, specs, ActDispute).Inputs[2]; in.Kind != deck.InputNumber || in.Min != 0 || in.Max != 2 ||
		!strings.HasSuffix(in.Prompt, "0 nobody, 1 Ann, 2 Bob") {
		t.Errorf("Dispute's Robert on Bob's turn: %+v", in)
	}
	if got := spec(t, specs, ActPeace).Inputs[0].Choices; !slices.Equal(got, []string{"Ann", "Bob"}) {
		t.Errorf("Grove of Peace's roller choices on Bob's turn: %q", got)
	}
	// Robert with Ann (seat 1, the other player on Bob's turn); Ann rolls for the Grove.
	for _, a := range []deck.Action{{ID: ActDispute, Values: []int{2, 3, 1}}, {ID: ActPeace, Values: []int{0, 0}}, {ID: ActDispute, Values: []int{2, 3, 0}}} {
		if err := r.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	cs := checks(*s.Open)
	if cs[0].Args[2] != 2 || cs[1].Args[0] != 0 || cs[2].Args[2] != 0 {
		t.Fatalf("kept %+v: want Robert with the other player (2), the other rolling (0), then Robert with nobody (0)", cs)
	}
}

// Before the first roll the looks into the stack are offered as not now
// (rules/003: played in a turn) and refused; after it they apply.
func TestLooksAreNotNowBeforeTheFirstRoll(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "sages"}, 3)
	before := slices.Clone(s.Deck.Draw)
	for _, id := range []string{ActGreatForesight, ActGroveForesight} {
		if a := spec(t, r.Actions(s), id); a.NotNow == "" {
			t.Errorf("%s is offered before the first roll", id)
		}
		if err := r.Act(s, deck.Action{ID: id, Values: []int{1}}); err == nil {
			t.Errorf("%s done before the first roll", id)
		}
	}
	if !slices.Equal(before, s.Deck.Draw) {
		t.Fatal("the stack changed before the first roll")
	}
	_ = r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{3}}) // Plentiful Harvest: no card
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	if a := spec(t, r.Actions(s), ActGreatForesight); a.NotNow != "" {
		t.Errorf("Great Foresight not now after the roll: %s", a.NotNow)
	}
}
