package catan

import "github.com/eventdeck/eventdeck/deck"

// layer is a variant laid over the board game's turn, with hook points:
// when the card is drawn, what the table sees, steps before the card's
// event, instead of it, and after production; what its answers remember,
// and which facts it keeps. Cities & Knights is one; the seasonal event die
// (seasons.go) is a second, laid on it: it wraps the C&K layer.
type layer interface {
	// roll adds the layer's dice to a turn being drawn; card is the card
	// drawn, or Alchemy's chosen dice (chosen: no card).
	roll(s *deck.State, cfg *Config, rec *deck.Record, card Card, chosen bool)
	// describe adds the layer's faces and marks to what the table sees;
	// card is the turn's card (Alchemy: its chosen dice).
	describe(rec deck.Record, card Card, cfg Config, t *deck.Turn)
	// before adds steps before the card's event.
	before(b *stepper)
	// event resolves the card's event in place of the board game's rule,
	// and reports whether it did.
	event(b *stepper) bool
	// afterProduction adds steps after production.
	afterProduction(b *stepper)
	// answered updates remembered facts after an answer.
	answered(s *deck.State, q deck.Question, value string)
	// facts lists the layer's facts for the facts screen.
	facts(s *deck.State) []deck.Question
}

// layers are the variants cfg lays over the board game, in order.
// ParseConfig sets them once; a Config built by hand gets them here.
func (c Config) layers() []layer {
	if c.lay == nil {
		return c.buildLayers()
	}
	return c.lay
}

// buildLayers lays C&K over the board game, and the seasonal event die over
// C&K (it does nothing without it: rules/001 is a C&K variant).
func (c Config) buildLayers() []layer {
	switch {
	case c.CitiesKnights && c.Seasons:
		return []layer{seasons{}}
	case c.CitiesKnights:
		return []layer{citiesKnights{}}
	}
	return nil
}

// SeasonsOn reports whether the seasonal event die is in play: it needs
// Cities & Knights.
func (c Config) SeasonsOn() bool { return c.CitiesKnights && c.Seasons }
