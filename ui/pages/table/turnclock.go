package table

import (
	"time"

	"github.com/charmbracelet/bubbles/timer"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/ui/session"
)

// turnClock shows the session's turn timer on one screen. A bubbles timer
// ticks while the session's timer runs; every tick reads the time left
// from the session, so every screen shows the same time, and the bell
// rings once when it is up.
//
// A few lines wrap bubbles/timer, for two reasons. The time left is the
// session's, not the timer's own count (a pause or a new turn may come
// from another screen), so each tick sets the timer's Timeout from the
// session. And a bubbles timer stopped and started again before its last
// tick lands runs two chains of ticks (v1.0.0 never changes the tag it
// checks), so each run of the session's timer gets a new timer.Model: the
// old one's ticks carry its ID and fall away.
type turnClock struct {
	T     timer.Model
	run   uint64        // the session's run this screen ticks for
	rung  bool          // the bell rang for this run
	shown session.Timer // the timer as last read from the session
}

// isClockMsg reports whether msg is the turn timer's.
func isClockMsg(msg tea.Msg) bool {
	switch msg.(type) {
	case timer.TickMsg, timer.TimeoutMsg, timer.StartStopMsg:
		return true
	}
	return false
}

// follow takes the session's timer as it is now: a run that counts down
// and is new to this screen starts ticking.
func (c *turnClock) follow(tm session.Timer) tea.Cmd {
	c.shown = tm
	if tm.Run == c.run {
		return nil
	}
	c.run, c.rung = tm.Run, false
	if !tm.Running() {
		c.T = timer.Model{} // stopped: the old run's ticks end here
		return nil
	}
	c.T = timer.NewWithInterval(tm.Left, untilFlip(tm.Left))
	return c.T.Init()
}

// tick takes one of the timer's messages with the session's timer as it
// is now: the next tick, or none once the time is up (bell is true then,
// once a run).
func (c *turnClock) tick(msg tea.Msg, tm session.Timer) (cmd tea.Cmd, bell bool) {
	if tm.Run != c.run {
		return c.follow(tm), false // a change this screen is yet to be told of
	}
	if t, ok := msg.(timer.TickMsg); !ok || t.ID != c.T.ID() {
		return nil, false // an old run's tick: its chain ends
	}
	c.T.Interval = untilFlip(tm.Left) // the next tick lands as the seconds change
	c.T, cmd = c.T.Update(msg)
	c.T.Timeout = tm.Left
	c.shown = tm
	if tm.Left > 0 {
		return cmd, false
	}
	bell, c.rung = !c.rung, true
	return nil, bell
}

// untilFlip is how long until the whole seconds left (rounded up) change.
func untilFlip(left time.Duration) time.Duration {
	if d := left % time.Second; d > 0 {
		return d
	}
	return time.Second
}
