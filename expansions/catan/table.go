package catan

import (
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Last returns the turn last drawn, as the table saw it, and false before the
// first draw.
func (r *Ruleset) Last(s *deck.State) (deck.Turn, bool) {
	return r.Recorded(s, s.Turns()-1)
}

// Recorded returns turn i of the history (0 is the first) as the table saw
// it, and false if there is no such turn.
func (r *Ruleset) Recorded(s *deck.State, i int) (deck.Turn, bool) {
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	cfg, err := r.Config(s)
	if err != nil {
		return deck.Turn{}, false
	}
	return r.TurnOf(s.TurnAt(i), cfg), true
}

// YearLength is how many productions a year has: 31 by the rules (36 cards,
// 5 under New Year), 36-K with K hidden, 36 without New Year, and 0 when New
// Year is placed at random and the length is not known.
func (r *Ruleset) YearLength(s *deck.State) int {
	cfg, err := r.Config(s)
	if err != nil {
		return 0
	}
	switch cfg.NewYear {
	case NewYearRandom:
		return 0
	case NewYearNone:
		return NumberedCards
	}
	return NumberedCards - cfg.Hidden
}

// Remaining counts, by number, the numbered cards not yet seen this year:
// what a card counter at the table knows. Hidden cards under New Year are
// counted too, since nobody knows which they are.
func (r *Ruleset) Remaining(s *deck.State) map[int]int {
	left := map[int]int{}
	for _, c := range r.cards {
		left[c.Number]++
	}
	for i := s.Turns() - 1; i >= 0 && s.TurnAt(i).Year == s.Year; i-- {
		left[r.cards[s.TurnAt(i).Card].Number]--
	}
	return left
}

// Describe is a one-line summary of the game's options for the screen's header.
func (r *Ruleset) Describe(s *deck.State) string {
	cfg, err := r.Config(s)
	if err != nil {
		return "Catan"
	}
	parts := []string{"Catan, English " + ordinal(cfg.Edition) + " edition"}
	if cfg.RedDie {
		parts = append(parts, "red-die deck")
	} else {
		parts = append(parts, "plain deck")
	}
	if cfg.Seafarers {
		parts = append(parts, "Seafarers")
	}
	if cfg.Explorers {
		parts = append(parts, "Explorers & Pirates")
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

// ShowsDice reports whether the cards show the red and white dice: the
// red-die printing does; the plain one shows the number only (rules/000).
func (r *Ruleset) ShowsDice(s *deck.State) bool {
	cfg, err := r.Config(s)
	return err == nil && cfg.RedDie
}
