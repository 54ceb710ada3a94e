package session

import (
	"errors"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func timed(t *testing.T, secs int) (*Session, *fakeClock) {
	t.Helper()
	r, g := catanGame(t)
	g.Now.Timer = secs
	c := &fakeClock{t: time.Date(2024, 1, 1, 20, 0, 0, 0, time.UTC)}
	return New(Options{Rules: r, Game: g, Now: c.now}), c
}

// The turn timer counts down from a new turn by the session's clock,
// pauses and resumes where it stopped, starts anew with the next turn, and
// stops at zero.
func TestTurnTimerSession(t *testing.T) {
	s, c := timed(t, 30)
	if tm := s.Timer(); tm.Length != 0 || tm.Running() {
		t.Fatalf("a timer before the first turn: %+v", tm)
	}
	if err := s.As(TheHost()).PauseTimer(); !errors.Is(err, ErrNoTimer) {
		t.Fatalf("pause with no timer: %v", err)
	}
	draw(t, s)
	if got := s.Timer().SecondsLeft(); got != 30 {
		t.Fatalf("new turn: %d s left, want 30", got)
	}
	c.add(2500 * time.Millisecond)
	if got := s.Timer().SecondsLeft(); got != 28 {
		t.Fatalf("after 2.5 s: %d left, want 28", got)
	}
	if err := s.As(TheHost()).PauseTimer(); err != nil {
		t.Fatal(err)
	}
	c.add(time.Minute)
	if tm := s.Timer(); !tm.Paused || tm.Left != 27500*time.Millisecond {
		t.Fatalf("a minute paused: %+v, want 27.5 s left, paused", tm)
	}
	if err := s.As(TheHost()).PauseTimer(); err == nil {
		t.Fatal("paused twice")
	}
	if err := s.As(TheHost()).ResumeTimer(); err != nil {
		t.Fatal(err)
	}
	if err := s.As(TheHost()).ResumeTimer(); !errors.Is(err, ErrNotPaused) {
		t.Fatalf("resumed twice: %v", err)
	}
	c.add(7500 * time.Millisecond)
	if got := s.Timer().SecondsLeft(); got != 20 {
		t.Fatalf("7.5 s after resuming: %d left, want 20", got)
	}
	draw(t, s)
	if tm := s.Timer(); tm.SecondsLeft() != 30 || tm.Paused || tm.Player != s.Now().Open.Player {
		t.Fatalf("the next turn: %+v, want 30 s for its player", tm)
	}
	c.add(31 * time.Second)
	if tm := s.Timer(); tm.Left != 0 || tm.Running() || tm.SecondsLeft() != 0 {
		t.Fatalf("past its end: %+v, want 0 and stopped", tm)
	}
	if err := s.As(TheHost()).PauseTimer(); err == nil {
		t.Fatal("paused a timer that is up")
	}
	before := s.Timer()
	if !hostUndo(s, "Undo") || s.Timer() != before {
		t.Fatalf("undo changed the timer: %+v, was %+v", s.Timer(), before)
	}
	if !hostUndo(s, "Redo") || s.Timer().SecondsLeft() != 30 {
		t.Fatalf("a turn made again: %+v, want 30 s", s.Timer())
	}
	if at := s.TimerAt(c.t.Add(10 * time.Second)); at.SecondsLeft() != 20 {
		t.Fatalf("TimerAt 10 s on: %d, want 20", at.SecondsLeft())
	}
}

// A game without a timer runs none.
func TestNoTurnTimer(t *testing.T) {
	s, _ := timed(t, 0)
	draw(t, s)
	if tm := s.Timer(); tm.Length != 0 || tm.Running() {
		t.Fatalf("timer with none set: %+v", tm)
	}
}

// The player whose turn it times, or the host, pauses; nobody else.
func TestTimerHands(t *testing.T) {
	s, _ := timed(t, 30)
	draw(t, s)
	owner := s.Timer().Player
	other := (owner + 1) % 3
	if err := s.As(Player(other)).PauseTimer(); !errors.Is(err, ErrNotYourClock) {
		t.Fatalf("another player paused: %v", err)
	}
	if err := s.As(Viewer()).PauseTimer(); !errors.Is(err, ErrViewer) {
		t.Fatalf("a viewer paused: %v", err)
	}
	if err := s.As(Player(owner)).PauseTimer(); err != nil {
		t.Fatalf("the turn's player: %v", err)
	}
	if err := s.As(TheHost()).ResumeTimer(); err != nil {
		t.Fatalf("the host: %v", err)
	}
}

// A pause is told to every attached view.
func TestPauseTellsViews(t *testing.T) {
	s, _ := timed(t, 30)
	draw(t, s)
	told := make(chan struct{}, 1)
	detach := s.Attach(func() {
		select {
		case told <- struct{}{}:
		default:
		}
	})
	defer detach()
	if err := s.As(TheHost()).PauseTimer(); err != nil {
		t.Fatal(err)
	}
	<-told
}
