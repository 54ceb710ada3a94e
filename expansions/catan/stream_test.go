package catan

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// bestOf is the likeliest total by odds; ties go to 7, then the lowest
// (the simulator's card counter).
func bestOf(odds *[13]float64) int {
	guess := 7
	for n := 2; n <= 12; n++ {
		if odds[n] > odds[guess] {
			guess = n
		}
	}
	return guess
}

// TestStreamIsTheRuleset: for each dice mode the simulator's Stream deals
// what a State deals with DrawCard and Roll from the same seed, turn by
// turn over several restarted games (thousands of turns), reshuffles when
// it does, passes the turn alike, and its counter guesses as NextOdds.
func TestStreamIsTheRuleset(t *testing.T) {
	r := newRuleset(t)
	modes := []map[string]string{
		{OptDice: DiceCards},
		{OptDice: DiceCards, OptNewYear: NewYearRandom},
		{OptDice: DiceCards, OptNewYear: NewYearNone},
		{OptDice: DiceDeck},
		{OptDice: DiceDeck, OptDiceStack: "5"},
		{OptDice: DiceRandom},
		{OptDice: DiceBalanced},
		{OptDice: "hybrid=50"},
		{OptDice: "hybrid=0", OptDiceStack: "9"},
		{OptDice: "hybrid=100"},
	}
	for _, opts := range modes {
		cfg, err := ParseConfig(opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, seats := range []int{3, 4} {
			table := make([]deck.Player, seats)
			for i := range table {
				table[i].Name = string(rune('A' + i))
			}
			d, err := r.NewStream(cfg, seats)
			if err != nil {
				t.Fatal(err)
			}
			var odds [13]float64
			rebuilds := 0
			for game := range 4 {
				seed := uint64(game*7 + seats)
				s, err := r.NewGame(cfg.Options(), table, seed)
				if err != nil {
					t.Fatal(err)
				}
				d.Restart(seed)
				for turn := range 1000 {
					if d.Seat() != s.Current {
						t.Fatalf("%v game %d turn %d: seat %d, State %d", opts, game, turn, d.Seat(), s.Current)
					}
					r.NextOdds(s, &cfg, &odds)
					want := bestOf(&odds)
					var red, white int
					var rebuilt bool
					if cfg.Dice == DiceCards {
						c, rb, err := r.DrawCard(s, &cfg)
						if err != nil {
							t.Fatal(err)
						}
						red, white, rebuilt = r.cards[c].Red, r.cards[c].White, rb
					} else {
						red, white, rebuilt = r.Roll(s, &cfg)
					}
					s.NextPlayer()
					guess, r2, w2, rb2 := d.Turn()
					if guess != want || r2 != red || w2 != white || rb2 != rebuilt {
						t.Fatalf("%v game %d turn %d: stream guess %d dice %d+%d rebuilt %v, ruleset %d, %d+%d, %v",
							opts, game, turn, guess, r2, w2, rb2, want, red, white, rebuilt)
					}
					if rebuilt {
						rebuilds++
					}
				}
				if s.Rand().Uint64() != d.rng.Uint64() {
					t.Fatalf("%v game %d: the random streams part after 1000 turns", opts, game)
				}
			}
			if cfg.Dice != DiceRandom && cfg.Dice != DiceHybrid && rebuilds == 0 {
				t.Fatalf("%v: no reshuffle in 4000 turns", opts)
			}
		}
	}
	if _, err := r.NewStream(Config{Dice: DiceTyped}, 4); err == nil {
		t.Error("typed dice: want an error")
	}
}

// TestBalancedGuessNearTies: the guess without dividing is NextOdds' best
// guess, also when the 7's weight (times its own factor) is a rounding
// from another's and divides to the same odds, and when every weight is 0.
// The other weights are counts times a damping, as the dice make them.
func TestBalancedGuessNearTies(t *testing.T) {
	below := func(x float64) float64 { return math.Nextafter(x, 0) }
	above := func(x float64) float64 { return math.Nextafter(x, 10) }
	d1 := dampBy[1]
	cases := [][13]float64{
		{},
		{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1},
		{2: 1, 6: 5, 7: below(5), 8: 5},
		{2: 1, 6: 5, 7: above(5), 8: 5},
		{2: 1, 6: 5, 7: below(below(5)), 8: 5},
		{3: 4 * d1, 7: below(4 * d1), 9: 4 * d1},
		{4: 3, 7: 0, 10: 3},
		{5: 2 * dampBy[2], 7: above(2 * dampBy[2])},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var w [13]float64
		for n := 2; n <= 12; n++ {
			w[n] = float64(rng.IntN(7)) * dampBy[rng.IntN(4)]
		}
		switch rng.IntN(3) {
		case 0:
			w[7] *= rng.Float64() * 2
		case 1: // a rounding from another total's weight
			w[7] = math.Nextafter(w[2+rng.IntN(11)], float64(rng.IntN(2)*10))
		}
		cases = append(cases, w)
	}
	for _, w := range cases {
		sum := 0.0
		for n := 2; n <= 12; n++ {
			sum += w[n]
		}
		var odds [13]float64
		for n := range odds {
			odds[n] = w[n] / sum
		}
		if got, want := balancedGuess(&w, sum), bestOf(&odds); got != want {
			t.Errorf("weights %v: guess %d, NextOdds %d", w, got, want)
		}
	}
}

// TestDampedWeightsApart: balancedGuess keeps a tie rank in the lowest 4
// bits of the weights other than the 7's, which are a count of pairs
// times a damping; any two of those that differ must differ above them.
func TestDampedWeightsApart(t *testing.T) {
	var values []float64
	for c := 0; c <= 6; c++ {
		for _, d := range dampBy {
			values = append(values, float64(c)*d)
		}
	}
	for _, a := range values {
		for _, b := range values {
			if a != b && math.Float64bits(a)&^15 == math.Float64bits(b)&^15 {
				t.Fatalf("weights %v and %v differ only in their lowest bits", a, b)
			}
		}
	}
}
