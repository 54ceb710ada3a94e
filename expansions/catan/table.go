package catan

import (
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Turn returns turn i of the game (0 is the first, -1 the last) as the
// table saw it, and false if there is no such turn.
func (r *Ruleset) Turn(s *deck.State, i int) (deck.Turn, bool) {
	if i < 0 {
		i = s.Turns() + i
	}
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	cfg, err := config(s)
	if err != nil {
		return deck.Turn{}, false
	}
	return r.turnOf(s, s.TurnAt(i), cfg), true
}

// YearLength is how many productions a year has: 31 by the rules (36 cards,
// 5 under New Year), 36-K with K hidden, 36 without New Year, and 0 when New
// Year is placed at random and the length is not known.
func YearLength(cfg Config) int {
	switch cfg.NewYear {
	case NewYearRandom:
		return 0
	case NewYearNone:
		return NumberedCards
	}
	return NumberedCards - cfg.Hidden
}

// Progress is the year and the place in it: "Year 1 · draw 12 of 31".
// Alchemy turns draw no card, so they do not count.
func (r *Ruleset) Progress(s *deck.State) string {
	p := fmt.Sprintf("Year %d · draw %d", s.Year, s.DrawnThisYear())
	cfg, err := config(s)
	if err != nil {
		return p
	}
	switch cfg.Dice {
	case DiceCards:
	case DiceDeck, DiceHybrid:
		pile := s.Piles[pileDice]
		return fmt.Sprintf("Dice deck pass %d · pair %d of %d", s.Year, pile.Total()-pile.Len(), DiceCycle(cfg))
	case DiceBalanced:
		pile := s.Piles[pileDice]
		return fmt.Sprintf("Balanced dice · %d pairs left", pile.Len())
	default:
		return fmt.Sprintf("Roll %d", s.Draws)
	}
	if l := YearLength(cfg); l > 0 {
		p += fmt.Sprintf(" of %d", l)
	}
	return p
}

// Remaining counts, by number, the numbered cards not yet seen this year:
// what a card counter at the table knows. Hidden cards under New Year are
// counted too, since nobody knows which they are. Alchemy turns drew no
// card and do not count. With dice that deal from no deck (random, typed)
// there is nothing to count: nil. Hybrid dice count their deck's pairs.
func (r *Ruleset) Remaining(s *deck.State) []deck.Odds {
	if cfg, err := config(s); err == nil && cfg.Dice != DiceCards {
		return remainingPairs(s, cfg)
	}
	var left [13]int
	for _, c := range r.cards {
		left[c.Number]++
	}
	total := NumberedCards
	for i := s.Turns() - 1; i >= 0 && s.TurnAt(i).Year == s.Year; i-- {
		if rec := s.TurnAt(i); !rec.NoCard {
			left[r.cards[rec.Card].Number]--
			total--
		}
	}
	out := make([]deck.Odds, 0, 11)
	for n := 2; n <= 12; n++ {
		out = append(out, deck.Odds{Number: n, Ways: left[n], Of: total})
	}
	return out
}

// remainingPairs counts, by total, the dice deck's pairs not yet dealt;
// nil for dice without a deck.
func remainingPairs(s *deck.State, cfg Config) []deck.Odds {
	pile, ok := s.Piles[pileDice]
	if !ok || !cfg.usesDeck() {
		return nil
	}
	var left [13]int
	for _, c := range pile.Draw {
		red, white := pairOf(c)
		left[red+white]++
	}
	out := make([]deck.Odds, 0, 11)
	for n := 2; n <= 12; n++ {
		out = append(out, deck.Odds{Number: n, Ways: left[n], Of: pile.Len()})
	}
	return out
}

// Odds are the numbers' odds in the long run of the game's dice mode: the
// two dice's, which the 36 cards copy, and so do the dice deck (it deals
// all 36 pairs), hybrid and typed dice. The balanced dice damp repeats, so
// their spread is flatter: BalancedOdds.
func (r *Ruleset) Odds(s *deck.State) []deck.Odds {
	if cfg, err := config(s); err == nil && cfg.Dice == DiceBalanced {
		return BalancedOdds()
	}
	out := make([]deck.Odds, 0, 11)
	for n := 2; n <= 12; n++ {
		out = append(out, deck.Odds{Number: n, Ways: Pips(n), Of: 36})
	}
	return out
}

// Describe is a one-line summary of the game's options for the screen's header.
func (r *Ruleset) Describe(s *deck.State) string {
	cfg, err := config(s)
	if err != nil {
		return "Catan"
	}
	// What changes the play first: on a narrow screen the header cuts
	// from the end, and the edition and printing matter least.
	// Cities & Knights first of the expansions: it changes the most of
	// what the table reads (the event die, barbarians, progress cards;
	// play-test: at 80 columns it was the part dropped).
	parts := []string{"Catan"}
	if cfg.CitiesKnights {
		parts = append(parts, "Cities & Knights")
	}
	if cfg.Seafarers {
		parts = append(parts, "Seafarers")
	}
	if cfg.Explorers {
		parts = append(parts, "Explorers & Pirates")
	}
	if cfg.SeasonsOn() {
		parts = append(parts, SeasonLabel(CurrentSeason(s)))
	}
	if cfg.Dice != DiceCards {
		parts = append(parts, cfg.diceValue()+" dice")
	}
	parts = append(parts, "English "+ordinal(cfg.Edition)+" edition")
	switch {
	case cfg.Dice != DiceCards: // dice only: no deck printing to speak of
	case cfg.RedDie:
		parts = append(parts, "red-die deck")
	default:
		parts = append(parts, "plain deck")
	}
	return strings.Join(parts, " · ")
}

func ordinal(n int) string {
	switch n {
	case 4:
		return "4th"
	case 5:
		return "5th"
	}
	return "6th"
}
