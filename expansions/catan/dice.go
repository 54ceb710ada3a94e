package catan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Dice modes: how the board game's two dice are made (issue 16). Every mode
// but the Event Cards plays the numbers only, with no card events.
const (
	DiceCards    = "cards"    // the Event Cards (rules/000), the default
	DiceDeck     = "deck"     // the 36 dice pairs as a plain deck
	DiceRandom   = "random"   // two fair dice
	DiceBalanced = "balanced" // Colonist's balanced dice (balanced.go)
	DiceHybrid   = "hybrid"   // each roll random with probability P %, else from the deck
	DiceTyped    = "typed"    // the table rolls real dice and types them
)

// pileDice is the dice deck's pile: pair ids 0..35 (pairID).
const pileDice = "dice"

// Pairs is the number of ordered pairs two dice make, and so the size of
// the dice deck.
const Pairs = 36

// pairOf is the red and white dice of a pair id: id = (red−1)·6 + white−1.
func pairOf(c deck.Card) (red, white int) { return int(c)/6 + 1, int(c)%6 + 1 }

// diceValues are the modes the setup screen offers, with three hybrid
// percentages; the flag takes any hybrid=P from 0 to 100.
func diceValues() []string {
	return []string{DiceCards, DiceDeck, DiceRandom, DiceBalanced, DiceHybrid + "=25", DiceHybrid + "=50", DiceHybrid + "=75", DiceTyped}
}

func stackValues() []string {
	v := make([]string, Pairs)
	for k := range v {
		v[k] = strconv.Itoa(k)
	}
	return v
}

// parseDice reads a dice mode: a mode's name, or hybrid=P with P from 0 to 100.
func parseDice(v string) (string, int, error) {
	switch v {
	case DiceCards, DiceDeck, DiceRandom, DiceBalanced, DiceTyped:
		return v, 0, nil
	}
	if p, ok := strings.CutPrefix(v, DiceHybrid+"="); ok {
		n, err := strconv.Atoi(p)
		if err == nil && n >= 0 && n <= 100 {
			return DiceHybrid, n, nil
		}
	}
	return "", 0, fmt.Errorf("dice %q: want cards, deck, random, balanced, typed or hybrid=P with P from 0 to 100", v)
}

// diceValue is the dice mode as an option value.
func (c Config) diceValue() string {
	if c.Dice == DiceHybrid {
		return DiceHybrid + "=" + strconv.Itoa(c.Hybrid)
	}
	return c.Dice
}

// usesDeck reports whether the mode draws from the dice deck.
func (c Config) usesDeck() bool {
	return c.Dice == DiceDeck || c.Dice == DiceHybrid || c.Dice == DiceBalanced
}

// DiceCycle is how many pairs the dice deck deals before it is reshuffled:
// 36 − K with K left out (the New Year "stack"); 0 for modes without the
// plain dice deck.
func DiceCycle(cfg Config) int {
	if cfg.Dice == DiceDeck || cfg.Dice == DiceHybrid {
		return Pairs - cfg.DiceStack
	}
	return 0
}

// newDicePile is the 36 pairs, shuffled; the balanced dice's pile is kept
// in order: they take a pair at random within the chosen total, so the
// order of their pile never matters, and a shuffle would only spend numbers.
func newDicePile(s *deck.State, cfg *Config) deck.Deck {
	ids := make([]deck.Card, Pairs)
	for i := range ids {
		ids[i] = deck.Card(i)
	}
	p := deck.NewDeck(ids...)
	if cfg.Dice != DiceBalanced {
		p.Shuffle(s.Rand())
	}
	return p
}

// dicePile returns the game's dice deck, made on first use.
func dicePile(s *deck.State, cfg *Config) deck.Deck {
	if p, ok := s.Piles[pileDice]; ok {
		return p
	}
	if s.Piles == nil {
		s.Piles = map[string]deck.Deck{}
	}
	return newDicePile(s, cfg)
}

// Roll makes the next pair of a dice mode other than the cards and typed
// dice, and reports whether the dice deck was reshuffled first (a new
// year of the deck). The pair counts as a production. It allocates
// nothing once the game's piles exist.
func (r *Ruleset) Roll(s *deck.State, cfg *Config) (red, white int, rebuilt bool) {
	switch cfg.Dice {
	case DiceBalanced:
		red, white, rebuilt = rollBalanced(s, cfg)
	case DiceHybrid:
		// issue 16: each roll is random with probability P %, else the deck's.
		if s.Rand().IntN(100) < cfg.Hybrid {
			red, white = s.Rand().IntN(6)+1, s.Rand().IntN(6)+1
		} else {
			red, white, rebuilt = drawPair(s, cfg)
		}
	case DiceDeck:
		red, white, rebuilt = drawPair(s, cfg)
	default:
		red, white = s.Rand().IntN(6)+1, s.Rand().IntN(6)+1
	}
	if rebuilt {
		s.Year++
	}
	s.Draws++
	return red, white, rebuilt
}

// drawPair deals the next pair of the dice deck. Like the New Year rule
// (rules/000) the last K pairs stay hidden: once only K are left all 36 are
// gathered and reshuffled first.
func drawPair(s *deck.State, cfg *Config) (int, int, bool) {
	p := dicePile(s, cfg)
	rebuilt := false
	if p.Len() <= cfg.DiceStack {
		p.Rebuild(s.Rand())
		rebuilt = true
	}
	c, _ := p.Top() // never empty: DiceStack < 36
	p.PutDiscard(c)
	s.Piles[pileDice] = p
	red, white := pairOf(c)
	return red, white, rebuilt
}

// fairOdds are two fair dice's odds, in 36ths, by total.
func fairOdds(out *[13]float64) {
	for n := 2; n <= 12; n++ {
		out[n] = float64(Pips(n)) / Pairs
	}
}

// NextOdds is what a perfect card counter knows of the next production
// number, by total (out[2..12]): the cards or pairs not yet seen, a full
// deck when the next turn reshuffles, and the exact weights of the
// balanced dice, whose state is all in sight. With New Year at random the
// counter is told where New Year lies.
func (r *Ruleset) NextOdds(s *deck.State, cfg *Config, out *[13]float64) {
	*out = [13]float64{}
	switch cfg.Dice {
	case DiceCards:
		var left [13]int
		n := 0
		for _, c := range s.Deck.Draw {
			if c < NewYear {
				left[r.cards[c].Number]++
				n++
			}
		}
		if NextRebuilds(s, cfg) {
			fairOdds(out) // the next draw rebuilds all 36
			return
		}
		for i, k := range left {
			out[i] = float64(k) / float64(n)
		}
	case DiceDeck, DiceHybrid:
		var deckOdds [13]float64
		p, ok := s.Piles[pileDice]
		if !ok || NextRebuilds(s, cfg) {
			fairOdds(&deckOdds)
		} else {
			for _, c := range p.Draw {
				red, white := pairOf(c)
				deckOdds[red+white]++
			}
			for i := range deckOdds {
				deckOdds[i] /= float64(p.Len())
			}
		}
		if cfg.Dice == DiceDeck {
			*out = deckOdds
			return
		}
		fairOdds(out)
		q := float64(cfg.Hybrid) / 100
		for i := range out {
			out[i] = q*out[i] + (1-q)*deckOdds[i]
		}
	case DiceBalanced:
		w, sum := balancedWeights(s)
		for i := range w {
			out[i] = w[i] / sum
		}
	default:
		fairOdds(out)
	}
}
