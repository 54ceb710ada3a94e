package catan

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

func seasonsConfig(by string) Config {
	c := ckConfig()
	c.Seasons, c.SeasonBy = true, by
	return c
}

// TestSeasonLayoutIsPinned pins the printed layout: by red die (rows) and
// white die (cards), each card's four squares spring to winter, by letter
// (B ship, T trade, P politics, S science). Changing it changes every
// printed deck: don't.
func TestSeasonLayoutIsPinned(t *testing.T) {
	want := []string{
		"BTBP BPBS BSTB TBPB PBSB SBBT",
		"TBPB PBSB SBBT BTBP BPBS BSTB",
		"SBBT BTBP BPBS BSTB TBPB PBSB",
		"BSTB TBPB PBSB SBBT BTBP BPBS",
		"PBSB SBBT BTBP BPBS BSTB TBPB",
		"BPBS BSTB TBPB PBSB SBBT BTBP",
	}
	for red := 1; red <= 6; red++ {
		var cards []string
		for white := 1; white <= 6; white++ {
			var b strings.Builder
			for _, sq := range SeasonSquares(Card{Red: red, White: white}) {
				b.WriteString(ck.Letter(sq))
			}
			cards = append(cards, b.String())
		}
		if got := strings.Join(cards, " "); got != want[red-1] {
			t.Errorf("red %d: %s, want %s", red, got, want[red-1])
		}
	}
}

// TestSeasonLayoutCounts: every season's 36 squares hold 18 ships and 6
// of each gate colour, each gate once per red value (seasons-variant.md); every
// card shows 2 ships and 2 different gates over the year; cards read by the
// ruleset's table (not only by dice) agree.
func TestSeasonLayoutCounts(t *testing.T) {
	r := newRuleset(t)
	for season := range NumSeasons {
		counts := map[string]int{}
		reds := map[string][]int{}
		for id := range NumberedCards {
			c := r.Card(deck.Card(id))
			sq := SeasonSquare(c.Red, c.White, season)
			counts[sq]++
			if sq != ck.Ship {
				reds[sq] = append(reds[sq], c.Red)
			}
		}
		if counts[ck.Ship] != 18 || len(counts) != 4 {
			t.Errorf("%s: %v, want 18 ships and 6 of each gate", SeasonName(season), counts)
		}
		for _, g := range ck.Gates() {
			slices.Sort(reds[g])
			if !slices.Equal(reds[g], []int{1, 2, 3, 4, 5, 6}) {
				t.Errorf("%s: %s gates on red %v, want one on each red value", SeasonName(season), g, reds[g])
			}
		}
	}
	for id := range NumberedCards {
		c := r.Card(deck.Card(id))
		sq := SeasonSquares(c)
		ships := 0
		var gates []string
		for _, f := range sq {
			if f == ck.Ship {
				ships++
			} else if !slices.Contains(gates, f) {
				gates = append(gates, f)
			}
		}
		if ships != 2 || len(gates) != 2 {
			t.Errorf("card %+v shows %v: want 2 ships and 2 different gates", c, sq)
		}
	}
	if SeasonSquare(0, 1, 0) != "" || SeasonSquare(1, 7, 0) != "" {
		t.Error("a square for dice that are not on a card")
	}
}

// playSeasons draws n turns through Act and returns them.
func playSeasons(t *testing.T, r *Ruleset, s *deck.State, n int) []deck.Turn {
	t.Helper()
	out := make([]deck.Turn, 0, n)
	for range n {
		if err := r.Act(s, deck.Action{ID: ActDraw}); err != nil {
			t.Fatal(err)
		}
		tn, ok := r.Turn(s, -1)
		if !ok {
			t.Fatal("no turn after a draw")
		}
		out = append(out, tn)
	}
	return out
}

func seasonOf(t *testing.T, tn deck.Turn) int {
	t.Helper()
	mk, ok := tn.Mark(MarkSeason)
	if !ok {
		t.Fatalf("draw %d: no season mark", tn.Draw)
	}
	i := slices.Index(SeasonNames(), mk.Value.(string))
	if i < 0 {
		t.Fatalf("draw %d: season %v", tn.Draw, mk.Value)
	}
	return i
}

// TestSeasonChangeFollowsTheSetting: by hand the season stays until set;
// with new-year it turns at each New Year; with round after every full
// round of turns.
func TestSeasonChangeFollowsTheSetting(t *testing.T) {
	r := newRuleset(t)
	tests := []struct {
		by   string
		want func(tn deck.Turn) int
	}{
		{SeasonByHand, func(deck.Turn) int { return 0 }},
		{SeasonByNewYear, func(tn deck.Turn) int { return (tn.Year - 1) % 4 }},
		{SeasonByRound, func(tn deck.Turn) int { return (tn.Draw - 1) / len(players) % 4 }},
	}
	for _, tt := range tests {
		s := newGame(t, r, seasonsConfig(tt.by), 42)
		years := 0
		for _, tn := range playSeasons(t, r, s, 300) {
			if got := seasonOf(t, tn); got != tt.want(tn) {
				t.Fatalf("%s: draw %d (year %d) in %s, want %s", tt.by, tn.Draw, tn.Year, SeasonName(got), SeasonName(tt.want(tn)))
			}
			years = tn.Year
		}
		if years < 9 {
			t.Fatalf("%s: only %d years in 300 draws", tt.by, years)
		}
	}
	// By hand: the w key's action sets the season from the next draw.
	s := newGame(t, r, seasonsConfig(SeasonByHand), 42)
	playSeasons(t, r, s, 2)
	if err := r.Act(s, deck.Action{ID: ActSetSeason, Values: []int{3}}); err != nil {
		t.Fatal(err)
	}
	if tn, _ := r.Turn(s, -1); seasonOf(t, tn) != 0 {
		t.Fatal("setting the season changed the turn already drawn")
	}
	for _, tn := range playSeasons(t, r, s, 5) {
		if seasonOf(t, tn) != 3 {
			t.Fatalf("draw %d: %s after setting winter", tn.Draw, SeasonName(seasonOf(t, tn)))
		}
	}
	if err := r.Act(s, deck.Action{ID: ActSetSeason, Values: []int{4}}); err == nil {
		t.Fatal("a fifth season accepted")
	}
	// With new-year, a season set by hand goes on turning from there.
	s = newGame(t, r, seasonsConfig(SeasonByNewYear), 42)
	if err := r.SetSeason(s, 3); err != nil {
		t.Fatal(err)
	}
	for _, tn := range playSeasons(t, r, s, 40) {
		if want := (3 + tn.Year - 1) % 4; seasonOf(t, tn) != want {
			t.Fatalf("draw %d: %s, want %s", tn.Draw, SeasonName(seasonOf(t, tn)), SeasonName(want))
		}
	}
}

// TestEventDieIsThePrintedSquare: on every one of 10,000 draws the event
// die is the card's square for the turn's season, and the ship moves the
// barbarians as C&K has it.
func TestEventDieIsThePrintedSquare(t *testing.T) {
	r := newRuleset(t)
	for _, by := range []string{SeasonByNewYear, SeasonByRound} {
		s := newGame(t, r, seasonsConfig(by), 7)
		seen := map[int]int{}
		for range 10_000 {
			if err := r.Act(s, deck.Action{ID: ActDraw}); err != nil {
				t.Fatal(err)
			}
			rec := s.TurnAt(s.Turns() - 1)
			tn, _ := r.Turn(s, -1)
			face, _ := tn.Die(DieEvent)
			c := r.Card(rec.Card)
			season := seasonOf(t, tn)
			seen[season]++
			if want := SeasonSquare(c.Red, c.White, season); face.Value != want {
				t.Fatalf("%s, draw %d: event die %s, card %+v prints %s in %s", by, tn.Draw, face.Value, c, want, SeasonName(season))
			}
			mk, _ := tn.Mark(MarkSeason)
			if want := "[" + SeasonName(season) + " " + face.Value + "]"; !strings.Contains(mk.Text, want) {
				t.Fatalf("draw %d: season mark %q does not mark %s", tn.Draw, mk.Text, want)
			}
			s.History.Reset()
		}
		if len(seen) != 4 {
			t.Fatalf("%s: seasons seen %v", by, seen)
		}
	}
}

// TestSeasonsRollNoEventDie: the random stream moves exactly as it would
// without an event die. Same seed: the cards drawn with seasons on are
// those of a game without C&K, and the streams end in the same place; with
// the red die rolled, the only other draw from the stream is that red.
func TestSeasonsRollNoEventDie(t *testing.T) {
	r := newRuleset(t)
	for _, red := range []string{RedPrinted, RedRolled} {
		for _, die := range []string{DieRandom, DieBalanced} {
			cfg := seasonsConfig(SeasonByRound)
			cfg.ProgressRed, cfg.EventDie = red, die
			on := newGame(t, r, cfg, 99)
			off := newGame(t, r, DefaultConfig(), 99)
			for i := range 2000 {
				if err := r.Act(on, deck.Action{ID: ActDraw}); err != nil {
					t.Fatal(err)
				}
				if err := r.Act(off, deck.Action{ID: ActDraw}); err != nil {
					t.Fatal(err)
				}
				a, b := on.TurnAt(on.Turns()-1), off.TurnAt(off.Turns()-1)
				if a.Card != b.Card || a.Rebuilt != b.Rebuilt {
					t.Fatalf("%s/%s draw %d: card %d, without C&K %d", red, die, i+1, a.Card, b.Card)
				}
				want := r.Card(a.Card).Red
				if red == RedRolled {
					want = off.Rand().IntN(6) + 1 // the one draw seasons make: C&K's own red roll
				}
				if got, _ := strconv.Atoi(a.Dice[DieProgressRed]); got != want {
					t.Fatalf("%s/%s draw %d: progress red %d, want %d", red, die, i+1, got, want)
				}
			}
			if on.Rand().Uint64() != off.Rand().Uint64() {
				t.Fatalf("%s/%s: the streams parted: an event die was rolled", red, die)
			}
			if len(on.Piles) != 0 {
				t.Fatalf("%s/%s: a balanced die pile was dealt: %v", red, die, on.Piles)
			}
		}
	}
}

// TestSeasonsAlchemyThrowsTheDie: Alchemy draws no card, so no square: the
// event die is thrown as C&K throws it (eventdeck's reading of rules/001's
// "thrown or printed").
func TestSeasonsAlchemyThrowsTheDie(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, seasonsConfig(SeasonByHand), 5)
	playSeasons(t, r, s, 3)
	twin := s.Clone()
	want := ck.EventDie().Roll(twin.Rand())
	tn, err := r.Alchemy(s, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if face, _ := tn.Die(DieEvent); face.Value != want {
		t.Fatalf("alchemy's event die %s, want the roll %s", face.Value, want)
	}
	if s.Rand().Uint64() != twin.Rand().Uint64() {
		t.Fatal("alchemy drew more than the event die from the stream")
	}
	mk, ok := tn.Mark(MarkSeason)
	if !ok || mk.Value != Spring || !strings.Contains(mk.Text, "thrown") {
		t.Fatalf("alchemy's season mark %+v", mk)
	}
	if st := r.Steps(s); len(st) == 0 || st[0].Title != "Season ❀ spring" || !strings.Contains(st[0].Text, "thrown") {
		t.Fatalf("alchemy's steps:\n%s", texts(st))
	}
}

// TestShipExtraStopsAtTheAttack: the extra space never passes an attack.
func TestShipExtraStopsAtTheAttack(t *testing.T) {
	r := newRuleset(t)
	cfg := seasonsConfig(SeasonByHand)
	cfg.ShipExtra = true
	s := newGame(t, r, cfg, 3)
	attacks := 0
	for _, tn := range playSeasons(t, r, s, 500) {
		mk, _ := tn.Mark(MarkBarbarians)
		if pos := mk.Value.(int); pos > ck.BarbarianSteps {
			t.Fatalf("draw %d: barbarians at %d", tn.Draw, pos)
		}
		if _, ok := tn.Mark(MarkAttack); ok {
			attacks++
		}
	}
	// A ship on half the cards, two spaces each: an attack every ~7 turns.
	if attacks < 50 || attacks > 100 {
		t.Fatalf("%d attacks in 500 draws with two spaces a ship", attacks)
	}
}
