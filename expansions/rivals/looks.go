package rivals

import (
	"errors"
	"fmt"

	"github.com/eventdeck/eventdeck/deck"
)

// lookSpecs are the cards that look into the stack. Their inputs list the
// cards, so they are Private: the only place the stack's order is shown.
func (r *Ruleset) lookSpecs(s *deck.State) []deck.ActionSpec {
	all := r.titles(s, s.Deck.Peek(s.Deck.Len()), true)
	top := r.titles(s, s.Deck.Peek(LookDepth), true)
	specs := []deck.ActionSpec{
		{ID: ActGreatForesight, Key: "o", Label: "great foresight", Private: true,
			Help:   "Great Foresight (1 owl): look through the stack and take out one card (not Yule)", // rules/003: pay 1 owl
			Inputs: []deck.Input{{Prompt: "The stack, top first: take out which card?", Kind: deck.InputChoice, Choices: all}}},
		{ID: ActGroveForesight, Key: "g", Label: "grove of great foresight", Private: true,
			Help:   "Grove of Great Foresight: see the top 3 and move any but Yule under the stack",
			Inputs: []deck.Input{{Prompt: "The top 3, top first: put which under the stack?", Kind: deck.InputChoices, Choices: top}}},
		{ID: ActScout, Key: "k", Label: "scout", Private: true,
			Help:   "Siward the Scout: look at the top 3 cards",
			Inputs: []deck.Input{{Prompt: "The top 3, top first", Kind: deck.InputShow, Choices: r.titles(s, s.Deck.Peek(LookDepth), false)}}},
	}
	if s.Open == nil {
		for i := range specs {
			specs[i].NotNow = errLookBeforeRoll.Error()
		}
	}
	return specs
}

// errLookBeforeRoll refuses a look before the game's first roll: rules/003
// has Great Foresight an action card and Grove of Great Foresight used
// "1x during your turn", both after the turn's roll; nobody has Siward
// the Scout in play before it either.
var errLookBeforeRoll = errors.New("not before the first roll: the cards that look into the stack are played in a turn")

// titles names cards for a look, Yule marked as staying when it may not move.
func (r *Ruleset) titles(s *deck.State, ids []deck.Card, yuleStays bool) []string {
	cards := r.tableOf(s)
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = cards[id].Title
		if yuleStays && cards[id].Event == Yule {
			out[i] += " (stays)"
		}
	}
	return out
}

// look does a look into the stack. Great Foresight takes one card out of
// the game, the order of the rest kept; Grove of Great Foresight puts
// chosen cards of the top 3 under the stack in their order; Siward only
// looks (rules/003, rivals-for-catan.md). Nothing about the cards is
// recorded in the turn.
func (r *Ruleset) look(s *deck.State, a deck.Action) error {
	if s.Open == nil {
		return errLookBeforeRoll
	}
	if s.Deck.Len() == 0 {
		return fmt.Errorf("the event stack is empty")
	}
	cards := r.tableOf(s)
	switch a.ID {
	case ActGreatForesight:
		if len(a.Values) != 1 || a.Values[0] < 0 || a.Values[0] >= s.Deck.Len() {
			return fmt.Errorf("no such card in the stack")
		}
		if cards[s.Deck.Peek(a.Values[0] + 1)[a.Values[0]]].Event == Yule {
			return fmt.Errorf("the Yule card stays in the stack")
		}
		if _, err := s.Deck.RemoveAt(a.Values[0]); err != nil {
			return err
		}
		if s.Open != nil {
			if s.Open.Marks == nil {
				s.Open.Marks = map[string]int{}
			}
			s.Open.Marks[markForesight]++
		}
	case ActGroveForesight:
		if len(a.Values) != 1 {
			return fmt.Errorf("want the chosen cards")
		}
		top := s.Deck.Peek(LookDepth)
		var pos []int
		for i := range LookDepth {
			if a.Values[0]&(1<<i) == 0 {
				continue
			}
			if i >= len(top) {
				return fmt.Errorf("no card %d on top", i+1)
			}
			if cards[top[i]].Event == Yule {
				return fmt.Errorf("the Yule card stays in the stack")
			}
			pos = append(pos, i)
		}
		if a.Values[0]>>LookDepth != 0 {
			return fmt.Errorf("only the top %d cards can move", LookDepth)
		}
		return s.Deck.TopToBottom(pos...)
	}
	return nil
}
