package rivals

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// CardsFile is where the event cards live in the assets file system.
const CardsFile = "rivals/event-cards.csv"

// Basic is the Basic Set's id: its events are in every stack.
const Basic = "basic"

// Event ids the rules treat apart.
const (
	Yule          = "yule"             // rebuilds the stack (rivals-for-catan.md)
	Insurrection  = "insurrection"     // Prosperity: built on top of Yule, back under the top 4 (rules/003)
	BarbarianRaid = "barbarian-attack" // back under the top 4 (rivals-for-catan.md)
	Taxation      = "taxation"
)

// Set is one theme set of the three boxes.
type Set struct {
	ID    string
	Name  string
	Short string // the name in a list of sets ("Gold"): a field, never trimmed from Name (issue 36 item 5)
}

// ThemeSets returns the nine theme sets in the order of their boxes: the
// Basic Set's three, Age of Darkness, Age of Enlightenment (rivals-for-catan.md).
func ThemeSets() []Set {
	return []Set{
		{"gold", "Era of Gold", "Gold"},
		{"turmoil", "Era of Turmoil", "Turmoil"},
		{"progress", "Era of Progress", "Progress"},
		{"intrigue", "Era of Intrigue", "Intrigue"},
		{"merchants", "Era of Merchant Princes", "Merchant Princes"},
		{"barbarians", "Era of Barbarians", "Barbarians"},
		{"explorers", "Era of Explorers", "Explorers"},
		{"sages", "Era of Sages", "Sages"},
		{"prosperity", "Era of Prosperity", "Prosperity"},
	}
}

// setIndex is a theme set's place in ThemeSets, -1 if id is none.
func setIndex(id string) int {
	return slices.IndexFunc(ThemeSets(), func(s Set) bool { return s.ID == id })
}

// Card is one printed event card. Copies of an event are cards of their own,
// so that every card in the stack has its own id.
type Card struct {
	Set      string // Basic or a theme set id
	Event    string // what it does: "yule", "feud"
	Title    string
	Text     string // what it does, in our words
	HalfMoon bool   // left out of the Duel of the Princes unless drawn to fill (rules/003)
	// House marks a copy of the table's own card (house.go): Event is its
	// id, Set the stack it joins. It has no half moon and goes to the bottom.
	House bool
}

// UnderTop is how many cards a card that goes back under the top lies
// under: Barbarian Attack and Insurrection go under the top 4 (rules/003,
// rivals-for-catan.md).
const UnderTop = 4

// ReturnsUnderTop reports whether the card goes back under the top 4 cards
// instead of to the bottom.
func (c Card) ReturnsUnderTop() bool {
	return !c.House && (c.Event == BarbarianRaid || c.Event == Insurrection)
}

// LoadCards reads the event cards from fsys: one row per event and set with
// its copies and how many of them carry the half moon. The copies without
// the half moon come first.
func LoadCards(fsys fs.FS) ([]Card, error) {
	rows, err := deck.ReadTable(fsys, CardsFile, "set", "event", "title", "copies", "half_moon", "text")
	if err != nil {
		return nil, err
	}
	var cards []Card
	for i, row := range rows {
		line := i + 2
		if row[0] != Basic && setIndex(row[0]) < 0 {
			return nil, fmt.Errorf("%s:%d: unknown set %q", CardsFile, line, row[0])
		}
		if !knownEvent(row[1]) {
			return nil, fmt.Errorf("%s:%d: unknown event %q", CardsFile, line, row[1])
		}
		copies, err1 := strconv.Atoi(row[3])
		moons, err2 := strconv.Atoi(row[4])
		if err1 != nil || err2 != nil || copies < 1 || moons < 0 || moons > copies {
			return nil, fmt.Errorf("%s:%d: bad copies %q or half moons %q", CardsFile, line, row[3], row[4])
		}
		for k := range copies {
			cards = append(cards, Card{Set: row[0], Event: row[1], Title: row[2], Text: row[5], HalfMoon: k >= copies-moons})
		}
	}
	if len(cards) > 255 {
		return nil, fmt.Errorf("%s: %d cards is more than a deck holds", CardsFile, len(cards))
	}
	return cards, nil
}

// inSets returns the ids of the cards of the Basic Set and the given theme
// sets, in table order.
func inSets(cards []Card, sets []string) []deck.Card {
	var ids []deck.Card
	for i, c := range cards {
		if c.Set == Basic || slices.Contains(sets, c.Set) {
			ids = append(ids, deck.Card(i))
		}
	}
	return ids
}

// find returns the id of the first card with event, -1 if none.
func find(cards []Card, event string) int {
	return slices.IndexFunc(cards, func(c Card) bool { return c.Event == event })
}
