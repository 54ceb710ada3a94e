package deck

import (
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
)

// Player is one person at the table, in seating order.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"` // one of Colours; "" for the seat's
}

// Record is one turn. The turn in progress is State.Open, where its answers
// gather; when the next turn starts it goes into the history, and records in
// the history are final: the history only grows, which lets undo snapshots
// share it.
type Record struct {
	Draw    int    `json:"draw"`               // production count, from 1
	Year    int    `json:"year"`               // year of the deck, from 1
	Player  int    `json:"player"`             // index into State.Players
	Card    Card   `json:"card"`               // the numbered card drawn
	Rebuilt bool   `json:"new_year,omitempty"` // the deck was rebuilt before this card (New Year, Yule)
	Dice    Texts  `json:"dice,omitempty"`     // faces of dice this turn, by die id
	Answers Texts  `json:"answers,omitempty"`  // answers given while resolving it
	Said    Texts  `json:"said,omitempty"`     // each answer in words, by the same key
	Steps   int    `json:"steps,omitempty"`    // how many of its steps the table has done
	NoCard  bool   `json:"no_card,omitempty"`  // no card was drawn this turn
	Marks   Counts `json:"marks,omitempty"`    // the ruleset's marks: a tracker's position, an attack
}

// State is everything a game is: its ruleset and options, the players and
// whose turn it is, the deck, trackers, remembered facts, the history and the
// random stream. It is small and copied whole for undo.
type State struct {
	Ruleset  string          `json:"ruleset"`
	Options  Texts           `json:"options"`
	Players  []Player        `json:"players"`
	Current  int             `json:"current"` // index of the player whose turn it is
	Deck     Deck            `json:"deck"`
	Year     int             `json:"year"`  // the deck's year, from 1
	Draws    int             `json:"draws"` // productions drawn so far
	Trackers Counts          `json:"trackers,omitempty"`
	Piles    map[string]Deck `json:"piles,omitempty"` // more piles a ruleset keeps, e.g. a balanced die's faces
	// Counters are a ruleset's numbered counters, for memory read on every
	// roll (the balanced dice's recent totals and 7s per seat), where
	// Trackers' named keys would cost too much. Each is 0..MaxCounter.
	Counters []int       `json:"counters,omitempty"`
	Facts    Texts       `json:"facts,omitempty"` // remembered across turns: who holds what
	Timer    int         `json:"timer,omitempty"` // seconds each turn may take; 0: no timer
	Clock    *TurnClock  `json:"clock,omitempty"` // the timer of the turn in progress when the table closed (clock.go)
	Left     []Player    `json:"left,omitempty"`  // players who left the table mid-game
	Table    []TableNote `json:"table,omitempty"` // changes to the table mid-game, for the history
	Open     *Record     `json:"open,omitempty"`  // the turn in progress, nil before the first draw
	History  History     `json:"-"`               // finished turns

	src *rand.ChaCha8
	rng *rand.Rand

	// cfg holds the options as the ruleset parsed them (see Config). It is
	// made with the state, so that two screens reading one published state
	// never race to fill it; copies with the same options share it.
	cfg *configCache
}

// configCache is the parse of a state's options, filled once, safely for
// concurrent readers.
type configCache struct {
	once sync.Once
	v    any
	err  error
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
	s.cfg = &configCache{}
	return s
}

func (s *State) setSource(src *rand.ChaCha8) {
	s.src = src
	s.rng = rand.New(src)
}

// Reseed restarts the game's random stream from seed, as NewState would
// start it, reusing its memory: a simulator plays thousands of games on one
// state.
func (s *State) Reseed(seed uint64) { Reseed(s.src, seed) }

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

// Turns is how many turns have been drawn: the history and the open turn.
func (s *State) Turns() int {
	if s.Open != nil {
		return s.History.Len() + 1
	}
	return s.History.Len()
}

// TurnAt returns turn i (0 is the first; Turns()-1 the open one).
func (s *State) TurnAt(i int) Record {
	if i == s.History.Len() && s.Open != nil {
		return *s.Open
	}
	return s.History.At(i)
}

// StartTurn closes the open turn into the history and opens rec.
func (s *State) StartTurn(rec Record) {
	if s.Open != nil {
		s.History.Append(*s.Open)
	}
	s.Open = &rec
}

// Answer records an answer to q given while resolving the open turn, with
// its words. A remembered question's answer (not a skip) also becomes a
// fact, offered again in later turns. Like every change it is made on a
// fresh state (Game.Do), so nothing shares the maps.
func (s *State) Answer(q Question, value string) {
	if s.Open == nil {
		return
	}
	if s.Open.Answers == nil {
		s.Open.Answers = map[string]string{}
	}
	if s.Open.Said == nil {
		s.Open.Said = map[string]string{}
	}
	s.Open.Answers[q.Key] = value
	s.Open.Said[q.Key] = q.Says(value, s.Players)
	if q.Remember && value != AnswerSkip {
		s.SetFact(q.Key, value)
	}
}

// SetFact remembers value under key; "" forgets it.
func (s *State) SetFact(key, value string) {
	if value == "" {
		delete(s.Facts, key)
		return
	}
	if s.Facts == nil {
		s.Facts = map[string]string{}
	}
	s.Facts[key] = value
}

// Config returns the game's options parsed by parse, parsing them once per
// state: rulesets read their options on every frame. The parsed value is
// treated as read-only, so copies of the state share it.
//
// The cache is made with the state and filled under a sync.Once: published
// states never change, and two screens may read one at once (issue 28).
func (s *State) Config(parse func(map[string]string) (any, error)) (any, error) {
	c := s.cfg
	if c == nil { // a state made by hand (tests): parse, keep nothing
		return parse(s.Options)
	}
	c.once.Do(func() { c.v, c.err = parse(s.Options) })
	return c.v, c.err
}

// KeepConfig records v as the parse of the state's options, for a ruleset
// that has just written those options from v (a new game, not yet shown
// to anyone): the first Config call then need not parse them again.
func (s *State) KeepConfig(v any) {
	c := &configCache{v: v}
	c.once.Do(func() {})
	s.cfg = c
}

// SetOption changes one option mid-game (a new hand limit); the parsed
// options are read again on next use.
func (s *State) SetOption(key, value string) {
	s.Options[key] = value
	s.cfg = &configCache{} // read again on next use
}

// DrawnThisYear is how many productions the current year has had.
func (s *State) DrawnThisYear() int {
	n := 0
	for i := s.Turns() - 1; i >= 0 && s.TurnAt(i).Year == s.Year; i-- {
		if !s.TurnAt(i).NoCard {
			n++
		}
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
	c.Left = slices.Clip(s.Left)
	c.Table = slices.Clip(s.Table)
	c.Deck = s.Deck.Clone()
	c.Trackers = maps.Clone(s.Trackers)
	c.Counters = slices.Clone(s.Counters)
	c.Facts = maps.Clone(s.Facts)
	if s.Piles != nil {
		c.Piles = make(map[string]Deck, len(s.Piles))
		for k, d := range s.Piles {
			c.Piles[k] = d.Clone()
		}
	}
	if s.Open != nil {
		open := *s.Open
		open.Answers = maps.Clone(s.Open.Answers)
		open.Dice = maps.Clone(s.Open.Dice)
		open.Said = maps.Clone(s.Open.Said)
		open.Marks = maps.Clone(s.Open.Marks)
		c.Open = &open
	}
	if !growHistory {
		c.History = s.History.Prefix(s.History.Len())
	}
	src := *s.src
	c.setSource(&src)
	return &c
}
