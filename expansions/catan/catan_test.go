package catan

import (
	"bytes"
	"math"
	"testing"
	"testing/fstest"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
)

func newRuleset(t testing.TB) *Ruleset {
	t.Helper()
	r, err := New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var players = []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}

func newGame(t testing.TB, r *Ruleset, cfg Config, seed uint64) *deck.State {
	t.Helper()
	s, err := r.newGame(cfg, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCardTable(t *testing.T) {
	r := newRuleset(t)
	numbers := map[int]int{}
	reds, whites := map[int]int{}, map[int]int{}
	events := map[string]int{}
	for id := range NumberedCards {
		c := r.Card(deck.Card(id))
		numbers[c.Number]++
		reds[c.Red]++
		whites[c.White]++
		events[c.Event]++
	}
	// catan-events.md: one 2, one more card per number up to six 7s, then one fewer up to the 12.
	want := map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
	for n, w := range want {
		if numbers[n] != w {
			t.Errorf("%d cards show %d, want %d", numbers[n], n, w)
		}
	}
	for v := 1; v <= 6; v++ {
		if reds[v] != 6 || whites[v] != 6 {
			t.Errorf("die value %d: red %d times, white %d times, want 6 each", v, reds[v], whites[v])
		}
	}
	wantEvents := map[string]int{
		EventNone: 16, EventCalmSeas: 2, EventConflict: 1, EventEarthquake: 1, EventEpidemic: 2,
		EventGoodNeighbors: 1, EventHelpfulNeighbor: 2, EventPlentifulYear: 1, EventRobberAttacks: 6,
		EventRobberFlees: 2, EventTournament: 1, EventTradeAdvantage: 1,
	}
	for e, w := range wantEvents {
		if events[e] != w {
			t.Errorf("event %s on %d cards, want %d", e, events[e], w)
		}
	}
	for id := range NumberedCards {
		if c := r.Card(deck.Card(id)); c.Event == EventRobberAttacks && c.Number != 7 {
			t.Errorf("Robber Attacks on a %d", c.Number)
		}
	}
}

func TestLoadCardsRejectsBadFiles(t *testing.T) {
	good, err := assets.FS().Open(CardsFile)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(good)
	lines := bytes.SplitAfter(buf.Bytes(), []byte("\n"))
	tests := map[string]string{
		"missing card":  string(bytes.Join(lines[:len(lines)-2], nil)),
		"wrong sum":     string(bytes.Replace(buf.Bytes(), []byte("1,1,2,"), []byte("1,1,3,"), 1)),
		"twice":         string(bytes.Replace(buf.Bytes(), []byte("1,2,3,"), []byte("1,1,2,"), 1)),
		"unknown event": string(bytes.Replace(buf.Bytes(), []byte("plentiful-year"), []byte("dragons"), 1)),
		"not a number":  string(bytes.Replace(buf.Bytes(), []byte("1,1,2,"), []byte("x,1,2,"), 1)),
		"no header":     string(bytes.Join(lines[1:], nil)),
	}
	for name, data := range tests {
		fsys := fstest.MapFS{CardsFile: &fstest.MapFile{Data: []byte(data)}}
		if _, err := LoadCards(fsys); err == nil {
			t.Errorf("%s: loaded without error", name)
		}
	}
	if _, err := LoadCards(fstest.MapFS{}); err == nil {
		t.Error("a missing file loaded")
	}
}

// yearLengths draws years of cards and returns how many productions each full
// year had, checking that no card repeats within a year.
func yearLengths(t *testing.T, r *Ruleset, cfg Config, seed uint64, years int) []int {
	t.Helper()
	s := newGame(t, r, cfg, seed)
	var lengths []int
	var seen [NumberedCards]bool
	n := 0
	for len(lengths) < years {
		c, rebuilt, err := r.DrawCard(s, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rebuilt {
			lengths = append(lengths, n)
			n = 0
			seen = [NumberedCards]bool{}
		}
		if seen[c] {
			t.Fatalf("seed %d: card %d twice in year %d", seed, c, s.Year)
		}
		seen[c] = true
		n++
		if err := r.Validate(s); err != nil {
			t.Fatalf("seed %d draw %d: %v", seed, s.Draws, err)
		}
	}
	return lengths
}

func TestOfficialYearIs31CardsThenNewYear(t *testing.T) {
	r := newRuleset(t)
	cfg := DefaultConfig()
	for seed := uint64(0); seed < 40; seed++ {
		for i, n := range yearLengths(t, r, cfg, seed, 100) {
			if n != 31 {
				t.Fatalf("seed %d year %d: %d cards, want 31", seed, i+1, n)
			}
		}
	}
}

func TestNewYearPlacements(t *testing.T) {
	r := newRuleset(t)
	for _, k := range []int{0, 1, 5, 20, 35} {
		cfg := DefaultConfig()
		cfg.NewYear, cfg.Hidden = NewYearHidden, k
		for i, n := range yearLengths(t, r, cfg, 3, 50) {
			if n != NumberedCards-k {
				t.Fatalf("hidden=%d year %d: %d cards, want %d", k, i+1, n, NumberedCards-k)
			}
		}
	}
	cfg := DefaultConfig()
	cfg.NewYear = NewYearNone
	for i, n := range yearLengths(t, r, cfg, 3, 50) {
		if n != NumberedCards {
			t.Fatalf("none: year %d: %d cards, want 36", i+1, n)
		}
	}
	cfg.NewYear = NewYearRandom
	seen := map[int]bool{}
	for _, n := range yearLengths(t, r, cfg, 3, 3000) {
		if n < 1 || n > NumberedCards {
			t.Fatalf("random: a year of %d cards", n)
		}
		seen[n] = true
	}
	if len(seen) != NumberedCards {
		t.Errorf("random placement gave %d different year lengths in 3000 years, want all 36", len(seen))
	}
}

// TestRebuildIsUniform counts, over 100,000 rebuilds, where each card lands,
// and checks the card × position table with a chi-square test.
func TestRebuildIsUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	r := newRuleset(t)
	cfg := DefaultConfig()
	cfg.NewYear = NewYearNone
	s := newGame(t, r, cfg, 20261129)
	const rebuilds = 100_000
	var counts [NumberedCards][NumberedCards]int
	for range rebuilds {
		for s.Deck.Len() > 0 {
			if _, _, err := r.DrawCard(s, &cfg); err != nil {
				t.Fatal(err)
			}
		}
		r.rebuild(s, &cfg)
		for pos, c := range s.Deck.Draw {
			counts[c][pos]++
		}
	}
	expected := float64(rebuilds) / NumberedCards
	chi := 0.0
	for c := range counts {
		for p := range counts[c] {
			d := float64(counts[c][p]) - expected
			chi += d * d / expected
		}
	}
	// Each row and column of the table sums to the number of rebuilds (every
	// rebuild is a permutation), so under uniformity the statistic is
	// n/(n-1) times a chi-square with (n-1)² = 1225 degrees of freedom (mean
	// n(n-1) = 1260). Threshold: the 99.9th percentile of that, by the
	// Wilson–Hilferty approximation (about 1423).
	n := float64(NumberedCards)
	df := (n - 1) * (n - 1)
	z := 3.0902 // 99.9th percentile of the standard normal
	limit := n / (n - 1) * df * math.Pow(1-2/(9*df)+z*math.Sqrt(2/(9*df)), 3)
	t.Logf("chi-square %.1f with %v degrees of freedom; limit %.1f", chi, df, limit)
	if chi > limit {
		t.Errorf("card × position chi-square %.1f above %.1f: the shuffle is not uniform", chi, limit)
	}
}

func TestNewYearIsNeverAProduction(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, DefaultConfig(), 1)
	for range 2000 {
		turn, err := r.Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		if rec := s.TurnAt(s.Turns() - 1); rec.Card >= NewYear || rec.NoCard || turn.Number < 2 || turn.Number > 12 {
			t.Fatalf("drew %+v as %+v", rec, turn)
		}
		if turn.Rebuilt != (turn.RebuiltText != "") {
			t.Fatalf("rebuilt %v with text %q", turn.Rebuilt, turn.RebuiltText)
		}
	}
	if s.Draws != 2000 || s.Turns() != 2000 {
		t.Fatalf("2000 draws recorded as %d, turns %d", s.Draws, s.Turns())
	}
	// 2000 productions at 31 a year: year 65 is under way.
	if s.Year != 2000/31+1 {
		t.Fatalf("year %d after 2000 draws", s.Year)
	}
}

func TestUndoAcrossNewYearPutsTheSameCardBack(t *testing.T) {
	r := newRuleset(t)
	g := deck.NewGame(newGame(t, r, DefaultConfig(), 11))
	draw := func(s *deck.State) error { _, err := r.Draw(s); return err }
	for range 31 {
		if err := g.Do(draw); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := deck.Encode(deck.NewGame(g.Now))
	_ = g.Do(draw) // New Year, rebuild, draw 32
	first := g.Now.TurnAt(31)
	if !first.Rebuilt || first.Year != 2 {
		t.Fatalf("draw 32 is %+v, want the first of year 2", first)
	}
	g.Undo()
	after, _ := deck.Encode(deck.NewGame(g.Now))
	if !bytes.Equal(before, after) {
		t.Fatal("undo did not restore the state before New Year")
	}
	if top := g.Now.Deck.Draw[g.Now.Deck.Len()-1]; top != NewYear {
		t.Fatalf("after undo the top card is %d, want New Year", top)
	}
	_ = g.Do(draw)
	if again := g.Now.TurnAt(31); again.Card != first.Card {
		t.Fatalf("after undo the draw gave card %d, first %d", again.Card, first.Card)
	}
}

func TestUndoRedoAndCodecOnCatan(t *testing.T) {
	r := newRuleset(t)
	draw := func(s *deck.State) error { _, err := r.Draw(s); return err }
	for seed := uint64(0); seed < 10; seed++ {
		g := deck.NewGame(newGame(t, r, DefaultConfig(), seed))
		for range 150 { // five years
			_ = g.Do(draw)
		}
		for range 40 {
			g.Undo()
		}
		mid, _ := deck.Encode(g)
		for range 40 {
			g.Redo()
		}
		for range 40 {
			g.Undo()
		}
		if again, _ := deck.Encode(g); !bytes.Equal(mid, again) {
			t.Fatalf("seed %d: undo, redo, undo is not where undo was", seed)
		}
		back, err := deck.Decode(mid)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(back.Now); err != nil {
			t.Fatal(err)
		}
		if again, _ := deck.Encode(back); !bytes.Equal(mid, again) {
			t.Fatal("encode, decode, encode differs")
		}
	}
}

func TestSameSeedSameCards(t *testing.T) {
	r := newRuleset(t)
	a, b := newGame(t, r, DefaultConfig(), 42), newGame(t, r, DefaultConfig(), 42)
	c := newGame(t, r, DefaultConfig(), 43)
	same := true
	card := func(s *deck.State) deck.Card {
		t.Helper()
		if _, err := r.Draw(s); err != nil {
			t.Fatal(err)
		}
		return s.TurnAt(s.Turns() - 1).Card
	}
	for range 100 {
		ca, cb, cc := card(a), card(b), card(c)
		if ca != cb {
			t.Fatal("same seed, different cards")
		}
		same = same && ca == cc
	}
	if same {
		t.Fatal("seeds 42 and 43 gave the same 100 cards")
	}
}
