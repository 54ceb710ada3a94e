package catan

import (
	"fmt"
	"io/fs"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// CardsFile is where the card list lives in the assets file system.
const CardsFile = "catan/event-cards.csv"

// NumberedCards is how many numbered Event Cards the deck has: one for each
// ordered pair of red and white die (catan-events.md, rules/000).
const NumberedCards = 36

// Card is one numbered Event Card as printed.
type Card struct {
	Red    int    // the red die printed on the card (red-die printing)
	White  int    // the white die: number minus red
	Number int    // the production number, 2..12
	Event  string // event id
}

// LoadCards reads the numbered cards from fsys and checks them: 36 cards, each
// ordered pair of dice once, the number the sum of the dice, every event known.
func LoadCards(fsys fs.FS) ([]Card, error) {
	rows, err := deck.ReadTable(fsys, CardsFile, "red", "white", "number", "event")
	if err != nil {
		return nil, err
	}
	cards := make([]Card, 0, len(rows))
	var seen [7][7]bool
	for i, row := range rows {
		line := i + 2
		var v [3]int
		for j := range v {
			if v[j], err = strconv.Atoi(row[j]); err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a number", CardsFile, line, row[j])
			}
		}
		c := Card{Red: v[0], White: v[1], Number: v[2], Event: row[3]}
		if c.Red < 1 || c.Red > 6 || c.White < 1 || c.White > 6 || c.Red+c.White != c.Number {
			return nil, fmt.Errorf("%s:%d: dice %d+%d do not make %d", CardsFile, line, c.Red, c.White, c.Number)
		}
		if seen[c.Red][c.White] {
			return nil, fmt.Errorf("%s:%d: dice %d,%d appear twice", CardsFile, line, c.Red, c.White)
		}
		seen[c.Red][c.White] = true
		if !knownEvent(c.Event) {
			return nil, fmt.Errorf("%s:%d: unknown event %q", CardsFile, line, c.Event)
		}
		cards = append(cards, c)
	}
	if len(cards) != NumberedCards {
		return nil, fmt.Errorf("%s: %d cards, want %d", CardsFile, len(cards), NumberedCards)
	}
	return cards, nil
}
