package catan

import (
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
