// Package expansions lists the games eventdeck plays. Each game family is a
// Ruleset in a package of its own; the UI and the command line reach them
// only through this interface.
package expansions

import (
	"fmt"
	"io/fs"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// Ruleset is one game family: its cards, options, and how a turn is drawn.
// Its methods are pure functions of the state and the game's facts.
type Ruleset interface {
	ID() string
	Name() string
	Options() []deck.Option
	// NewGame builds a game ready for its first draw.
	NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error)
	// Draw makes one production turn and passes the turn on.
	Draw(s *deck.State) (deck.Turn, error)
	// Last is the turn last drawn, false before the first.
	Last(s *deck.State) (deck.Turn, bool)
	// Recorded is turn i of the history as the table saw it.
	Recorded(s *deck.State, i int) (deck.Turn, bool)
	// YearLength is the productions in a year, 0 when not known in advance.
	YearLength(s *deck.State) int
	// Remaining counts by number the cards not yet seen this year.
	Remaining(s *deck.State) map[int]int
	// Describe sums up the game's options in one line.
	Describe(s *deck.State) string
	// ShowsDice reports whether the cards show their dice.
	ShowsDice(s *deck.State) bool
	// Validate checks a loaded game.
	Validate(s *deck.State) error
	// Reference is the game's quick-reference entries.
	Reference() []deck.Entry
	// Steps walks the table through the open turn, from the facts and the
	// answers given so far.
	Steps(s *deck.State) []deck.Step
	// Answer applies an answer to one of the open turn's questions.
	Answer(s *deck.State, q deck.Question, value string) error
	// AnswerText says an answer in a few words, "" to leave it out.
	AnswerText(s *deck.State, key, value string) string
	// FactQuestions lists the facts the table can correct, with their values.
	FactQuestions(s *deck.State) []deck.Question
	// SetFact corrects a fact; "" forgets it.
	SetFact(s *deck.State, q deck.Question, value string) error
	// Trackers lists the counters the table watches (the barbarian ship).
	Trackers(s *deck.State) []deck.Tracker
	// SetTracker corrects a tracker by hand.
	SetTracker(s *deck.State, key string, pos int) error
	// HasAlchemy reports whether a player may choose the dice (C&K's Alchemist).
	HasAlchemy(s *deck.State) bool
	// Alchemy is a turn with chosen dice: no card, the event die still rolled.
	Alchemy(s *deck.State, red, white int) (deck.Turn, error)
}

// All returns every ruleset, loading its data from fsys.
func All(fsys fs.FS) ([]Ruleset, error) {
	c, err := catan.New(fsys)
	if err != nil {
		return nil, err
	}
	return []Ruleset{c}, nil
}

// Lookup returns the ruleset with the given id.
func Lookup(fsys fs.FS, id string) (Ruleset, error) {
	all, err := All(fsys)
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r.ID() == id {
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q", id)
}
