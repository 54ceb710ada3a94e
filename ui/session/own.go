package session

import (
	"errors"
	"fmt"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
)

// ownAnswers are the answers players give, each on their own screen, to a
// question about a set of players ("Who holds more than 7 cards?" asked
// of each as "Do you…?"). They belong to one turn and one question.
type ownAnswers struct {
	turn int          // the turn they were given in (State.Turns)
	key  string       // the question's key
	yes  map[int]bool // by seat
	gen  uint64       // counts every answer given, for the views
}

// Own is what the players have answered on their own screens to the open
// turn's question key, by seat: true for yes.
func (s *Session) Own(key string) map[int]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ownLocked(key)
}

// AnswerOwn answers, for who's own seat, a question about a set of
// players: yes, it holds for me, or no. When every seat has answered, the
// question is answered with the set, as one change. The host answers for
// anyone without a screen of their own, with Answer.
func (h *Hand) AnswerOwn(q deck.Question, yes bool) error {
	if q.Kind != deck.AskPlayers {
		return errors.New("not a question about each player")
	}
	changed, err := h.answerOwn(q, yes)
	if changed {
		h.s.settle()
	}
	return err
}

func (h *Hand) answerOwn(q deck.Question, yes bool) (changed bool, err error) {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false, ErrClosed
	}
	w := s.whoLocked(h.who)
	if err := s.mayAnswerOwnLocked(w, q); err != nil {
		return false, err
	}
	now := s.game.Now
	if s.own.key != q.Key || s.own.turn != now.Turns() {
		s.own = ownAnswers{turn: now.Turns(), key: q.Key, yes: map[int]bool{}, gen: s.own.gen}
	}
	s.own.yes[w.Seat] = yes
	s.own.gen++
	if len(s.own.yes) < len(now.Players) {
		s.pokeLocked() // the others see who has answered
		return false, nil
	}
	var seats []int
	for seat, y := range s.own.yes {
		if y {
			seats = append(seats, seat)
		}
	}
	slices.Sort(seats)
	value := deck.AnswerNobody
	if len(seats) > 0 {
		value = deck.FormatSeats(seats)
	}
	if err := s.game.Do(func(st *deck.State) error { return s.rules.Answer(st, q, value) }); err != nil {
		return false, fmt.Errorf("the answers of every player: %w", err)
	}
	s.last = lastChange{by: TheHost(), at: s.game.Changes()} // everyone's: nobody's to undo but the host's
	s.changedLocked()
	return true, nil
}

// mayAnswerOwnLocked checks that q is open and asks about w, a player.
func (s *Session) mayAnswerOwnLocked(w Who, q deck.Question) error {
	if w.Host || w.IsViewer() {
		return errors.New("only a player answers for themselves")
	}
	for _, step := range s.stepsOf(s.game.Now) {
		if step.Question == nil || step.Question.Key != q.Key {
			continue
		}
		if len(step.Players) == 0 || slices.Contains(step.Players, w.Seat) {
			return nil
		}
		return errors.New("this question is not about you")
	}
	return errors.New("no such question open")
}
