package deck

import (
	"maps"
	"math/rand/v2"
)

// Player is one person at the table, in seating order.
type Player struct {
	Name string `json:"name"`
}

// Record is one finished turn in the history. Records are final once appended:
// the history only grows, which lets undo snapshots share it.
type Record struct {
	Draw    int               `json:"draw"`               // production count, from 1
	Year    int               `json:"year"`               // year of the deck, from 1
	Player  int               `json:"player"`             // index into State.Players
	Card    Card              `json:"card"`               // the numbered card drawn
	NewYear bool              `json:"new_year,omitempty"` // the deck was rebuilt before this card
	Dice    map[string]string `json:"dice,omitempty"`     // faces of dice rolled this turn, by die name
	Answers map[string]string `json:"answers,omitempty"`  // answers given while resolving it
}

// State is everything a game is: its ruleset and options, the players and
// whose turn it is, the deck, trackers, remembered facts, the history and the
// random stream. It is small and copied whole for undo.
type State struct {
	Ruleset  string            `json:"ruleset"`
	Options  map[string]string `json:"options"`
	Players  []Player          `json:"players"`
	Current  int               `json:"current"` // index of the player whose turn it is
	Deck     Deck              `json:"deck"`
	Year     int               `json:"year"`  // the deck's year, from 1
	Draws    int               `json:"draws"` // productions drawn so far
	Trackers map[string]int    `json:"trackers,omitempty"`
	Facts    map[string]string `json:"facts,omitempty"`
	History  []Record          `json:"-"`

	src *rand.ChaCha8
	rng *rand.Rand
}

// NewState returns the state of a game about to start: year 1, nothing drawn,
// the first player to move, and the random stream for seed.
func NewState(ruleset string, options map[string]string, players []Player, seed uint64) *State {
	s := &State{
		Ruleset: ruleset,
		Options: maps.Clone(options),
		Players: append([]Player(nil), players...),
		Year:    1,
	}
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	s.setSource(NewSource(seed))
	return s
}

func (s *State) setSource(src *rand.ChaCha8) {
	s.src = src
	s.rng = rand.New(src)
}

// Rand is the game's random source. Every shuffle and roll of the game comes
// from it, and its position is saved with the game.
func (s *State) Rand() *rand.Rand { return s.rng }

// NextPlayer passes the turn to the player on the left.
func (s *State) NextPlayer() {
	if len(s.Players) > 0 {
		s.Current = (s.Current + 1) % len(s.Players)
	}
}

// PrevPlayer gives the turn back to the player on the right.
func (s *State) PrevPlayer() {
	if len(s.Players) > 0 {
		s.Current = (s.Current + len(s.Players) - 1) % len(s.Players)
	}
}

// DrawnThisYear is how many productions the current year has had.
func (s *State) DrawnThisYear() int {
	n := 0
	for i := len(s.History) - 1; i >= 0 && s.History[i].Year == s.Year; i-- {
		n++
	}
	return n
}

// Clone returns a copy of s that shares nothing mutable with it. The history
// is shared up to its length, which is safe because records are final and
// the copy's capacity is capped, so an append to either never touches the other.
func (s *State) Clone() *State { return s.clone(false) }

// clone copies s. With growHistory the copy may append to the history's
// backing array in place: safe only when no other state has a longer
// history in that array (Game.Do knows when: there is nothing to redo).
func (s *State) clone(growHistory bool) *State {
	c := *s
	c.Options = maps.Clone(s.Options)
	c.Players = append([]Player(nil), s.Players...)
	c.Deck = s.Deck.Clone()
	c.Trackers = maps.Clone(s.Trackers)
	c.Facts = maps.Clone(s.Facts)
	if !growHistory {
		c.History = s.History[:len(s.History):len(s.History)]
	}
	src := *s.src
	c.setSource(&src)
	return &c
}
