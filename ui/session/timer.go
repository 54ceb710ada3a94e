package session

import (
	"errors"
	"fmt"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// Timer is the turn timer as it stands at one moment. Every view reads it
// from the session, so every screen shows the same time.
type Timer struct {
	Length int           // the turn's seconds when it started; 0: no timer this turn
	Player int           // the seat whose turn it times
	Left   time.Duration // time left; 0 once it is up
	Paused bool
	// Run changes whenever the timer starts, pauses or resumes: a view
	// ticks for the newest run only.
	Run uint64
}

// Running reports whether the timer counts down now.
func (t Timer) Running() bool { return t.Length > 0 && !t.Paused && t.Left > 0 }

// SecondsLeft is the time left in whole seconds, rounded up: a 30-second
// turn shows 30 until a full second has gone.
func (t Timer) SecondsLeft() int { return int((t.Left + time.Second - 1) / time.Second) }

// turnTimer is the session's timer: while it runs, left is the time that
// was left at started; while paused, the time left when it was paused.
type turnTimer struct {
	length  int
	player  int
	started time.Time
	left    time.Duration
	paused  bool
	run     uint64
}

// at is the timer as it stands at now.
func (t *turnTimer) at(now time.Time) Timer {
	if t.length == 0 {
		return Timer{Run: t.run}
	}
	left := t.left
	if !t.paused {
		left -= now.Sub(t.started)
	}
	return Timer{Length: t.length, Player: t.player, Left: max(left, 0), Paused: t.paused, Run: t.run}
}

// start runs the timer anew for a turn of secs seconds (0: no timer).
func (t *turnTimer) start(secs, player int, now time.Time) {
	*t = turnTimer{length: secs, player: player, started: now, left: time.Duration(secs) * time.Second, run: t.run + 1}
}

// pause stops the count; it reports false when nothing runs.
func (t *turnTimer) pause(now time.Time) bool {
	at := t.at(now)
	if !at.Running() {
		return false
	}
	t.left, t.paused = at.Left, true
	t.run++
	return true
}

// resume counts on from where it was paused; false when it was not.
func (t *turnTimer) resume(now time.Time) bool {
	if t.length == 0 || !t.paused {
		return false
	}
	t.started, t.paused = now, false
	t.run++
	return true
}

// Errors of the timer's intents.
var (
	ErrNoTimer      = errors.New("no turn timer is running")
	ErrNotPaused    = errors.New("the turn timer is not paused")
	ErrNotYourClock = errors.New("only the player it times (or the host) pauses the timer")
)

// TimerAt is the turn timer as it stands at now. It is pure: now is the
// caller's, so a test can ask of any moment.
func (s *Session) TimerAt(now time.Time) Timer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.timer.at(now)
}

// Timer is the turn timer now, by the session's clock.
func (s *Session) Timer() Timer { return s.TimerAt(s.now()) }

// restartLocked starts the timer when a change made a new turn: turns is
// how many there were before it.
func (s *Session) restartLocked(turns int) {
	st := s.game.Now
	if st.Turns() <= turns || st.Open == nil {
		return
	}
	s.timer.start(st.Timer, st.Open.Player, s.now())
}

// mayTimeLocked checks that w may pause or resume the timer: the host, or
// the player whose turn it times.
func (s *Session) mayTimeLocked(w Who) error {
	switch {
	case w.Host:
		return nil
	case w.IsViewer():
		return ErrViewer
	case s.timer.at(s.now()).Player == w.Seat:
		return nil
	}
	return ErrNotYourClock
}

// PauseTimer stops the turn timer on every screen, if who may: the check
// and the change hold the session's lock together.
func (h *Hand) PauseTimer() error { return h.time(false) }

// ResumeTimer starts the paused turn timer again on every screen, if who
// may.
func (h *Hand) ResumeTimer() error { return h.time(true) }

func (h *Hand) time(resume bool) error {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if err := s.mayTimeLocked(s.whoLocked(h.who)); err != nil {
		return err
	}
	switch {
	case resume && !s.timer.resume(s.now()):
		return ErrNotPaused
	case !resume && !s.timer.pause(s.now()):
		return ErrNoTimer
	}
	s.pokeLocked()
	return nil
}

// SetTimer gives every turn from now on secs seconds (0: no timer), as an
// undoable change noted in the history; the turn on the table starts its
// count now. A resumed game takes the --timer given with --resume so.
// Only the host sets it.
func (h *Hand) SetTimer(secs int) error {
	s := h.s
	changed := false
	defer func() { // after the lock is let go (deferred calls run last first)
		if changed {
			s.settle()
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if err := mayChangeTable(nil, s.whoLocked(h.who)); err != nil {
		return err
	}
	err := s.game.Do(func(st *deck.State) error {
		if secs < 0 || secs > deck.MaxTimer {
			return fmt.Errorf("a turn timer of %d s: want 0 to %d", secs, deck.MaxTimer)
		}
		st.Timer = secs
		if secs == 0 {
			st.Note("Turn timer: off")
		} else {
			st.Note(fmt.Sprintf("Turn timer: %d s", secs))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if st := s.game.Now; st.Open != nil {
		s.timer.start(secs, st.Open.Player, s.now())
	}
	s.changedLocked()
	changed = true
	return nil
}
