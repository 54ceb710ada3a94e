package catan

import "github.com/eventdeck/eventdeck/deck"

// Balanced dice, as Colonist's blog "Designing balanced dice" describes
// them, with the figures public copies of that algorithm use (the open
// balanced-dice ports): a deck of the 36 pairs, reshuffled when fewer than
// 13 are left; each total's weight is its pairs left, damped by 34 % for
// each time it came up in the last 5 rolls (floored at 0); and the 7 is
// adjusted per roller. The 7's adjustment is eventdeck's reading of the
// blog, whose exact figures we could not check: each of the roller's own
// 7s in a row takes 34 % off, and a roller short of a fair share of the
// 7s rolled so far gets more, one over it less, by the difference of the
// shares; the factor is clamped to [0, 2]. The pair is then drawn
// uniformly among that total's pairs left, so the red die stays fair.
const (
	balancedReshuffle = 13   // reshuffle when fewer pairs are left
	balancedMemory    = 5    // how many recent totals damp the weights
	balancedDamp      = 0.34 // weight taken off per recent hit
	balancedSevenMax  = 2.0  // the 7's factor is clamped to [0, 2]
)

// BalancedOdds are the balanced dice's long-run odds, in 100,000ths:
// measured by eventdeck over 4,000,000 rolls for 2 to 5 players and made
// symmetric (6 players roll a 7 some 0.15 points less). The recent totals'
// damping makes the spread flatter than two dice's: a 7 comes up 15.4 %
// of the time, not 16.7 %. TestDiceModesLongRun checks the table.
func BalancedOdds() []deck.Odds {
	ways := [...]int{3048, 5944, 8644, 11172, 13510, 15364, 13510, 11172, 8644, 5944, 3048}
	out := make([]deck.Odds, len(ways))
	for i, w := range ways {
		out[i] = deck.Odds{Number: i + 2, Ways: w, Of: 100000}
	}
	return out
}

// The balanced dice's memory, in State.Counters: the last 5 totals (0 for
// none; 0 is the newest), then for each seat its 7s and its own 7s in a row.
const counterSevens = balancedMemory

func sevensAt(seat int) int   { return counterSevens + 2*seat }
func sevenRunAt(seat int) int { return counterSevens + 2*seat + 1 }

// balancedCounters returns the game's counters, made on first use.
func balancedCounters(s *deck.State) []int {
	if want := counterSevens + 2*len(s.Players); len(s.Counters) < want {
		s.Counters = append(s.Counters, make([]int, want-len(s.Counters))...)
	}
	return s.Counters
}

// counter reads counter i, 0 before the counters are made.
func counter(s *deck.State, i int) int {
	if i < len(s.Counters) {
		return s.Counters[i]
	}
	return 0
}

// balancedPile is the pile the next roll draws from: all 36 gathered again
// when fewer than 13 are left (no shuffle: the pair is taken at random
// within its total). It reports whether it was.
func balancedPile(s *deck.State, cfg *Config) (deck.Deck, bool) {
	p := dicePile(s, cfg)
	if p.Len() < balancedReshuffle {
		p.Draw = append(p.Draw, p.Discard...)
		p.Discard = p.Discard[:0]
		return p, true
	}
	return p, false
}

// balancedWeights are the weights of the totals 2..12 for the next roll,
// by the player whose turn it is, and their sum. It reads the state only.
func balancedWeights(s *deck.State) ([13]float64, float64) {
	var w [13]float64
	p, ok := s.Piles[pileDice]
	if !ok || p.Len() < balancedReshuffle {
		for n := 2; n <= 12; n++ {
			w[n] = float64(Pips(n))
		}
	} else {
		for _, c := range p.Draw {
			red, white := pairOf(c)
			w[red+white]++
		}
	}
	var recent [13]int
	for i := range balancedMemory {
		if t := counter(s, i); t <= 12 {
			recent[t]++
		}
	}
	sum := 0.0
	for n := 2; n <= 12; n++ {
		if recent[n] > 0 {
			w[n] *= max(0, 1-balancedDamp*float64(recent[n]))
		}
		if n == 7 {
			w[n] *= sevenFactor(s)
		}
		sum += w[n]
	}
	return w, sum
}

// sevenFactor is the 7's adjustment for the player whose turn it is
// (eventdeck's reading, see above).
func sevenFactor(s *deck.State) float64 {
	seat := s.Current
	f := 1 - balancedDamp*float64(counter(s, sevenRunAt(seat)))
	total := 0
	for i := range s.Players {
		total += counter(s, sevensAt(i))
	}
	if total > 0 {
		fair := 1 / float64(len(s.Players))
		f += fair - float64(counter(s, sevensAt(seat)))/float64(total)
	}
	return min(max(f, 0), balancedSevenMax)
}

// weightedTotal is the total that u, from 0 to the weights' sum, falls on:
// each total 2..12 takes a share as wide as its weight. Rounding at the top
// end gives the last total with weight.
func weightedTotal(w *[13]float64, u float64) int {
	total := 12
	for n := 2; n <= 12; n++ {
		if u < w[n] {
			total = n
			break
		}
		u -= w[n]
	}
	for w[total] == 0 {
		total--
	}
	return total
}

// rollBalanced draws the next pair of the balanced dice and updates their
// memory: the recent totals and the roller's 7s.
func rollBalanced(s *deck.State, cfg *Config) (int, int, bool) {
	w, sum := balancedWeights(s)
	p, rebuilt := balancedPile(s, cfg)
	if sum <= 0 { // every total damped away: fall back to the pairs left
		for _, c := range p.Draw {
			red, white := pairOf(c)
			w[red+white]++
			sum++
		}
	}
	total := weightedTotal(&w, s.Rand().Float64()*sum)
	// The pair: uniform among this total's pairs left.
	k := 0
	for _, c := range p.Draw {
		if red, white := pairOf(c); red+white == total {
			k++
		}
	}
	pick := s.Rand().IntN(k)
	pos := 0
	for i := len(p.Draw) - 1; i >= 0; i-- { // positions count from the top
		if red, white := pairOf(p.Draw[i]); red+white == total {
			if pick == 0 {
				pos = len(p.Draw) - 1 - i
				break
			}
			pick--
		}
	}
	c, _ := p.RemoveAt(pos)
	p.PutDiscard(c)
	s.Piles[pileDice] = p
	rememberBalanced(s, total)
	red, white := pairOf(c)
	return red, white, rebuilt
}

// rememberBalanced moves the recent totals along and counts the roller's 7.
func rememberBalanced(s *deck.State, total int) {
	c := balancedCounters(s)
	copy(c[1:balancedMemory], c[:balancedMemory-1])
	c[0] = total
	seat := s.Current
	if total == 7 {
		c[sevensAt(seat)] = min(c[sevensAt(seat)]+1, deck.MaxCounter)
		c[sevenRunAt(seat)] = min(c[sevenRunAt(seat)]+1, deck.MaxCounter)
	} else {
		c[sevenRunAt(seat)] = 0
	}
}
