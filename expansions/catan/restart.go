package catan

import "github.com/eventdeck/eventdeck/deck"

// Restart starts the game in s again as NewGame would from seed, with the
// same players and options, reusing its memory: the simulator plays
// thousands of games on one state. cfg is s's parsed options.
func (r *Ruleset) Restart(s *deck.State, cfg *Config, seed uint64) {
	s.Reseed(seed)
	s.Current, s.Year, s.Draws, s.Open, s.History = 0, 1, 0, nil, deck.History{}
	clear(s.Trackers)
	clear(s.Facts)
	s.Counters = s.Counters[:0]
	s.Deck.Draw, s.Deck.Discard = s.Deck.Draw[:0], s.Deck.Discard[:0]
	for i := range NumberedCards {
		s.Deck.Draw = append(s.Deck.Draw, deck.Card(i))
	}
	r.setUp(s, cfg)
	for k := range s.Piles {
		if k != pileDice {
			delete(s.Piles, k)
		}
	}
	if cfg.usesDeck() {
		p := s.Piles[pileDice]
		p.Draw, p.Discard = p.Draw[:0], p.Discard[:0]
		for i := range Pairs {
			p.Draw = append(p.Draw, deck.Card(i))
		}
		if cfg.Dice != DiceBalanced { // the balanced pile stays in order (newDicePile)
			p.Shuffle(s.Rand())
		}
		s.Piles[pileDice] = p
	}
}

// NextRebuilds reports whether the next production reshuffles first: New
// Year on top of the cards (or none left without it), the dice deck down
// to its stack, the balanced dice below 13 pairs. A card counter knows it
// from the count.
func NextRebuilds(s *deck.State, cfg *Config) bool {
	switch cfg.Dice {
	case DiceCards:
		n := len(s.Deck.Draw)
		return n == 0 || s.Deck.Draw[n-1] == NewYear
	case DiceDeck, DiceHybrid:
		p := s.Piles[pileDice]
		return p.Len() <= cfg.DiceStack
	case DiceBalanced:
		p := s.Piles[pileDice]
		return p.Len() < balancedReshuffle
	}
	return false
}
