package deck

import (
	"errors"
	"fmt"
)

// TurnClock is the turn timer of the turn in progress as the game was
// saved when the table closed (q): a resumed game's turn goes on with the
// time it had left, paused if it was (issue 39: it lost its timer). It
// holds for that turn only: a state a later change makes carries it along,
// but another turn in progress ignores it (ClockOfOpen).
type TurnClock struct {
	Turn   int  `json:"turn"`             // the turns finished when it was stamped
	Left   int  `json:"left_ms"`          // milliseconds left; 0: the time was up
	Paused bool `json:"paused,omitempty"` // the timer was paused
}

// ClockOfOpen is the time the turn in progress had left when the game was
// saved; ok is false when none was saved for it.
func (s *State) ClockOfOpen() (c TurnClock, ok bool) {
	if s.Clock == nil || s.Open == nil || s.Clock.Turn != s.Turns() {
		return TurnClock{}, false
	}
	return *s.Clock, true
}

// WithClock is s with the turn timer c (nil: none) saved in it: a copy,
// s itself never changes.
func (s *State) WithClock(c *TurnClock) *State {
	n := s.clone(false)
	n.Clock = c
	return n
}

// checkClock checks a saved turn clock: within the longest timer, for a
// turn the game has.
func (s *State) checkClock() error {
	c := s.Clock
	switch {
	case c == nil:
		return nil
	case c.Left < 0 || c.Left > MaxTimer*1000:
		return fmt.Errorf("a turn clock of %d ms, out of range (0 to %d s)", c.Left, MaxTimer)
	case c.Turn < 0 || c.Turn > s.Turns():
		return errors.New("a turn clock for a turn the game does not have")
	}
	return nil
}
