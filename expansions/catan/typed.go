package catan

import (
	"fmt"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// ActRoll is the main action with typed dice: the table rolls real dice
// and types their faces.
const ActRoll = "roll"

// mainAction is the one-key action of a quiet turn: draw a card, roll the
// dice of a dice mode, or with typed dice type them in (and with Cities &
// Knights the event die, as one of its faces).
func mainAction(cfg Config) deck.ActionSpec {
	switch cfg.Dice {
	case DiceCards:
		return deck.ActionSpec{ID: ActDraw, Label: "draw", Help: "draw the next Event Card", Main: true, DrawsCard: true}
	case DiceTyped:
		a := deck.ActionSpec{ID: ActRoll, Label: "type the dice", Help: "type the red and white dice the table rolled", Main: true,
			Inputs: []deck.Input{{Prompt: "The red die (1–6)", Kind: deck.InputNumber, Min: 1, Max: 6},
				{Prompt: "The white die (1–6)", Kind: deck.InputNumber, Min: 1, Max: 6}}}
		if cfg.CitiesKnights {
			a.Inputs = append(a.Inputs, deck.Input{Prompt: "The event die", Kind: deck.InputChoice, Choices: eventChoices()})
		}
		return a
	}
	return deck.ActionSpec{ID: ActDraw, Label: "roll", Help: "roll the dice (" + cfg.diceValue() + ")", Main: true}
}

// eventChoices are the event die's faces as typed: the ship, then each
// gate with its colour and letter.
func eventChoices() []string {
	out := []string{ck.Ship + " (black)"}
	for _, g := range ck.Gates() {
		out = append(out, fmt.Sprintf("%s (%s, %s)", g, ck.Colour(g), ck.Letter(g)))
	}
	return out
}

// eventFaces are the faces eventChoices name, in the same order.
func eventFaces() []string { return append([]string{ck.Ship}, ck.Gates()...) }

// Typed records a turn of real dice typed in: red and white 1 to 6, and
// with Cities & Knights the event die as an index into eventChoices. Bad
// input is refused with a message before anything changes.
func (r *Ruleset) Typed(s *deck.State, values []int) (deck.Turn, error) {
	cfg, err := config(s)
	if err != nil {
		return deck.Turn{}, err
	}
	if cfg.Dice != DiceTyped {
		return deck.Turn{}, fmt.Errorf("the dice are typed only with --dice typed")
	}
	want := 2
	if cfg.CitiesKnights {
		want = 3
	}
	if len(values) != want {
		return deck.Turn{}, fmt.Errorf("type %d dice: the red, the white and with Cities & Knights the event die", want)
	}
	red, white := values[0], values[1]
	if red < 1 || red > 6 || white < 1 || white > 6 {
		return deck.Turn{}, fmt.Errorf("dice %d and %d: each must be 1 to 6", red, white)
	}
	rec := deck.Record{Player: s.Current, Year: s.Year,
		Dice: map[string]string{DieRed: strconv.Itoa(red), DieWhite: strconv.Itoa(white)}}
	if cfg.CitiesKnights {
		faces := eventFaces()
		if values[2] < 0 || values[2] >= len(faces) {
			return deck.Turn{}, fmt.Errorf("the event die: pick 1 to %d", len(faces))
		}
		rec.Dice[DieEvent] = faces[values[2]]
	}
	return r.startRoll(s, cfg, rec, red, white, false), nil
}

// diceText is what a dice mode's turn says in place of an event.
func diceText(cfg Config) string {
	switch cfg.Dice {
	case DiceDeck:
		return "Dice deck: no event. Produce, or the 7."
	case DiceBalanced:
		return "Balanced dice: no event. Produce, or the 7."
	case DiceHybrid:
		return "Hybrid dice: no event. Produce, or the 7."
	case DiceTyped:
		return "Typed dice: no event. Produce, or the 7."
	}
	return "Dice only: no event card; the number decides."
}
