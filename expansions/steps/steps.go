// Package steps is the step builder every ruleset shares: it adds the steps
// that walk a table through a turn, asks questions (one player, several,
// a number, yes or no), reads the answers given so far, and checks answers.
// Rulesets build their steps with it as a pure function of the state.
package steps

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// MaxNumber is the largest number a question takes unless it says otherwise.
const MaxNumber = 999

// PlayerKey is the key of a per-player fact or answer: "points:2".
func PlayerKey(fact string, seat int) string { return fact + ":" + strconv.Itoa(seat) }

// Builder gathers the steps of the open turn.
type Builder struct {
	S     *deck.State
	Steps []deck.Step
}

// New starts the steps of s's open turn.
func New(s *deck.State) *Builder { return &Builder{S: s} }

// Add appends a step.
func (b *Builder) Add(st deck.Step) { b.Steps = append(b.Steps, st) }

// Tell appends a step that only tells.
func (b *Builder) Tell(title, text string, players ...int) {
	b.Add(deck.Step{Title: title, Text: text, Players: players})
}

// Decide appends a step that only tells and decides something for the
// table: outcome says what in one short line, text the details.
func (b *Builder) Decide(title, outcome, text string, players ...int) {
	b.Add(deck.Step{Title: title, Text: text, Outcome: outcome, Players: players})
}

// Name is the player in seat, or one who left the table mid-turn.
func (b *Builder) Name(seat int) string { return b.S.PlayerName(seat) }

// Names lists the players in seats: "Ann, Bob and Cy", or "nobody".
func (b *Builder) Names(seats []int) string {
	n := make([]string, len(seats))
	for i, s := range seats {
		n[i] = b.Name(s)
	}
	return deck.JoinNames(n)
}

// Seats is every seat at the table, in order.
func (b *Builder) Seats() []int {
	s := make([]int, len(b.S.Players))
	for i := range s {
		s[i] = i
	}
	return s
}

// Answered returns the answer given this turn for key, if any (a skip is an
// answer that knows nothing).
func (b *Builder) Answered(key string) (string, bool) {
	if b.S.Open == nil {
		return "", false
	}
	v, ok := b.S.Open.Answers[key]
	return v, ok
}

// Ask adds a question step and returns its answer if given (not skipped).
// A remembered question offers the fact as its default, unless def is set
// by the caller already (a default the rules allow).
func (b *Builder) Ask(title, text string, players []int, q deck.Question) (string, bool) {
	if q.Remember && q.Default == "" {
		q.Default = b.S.Facts[q.Key]
	}
	b.Add(deck.Step{Title: title, Text: text, Players: players, Question: &q})
	v, ok := b.Answered(q.Key)
	if !ok || v == deck.AnswerSkip {
		return "", false
	}
	return v, true
}

// AskNumber asks a number and returns it if given.
func (b *Builder) AskNumber(title, text string, players []int, q deck.Question) (int, bool) {
	q.Kind = deck.AskNumber
	v, ok := b.Ask(title, text, players, q)
	if !ok {
		return 0, false
	}
	n, _ := strconv.Atoi(v)
	return n, true
}

// AskEach asks a number of every player in seating order (keys fact:seat)
// and returns the numbers, or false if any was skipped or not answered yet.
// prompt and topic take the player's name.
func (b *Builder) AskEach(fact, title, prompt, topic string, remember bool) ([]int, bool) {
	out := make([]int, len(b.S.Players))
	all := true
	for seat := range b.S.Players {
		n, ok := b.AskNumber(title+": "+b.Name(seat), "", []int{seat}, deck.Question{
			Key: PlayerKey(fact, seat), Prompt: fmt.Sprintf(prompt, b.Name(seat)),
			Topic: fmt.Sprintf(topic, b.Name(seat)), Remember: remember,
		})
		if !ok {
			all = false
			continue
		}
		out[seat] = n
	}
	return out, all
}

// AskPlayers asks which players something holds for, as one set, and
// returns the seats (nil for nobody) if answered.
func (b *Builder) AskPlayers(title, text string, q deck.Question) ([]int, bool) {
	q.Kind = deck.AskPlayers
	v, ok := b.Ask(title, text, nil, q)
	if !ok {
		return nil, false
	}
	seats, err := deck.ParseSeats(v, len(b.S.Players))
	if err != nil {
		return nil, false
	}
	return seats, true
}

// Holder asks who holds something (a bonus card, a token) and returns the
// seat, or -1 for nobody, and false while unknown.
func (b *Builder) Holder(title string, q deck.Question) (int, bool) {
	q.Kind = deck.AskPlayer
	v, ok := b.Ask(title, "", nil, q)
	if !ok {
		return 0, false
	}
	if v == deck.AnswerNobody {
		return -1, true
	}
	seat, _ := strconv.Atoi(v)
	return seat, true
}

// Most returns the seats with the highest count and that count.
func Most(counts []int) ([]int, int) {
	if len(counts) == 0 {
		return nil, 0
	}
	top := slices.Max(counts)
	var seats []int
	for i, c := range counts {
		if c == top {
			seats = append(seats, i)
		}
	}
	return seats, top
}

// Check reports whether v answers q at a table of players.
func Check(q deck.Question, v string, players int) error {
	if v == deck.AnswerSkip {
		return nil
	}
	switch q.Kind {
	case deck.AskPlayer:
		if v == deck.AnswerNobody {
			return nil
		}
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n >= players {
			return fmt.Errorf("%q is not a player", v)
		}
	case deck.AskPlayers:
		if _, err := deck.ParseSeats(v, players); err != nil {
			return err
		}
	case deck.AskNumber:
		most := q.Max
		if most == 0 {
			most = MaxNumber
		}
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n > most {
			return fmt.Errorf("%q is not a number from 0 to %d", v, most)
		}
	case deck.AskYesNo:
		if v != deck.AnswerYes && v != deck.AnswerNo {
			return fmt.Errorf("%q is not yes or no", v)
		}
	}
	return nil
}

// Answer checks an answer to one of the open turn's questions and records
// it, with its words and, if the question remembers, as a fact.
func Answer(s *deck.State, q deck.Question, v string) error {
	if s.Open == nil {
		return fmt.Errorf("no turn to answer for")
	}
	if err := Check(q, v, len(s.Players)); err != nil {
		return err
	}
	s.Answer(q, v)
	return nil
}

// SetFact corrects a remembered fact after checking it; "" forgets it.
func SetFact(s *deck.State, q deck.Question, v string) error {
	if v != "" {
		if v == deck.AnswerSkip {
			return fmt.Errorf("a fact cannot be skipped")
		}
		if err := Check(q, v, len(s.Players)); err != nil {
			return err
		}
	}
	s.SetFact(q.Key, v)
	return nil
}

// Find returns the step whose question has key, and false if none.
func Find(steps []deck.Step, key string) (deck.Step, bool) {
	for _, st := range steps {
		if st.Question != nil && st.Question.Key == key {
			return st, true
		}
	}
	return deck.Step{}, false
}

// AnswerAsAsked answers the question with q's key as the turn's steps ask
// it now (its kind and range, not the caller's copy), and records it.
func AnswerAsAsked(s *deck.State, current []deck.Step, q deck.Question, v string) error {
	st, ok := Find(current, q.Key)
	if !ok {
		return fmt.Errorf("no question %q this turn", q.Key)
	}
	return Answer(s, *st.Question, v)
}

// SetKnownFact corrects the fact with q's key as the game lists it among
// facts; "" forgets it.
func SetKnownFact(s *deck.State, facts []deck.Question, q deck.Question, v string) error {
	for _, f := range facts {
		if f.Key == q.Key {
			return SetFact(s, f, v)
		}
	}
	return fmt.Errorf("no fact %q in this game", q.Key)
}
