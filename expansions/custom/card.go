// Package custom is the table's own event cards: house rules for the board
// game, events for a Rivals stack, and cards for the Card Game's blank cards
// and theme decks whose cards our sources lack (rules/002), written in small
// TOML files. It reads and
// checks those files, keeps the cards a game uses in the game's options so
// that a saved game never needs the file again, and walks a card's steps.
// It knows no game: each ruleset describes where cards may go (Table).
package custom

import (
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Limits of a card, so that it fits the table screen (60 columns at least).
const (
	MaxID     = 32  // an id's characters
	MaxTitle  = 32  // a title's characters: one line of the card panel
	MaxText   = 160 // a card's or a step's text: about three lines at 60 columns
	MaxPrompt = 60  // a question's prompt: one line
	MaxTopic  = 30  // the words an answer is shown under
	MaxCopies = 9
	MaxSteps  = 6
	MaxCards  = 100      // cards in one file
	MaxFile   = 64 << 10 // bytes in one file
)

// Ask kinds a step's question may take, as written in a file.
const (
	AskPlayer  = "player"  // one player, or nobody
	AskPlayers = "players" // a set of players
	AskNumber  = "number"  // a whole number
	AskYesNo   = "yes-no"  // yes or no
)

// askKind is the engine's kind of question for a written kind.
func askKind(ask string) (deck.QuestionKind, bool) {
	switch ask {
	case AskPlayer:
		return deck.AskPlayer, true
	case AskPlayers:
		return deck.AskPlayers, true
	case AskNumber:
		return deck.AskNumber, true
	case AskYesNo:
		return deck.AskYesNo, true
	}
	return 0, false
}

// Card is one card the table wrote. Where it goes is said by the game it
// belongs to: Replaces or Joins for the board game, Stack for the others.
type Card struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Copies int    `json:"copies"`
	Game   string `json:"game"` // a ruleset id: "catan", "rivals", "card-game"
	// Replaces lists production numbers whose cards' events this card
	// replaces (board game), Copies cards of each number.
	Replaces []int `json:"replaces,omitempty"`
	// Joins lists production numbers on whose cards without an event this
	// card becomes the event (board game), Copies cards of each number.
	Joins []int `json:"joins,omitempty"`
	// Stack is the theme set, theme deck or game mode whose event cards the
	// card joins (Rivals, the Card Game), Copies times.
	Stack string `json:"stack,omitempty"`
	Steps []Step `json:"steps,omitempty"`
	File  string `json:"file"` // the file it came from, by name
}

// Step is one thing the table does for a card: a text, and maybe one
// question. In the text, {player} is the player whose turn it is and
// {answer} the last answer given, in words.
type Step struct {
	Text   string `json:"text"`
	Ask    string `json:"ask,omitempty"` // "", or one of the Ask kinds
	Prompt string `json:"prompt,omitempty"`
	Topic  string `json:"topic,omitempty"`
	Max    int    `json:"max,omitempty"` // for a number: the largest answer; 0 means 999
}

// Where says in a few words where the card goes: "replaces the event on 12",
// "joins the Duel's stack ×2".
func (c Card) Where() string {
	var w string
	switch {
	case len(c.Replaces) > 0:
		w = "replaces the event on " + numbers(c.Replaces)
	case len(c.Joins) > 0:
		w = "joins the cards without an event on " + numbers(c.Joins)
	default:
		w = "joins " + c.Stack
	}
	if c.Copies > 1 {
		w += " ×" + itoa(c.Copies)
	}
	return w
}

func numbers(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = itoa(n)
	}
	return strings.Join(s, ", ")
}

// Find returns the card with id among cards.
func Find(cards []Card, id string) (Card, bool) {
	i := slices.IndexFunc(cards, func(c Card) bool { return c.ID == id })
	if i < 0 {
		return Card{}, false
	}
	return cards[i], true
}

// Table is what a game offers the table's cards: its printed cards (so an
// id is not taken twice), and where a card may go.
type Table struct {
	Game    string    // the ruleset id
	Name    string    // what the table calls the game
	Printed []Printed // the printed event cards
	// Numbers is, for the board game, how many cards show each production
	// number and how many of them have no event; nil for other games.
	Numbers map[int]Slots
	Stacks  []string // the stacks a card may join; nil for the board game
}

// Slots is how many cards of one production number a deck has, and how
// many of them show no event.
type Slots struct {
	Cards int
	Free  int
}

// Printed is one printed event card, for listing.
type Printed struct {
	ID    string
	Title string
	Where string // "2, 6" or a deck's name
}

// Entry is the quick-reference entry of a card: its title with the
// "house rule" mark, tags to find it by, its text and where it goes.
func (c Card) Entry() deck.Entry {
	return deck.Entry{
		Title: c.Title + " (house rule)",
		Tags:  []string{"house", "custom", c.ID, c.File},
		Text:  c.Text + "\nFrom " + c.File + ": " + c.Where() + ".",
	}
}
