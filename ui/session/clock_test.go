package session

import (
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// The turn in progress keeps its timer when the table closes (q) and the
// game is resumed: the time it had left, paused if it was (issue 39: a
// resumed turn had no timer at all).
func TestTurnTimerOutlivesAResume(t *testing.T) {
	for _, paused := range []bool{false, true} {
		r, g := catanGame(t)
		g.Now.Timer = 30
		c := &fakeClock{t: time.Date(2024, 1, 1, 20, 0, 0, 0, time.UTC)}
		st := deck.NewStore(t.TempDir())
		s := New(Options{Rules: r, Game: g, Now: c.now, Store: st, NewGame: true})
		draw(t, s)
		c.add(12 * time.Second)
		if paused {
			if err := s.As(TheHost()).PauseTimer(); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		loaded, err := deck.NewStore(st.Dir).Load(nil)
		if err != nil || loaded.Game == nil {
			t.Fatalf("the save: %v", err)
		}
		c.add(time.Hour) // the night after
		again := New(Options{Rules: r, Game: loaded.Game, Now: c.now})
		tm := again.Timer()
		if tm.Length != 30 || tm.Left != 18*time.Second || tm.Paused != paused || tm.Player != loaded.Game.Now.Open.Player {
			t.Errorf("paused %v: the resumed turn's timer is %+v, want 18 s of 30 left", paused, tm)
		}
	}
}

// A game killed mid-turn (no time saved) resumes the turn with its whole
// time; a game with no turn in progress, or no timer, starts none.
func TestTurnTimerAfterAKill(t *testing.T) {
	r, g := catanGame(t)
	g.Now.Timer = 30
	c := &fakeClock{t: time.Date(2024, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := New(Options{Rules: r, Game: g, Now: c.now})
	if tm := s.Timer(); tm.Length != 0 {
		t.Fatalf("a timer before the first turn: %+v", tm)
	}
	draw(t, s)
	again := New(Options{Rules: r, Game: s.Game(), Now: c.now})
	if tm := again.Timer(); tm.Length != 30 || tm.SecondsLeft() != 30 || tm.Paused {
		t.Errorf("the turn in progress after a kill: %+v, want its 30 s", tm)
	}
}
