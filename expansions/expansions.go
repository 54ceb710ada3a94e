// Package expansions lists the games eventdeck plays. Each game family is a
// Ruleset in a package of its own; the UI and the command line reach them
// only through these interfaces.
package expansions

import (
	"fmt"
	"io/fs"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/cardgame"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/custom"
	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// Ruleset is one game family: its cards, dice, options, and how each turn
// resolves into steps. Its methods are pure functions of the state and the
// game's facts; what a game does not have (facts, trackers, card counting)
// it leaves out of the optional interfaces below.
type Ruleset interface {
	ID() string
	Name() string
	// Players is how many may play: the setup screen and flags hold to it.
	Players() (min, max int)
	// Options are the game's settings; the setup screen and the flags are
	// made from them.
	Options() []deck.Option
	// NewGame builds a game ready for its first turn.
	NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error)
	// Validate checks a loaded game.
	Validate(s *deck.State) error
	// Actions lists what the table may do now; one of them is Main (draw,
	// roll) while no turn is being resolved.
	Actions(s *deck.State) []deck.ActionSpec
	// Act does one action; a new turn is then in the state.
	Act(s *deck.State, a deck.Action) error
	// Turn is turn i as the table saw it (0 the first, -1 the last), false
	// if there is none.
	Turn(s *deck.State, i int) (deck.Turn, bool)
	// Steps walks the table through the open turn, from the facts and the
	// answers given so far.
	Steps(s *deck.State) []deck.Step
	// Answer applies an answer to one of the open turn's questions.
	Answer(s *deck.State, q deck.Question, value string) error
	// Reference is the game's quick-reference entries.
	Reference() []deck.Entry
}

// Describer sums a game's options up in one line for the screen's header.
type Describer interface {
	Describe(s *deck.State) string
}

// Announcer is a game with a line to say while no turn is on show, about
// how it was set up: a Duel's sets, and which came by lot, so the players
// fetch those cards. "" says nothing.
type Announcer interface {
	Announce(s *deck.State) string
}

// FactKeeper is a game that remembers facts the table can correct.
type FactKeeper interface {
	// Facts lists every fact, each as a question whose Default is the value
	// remembered now ("" for unknown).
	Facts(s *deck.State) []deck.Question
	// SetFact corrects a fact; "" forgets it.
	SetFact(s *deck.State, q deck.Question, value string) error
}

// TrackerKeeper is a game with counters the table watches (the barbarian
// ship). Setting one by hand is one of the game's Actions.
type TrackerKeeper interface {
	Trackers(s *deck.State) []deck.Tracker
}

// Progresser is a game that says where its deck stands, for the screen's
// header: "Year 1 · draw 12 of 31".
type Progresser interface {
	Progress(s *deck.State) string
}

// CardCounter is a game whose deck a card counter can follow.
type CardCounter interface {
	// Remaining counts, by production number, the cards not yet seen;
	// nil when there is no deck to count (dice rolled at random or typed).
	Remaining(s *deck.State) []deck.Odds
}

// Distribution is a game whose production numbers have known odds: the
// statistics compare what came up with them.
type Distribution interface {
	Odds(s *deck.State) []deck.Odds
}

// HouseRules is a game that plays the table's own cards (package custom):
// it says where they may go, and lists its printed cards.
type HouseRules interface {
	CardTable() custom.Table
}

// All returns every ruleset, loading its data from fsys.
func All(fsys fs.FS) ([]Ruleset, error) { return AllWith(fsys, nil) }

// AllWith returns every ruleset, loading its data from fsys; those that
// take the table's own cards offer lib's (nil: none, and no option for them).
func AllWith(fsys fs.FS, lib *custom.Library) ([]Ruleset, error) {
	c, err := catan.New(fsys)
	if err != nil {
		return nil, err
	}
	rv, err := rivals.New(fsys)
	if err != nil {
		return nil, err
	}
	cg, err := cardgame.New(fsys)
	if err != nil {
		return nil, err
	}
	if lib != nil {
		return []Ruleset{board{c.WithCards(lib), &simCache{}}, rv.WithCards(lib), cg.WithCards(lib)}, nil
	}
	return []Ruleset{board{c, &simCache{}}, rv, cg}, nil
}

// CardTables lists where each of rulesets takes the table's own cards.
func CardTables(rulesets []Ruleset) []custom.Table {
	var out []custom.Table
	for _, r := range rulesets {
		if h, ok := r.(HouseRules); ok {
			out = append(out, h.CardTable())
		}
	}
	return out
}

// Parter is a game that names the parts of it a table plays (its
// expansions, sets, theme decks, mode), as its reference entries' Needs
// name them.
type Parter interface {
	Parts(s *deck.State) []string
}

// TableOf is what is in play at the table of s, a game of r: what every
// front-end hands deck.RankIn or deck.RankAt, so that the reference ranks
// what a player there most likely means first (issue 40). A nil s knows
// the game alone.
func TableOf(r Ruleset, s *deck.State) deck.Table {
	t := deck.Table{Game: r.ID()}
	if p, ok := r.(Parter); ok && s != nil {
		t.Parts = p.Parts(s)
	}
	return t
}

// Find returns the ruleset with the given id among rulesets.
func Find(rulesets []Ruleset, id string) (Ruleset, error) {
	for _, r := range rulesets {
		if r.ID() == id {
			return r, nil
		}
	}
	ids := make([]string, len(rulesets))
	for i, r := range rulesets {
		ids[i] = r.ID()
	}
	return nil, fmt.Errorf("unknown game %q: want one of %v", id, ids)
}

// Main returns the action of a quiet turn among specs, false if none.
func Main(specs []deck.ActionSpec) (deck.ActionSpec, bool) {
	for _, a := range specs {
		if a.Main {
			return a, true
		}
	}
	return deck.ActionSpec{}, false
}
