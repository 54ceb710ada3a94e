// Package simulate plays many short games of the board game's dice modes
// side by side and measures what players argue about: how far a game's
// spread of numbers is from the ideal, streaks and droughts, how the 7s
// fall between players, and how well a card counter guesses the next
// number (issue 16). It is pure: no I/O, and the same seed gives the same
// figures whatever the number of cores.
package simulate

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/mathext"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// Options say what to simulate.
type Options struct {
	Modes   []string // dice option values: "cards", "deck", "random", "balanced", "hybrid=50"
	Games   int      // games per mode
	Turns   int      // turns per game
	Players int      // players at the table
	Seed    uint64   // every game's seed comes from it
	Workers int      // goroutines; 0 means GOMAXPROCS
}

// Limits of a run.
const (
	MaxGames = 10_000_000
	MaxTurns = 10_000
)

// Freedom is the chi-square test's degrees of freedom: 11 totals less one.
const Freedom = 10

// NonIdealP is the threshold of a "non-ideal" game: its spread of 2..12
// fits two fair dice's odds with a chi-square p-value under 0.05.
const NonIdealP = 0.05

// Figures are one mode's results over all its games.
type Figures struct {
	Mode          string  `json:"mode"`
	Games         int     `json:"games"`
	Turns         int     `json:"turns"`
	MeanChiSquare float64 `json:"mean_chi_square"` // Pearson's, of a game's 2..12 counts against two dice's odds
	PValue        float64 `json:"p_value"`         // of the mean chi-square, 10 degrees of freedom
	NonIdeal      float64 `json:"non_ideal"`       // share of games with p < NonIdealP
	ThreeInARow   float64 `json:"three_in_a_row"`  // share of games where some number came up 3 times in a row
	Drought6      float64 `json:"drought_6"`       // mean longest run of turns without a 6
	Drought8      float64 `json:"drought_8"`       // the same for 8
	SevenSpread   float64 `json:"seven_spread"`    // mean of the most 7s a player rolled less the fewest
	HalfSevens    float64 `json:"half_sevens"`     // share of games where one player rolled half the 7s or more (of 2 or more)
	Predictable   float64 `json:"predictable"`     // share of turns a perfect card counter's best guess was right
}

// game is what one game counts.
type game struct {
	chi      float64
	triple   bool
	d6, d8   int
	spread   int
	half     bool
	hits     int
	totals   [13]int
	sevensBy [deck.MaxPlayers]int
}

// Run plays o.Games games of o.Turns turns for each mode and returns the
// figures in the order of o.Modes. progress, if not nil, is called from
// the workers (so it must be safe for concurrent use) with the games done
// so far and the total. Run stops early when ctx is cancelled.
func Run(ctx context.Context, r *catan.Ruleset, o Options, progress func(done, total int)) ([]Figures, error) {
	if o.Games < 1 || o.Games > MaxGames || o.Turns < 1 || o.Turns > MaxTurns {
		return nil, fmt.Errorf("games 1 to %d and turns 1 to %d", MaxGames, MaxTurns)
	}
	lo, hi := r.Players()
	if o.Players < lo || o.Players > hi {
		return nil, fmt.Errorf("players %d: want %d to %d", o.Players, lo, hi)
	}
	if len(o.Modes) == 0 {
		return nil, errors.New("no dice mode to simulate")
	}
	cfgs := make([]catan.Config, len(o.Modes))
	for i, m := range o.Modes {
		cfg, err := catan.ParseConfig(map[string]string{catan.OptDice: m})
		if err != nil {
			return nil, err
		}
		if cfg.Dice == catan.DiceTyped {
			return nil, errors.New("typed dice are rolled at the table: nothing to simulate")
		}
		cfgs[i] = cfg
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	f := newFold(o, cfgs, workers)
	var wg sync.WaitGroup
	errs := make([]error, workers)
	want := expected(o.Turns)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			streams := make([]*catan.Stream, len(cfgs)) // one per mode, restarted for each game
			for {
				c, ok := f.claim()
				if !ok {
					return
				}
				if ctx.Err() != nil {
					f.stop()
					return
				}
				if streams[c.mode] == nil {
					d, err := r.NewStream(cfgs[c.mode], o.Players)
					if err != nil {
						errs[w] = err
						f.stop()
						return
					}
					streams[c.mode] = d
				}
				for i := range c.games {
					c.games[i] = play(streams[c.mode], GameSeed(o.Seed, c.first+i), o.Turns, o.Players, want)
				}
				if n := f.done(c); progress != nil {
					progress(n, f.total)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	out := make([]Figures, len(cfgs))
	for i := range cfgs {
		out[i] = f.sums[i].figures(o.Modes[i], o.Turns)
	}
	return out, nil
}

// GameSeed is game g's seed: the same game number gets the same seed in
// every mode, so the modes are compared on the same games' streams.
// SplitMix64's finaliser spreads the numbers (Steele, Lea and Flood 2014).
func GameSeed(seed uint64, g int) uint64 {
	z := seed + uint64(g+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// play is one game of d, restarted from seed: turns in seating order,
// each number counted, and before each turn a perfect card counter's best
// guess. The counting has no branch that depends on the number: a
// mispredicted branch costs more than the rest of a turn.
func play(d *catan.Stream, seed uint64, turns, players int, want *[13]float64) game {
	d.Restart(seed)
	var res game
	var seen, gap [13]int // by total: the last turn (from 1) it came up, the longest wait for it
	last, run, triples := 0, 0, 0
	for t := 1; t <= turns; t++ {
		seat := d.Seat()
		guess, red, white, _ := d.Turn()
		n := red + white
		res.hits += one(n == guess)
		res.totals[n]++
		res.sevensBy[seat] += one(n == 7)
		gap[n] = max(gap[n], t-1-seen[n]) // the turns since it last came up
		seen[n] = t
		run = run*one(n == last) + 1
		triples += one(run >= 3)
		last = n
	}
	res.triple = triples > 0
	res.d6, res.d8 = max(gap[6], turns-seen[6]), max(gap[8], turns-seen[8]) // and since the last
	res.chi = chiSquare(&res.totals, want)
	lo, hi, sevens := turns, 0, 0
	for _, k := range res.sevensBy[:players] {
		lo, hi, sevens = min(lo, k), max(hi, k), sevens+k
	}
	res.spread = hi - lo
	res.half = sevens >= 2 && 2*hi >= sevens
	return res
}

// one is 1 for true, 0 for false.
func one(b bool) int {
	if b {
		return 1
	}
	return 0
}

// expected are a game's expected counts of 2..12 with two fair dice.
func expected(turns int) *[13]float64 {
	var want [13]float64
	for n := 2; n <= 12; n++ {
		want[n] = float64(turns) * float64(catan.Pips(n)) / catan.Pairs
	}
	return &want
}

// chiSquare is Pearson's statistic of a game's counts of 2..12 against
// the expected counts.
func chiSquare(totals *[13]int, want *[13]float64) float64 {
	x := 0.0
	for n := 2; n <= 12; n++ {
		d := float64(totals[n]) - want[n]
		x += d * d / want[n]
	}
	return x
}

// sums add up one mode's games, in game order: the figures then do not
// depend on which worker played which game, and memory does not grow with
// the games (issue 22).
type sums struct {
	games                     int
	chi                       float64 // the chi-squares added in game order
	nonIdeal, triples, halves int
	d6, d8, spread, hits      int
}

func (s *sums) add(g *game, limit float64) {
	s.games++
	s.chi += g.chi
	s.nonIdeal += one(g.chi > limit)
	s.triples += one(g.triple)
	s.halves += one(g.half)
	s.d6 += g.d6
	s.d8 += g.d8
	s.spread += g.spread
	s.hits += g.hits
}

// nonIdealLimit is the chi-square over which a game is non-ideal. The
// chi-square distribution with k degrees of freedom through the
// regularized incomplete gamma function (gonum's mathext): its upper tail
// at x is Q(k/2, x/2). Not distuv, whose package brings gonum's matrices
// and their start-up cost into every run of eventdeck.
func nonIdealLimit() float64 {
	return 2 * mathext.GammaIncRegCompInv(float64(Freedom)/2, NonIdealP)
}

func (s *sums) figures(mode string, turns int) Figures {
	n := float64(s.games)
	f := Figures{Mode: mode, Games: s.games, Turns: turns}
	f.MeanChiSquare = s.chi / n
	f.PValue = mathext.GammaIncRegComp(float64(Freedom)/2, f.MeanChiSquare/2)
	f.NonIdeal = float64(s.nonIdeal) / n
	f.ThreeInARow = float64(s.triples) / n
	f.HalfSevens = float64(s.halves) / n
	f.Drought6 = float64(s.d6) / n
	f.Drought8 = float64(s.d8) / n
	f.SevenSpread = float64(s.spread) / n
	f.Predictable = float64(s.hits) / (n * float64(turns))
	return f
}

// FairThreeInARow is the exact chance that some number comes up 3 times
// in a row in turns rolls of two fair dice: a dynamic program over the
// last total and the length of its run (1 or 2), the run of 3 absorbing.
func FairThreeInARow(turns int) float64 {
	var p [13]float64
	for n := 2; n <= 12; n++ {
		p[n] = float64(catan.Pips(n)) / catan.Pairs
	}
	var one, two [13]float64 // chance of no triple yet, ending in a run of 1 or 2 of n
	for n := 2; n <= 12; n++ {
		one[n] = p[n]
	}
	for range turns - 1 {
		var one2, two2 [13]float64
		alive := 0.0
		for n := 2; n <= 12; n++ {
			alive += one[n] + two[n]
		}
		for n := 2; n <= 12; n++ {
			one2[n] = (alive - one[n] - two[n]) * p[n] // a different number
			two2[n] = one[n] * p[n]                    // the same again: a run of 2
		}
		one, two = one2, two2
	}
	alive := 0.0
	for n := 2; n <= 12; n++ {
		alive += one[n] + two[n]
	}
	return 1 - alive
}
