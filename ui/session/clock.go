package session

import (
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// The turn in progress keeps its timer across a close and a resume (issue
// 39): the table's end saves the time left in the state (deck.TurnClock),
// and a session on a game with a turn in progress starts its timer with
// that time, paused if it was; with no time saved (a kill), with the
// turn's whole length.

// resumeClock starts the timer of the turn in progress of st, a game put
// on the table: none before the first turn, or with no timer set.
func (t *turnTimer) resumeClock(st *deck.State, now time.Time) {
	if st.Open == nil || st.Timer <= 0 {
		return
	}
	t.start(st.Timer, st.Open.Player, now)
	if c, ok := st.ClockOfOpen(); ok {
		t.left = min(time.Duration(c.Left)*time.Millisecond, time.Duration(st.Timer)*time.Second)
		t.paused = c.Paused
	}
}

// stampClockLocked puts the timer's time left into the game, to be saved
// as the table closes; nil when there is nothing to save (no timer, no
// turn in progress, and none saved before). s.mu is held.
func (s *Session) stampClockLocked() *deck.Game {
	st := s.game.Now
	var c *deck.TurnClock
	if at := s.timer.at(s.now()); at.Length > 0 && st.Open != nil {
		c = &deck.TurnClock{Turn: st.Turns(), Left: int(at.Left / time.Millisecond), Paused: at.Paused}
	}
	if c == nil && st.Clock == nil || c != nil && st.Clock != nil && *c == *st.Clock {
		return nil
	}
	g := s.game.Snapshot()
	g.Now = st.WithClock(c)
	s.game = g
	return g
}
