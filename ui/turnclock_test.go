package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/timer"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// testClock is the session's clock in a test: it moves only when the
// test says.
type testClock struct{ t time.Time }

func newTestClock() *testClock {
	return &testClock{t: time.Date(2024, 1, 1, 20, 0, 0, 0, time.UTC)}
}

func (c *testClock) Now() time.Time { return c.t }

// Tick moves the clock by d and gives m the tick its timer waits for.
func (c *testClock) Tick(m Model, d time.Duration) Model {
	c.t = c.t.Add(d)
	return update(m, timer.TickMsg{ID: m.table.Clock.T.ID()})
}

// told waits for the session to tell a view it changed, and gives the
// view the message, as its program would.
func told(t *testing.T, v Model, ch chan tea.Msg) Model {
	t.Helper()
	select {
	case msg := <-ch:
		return update(v, msg)
	case <-time.After(10 * time.Second): // a hang, not a timing: the note comes at once
		t.Fatal("the view was never told of the change")
	}
	return v
}

// Issue 21: the table session owns the turn timer. A pause on one screen
// (eventdeck serve's player) shows on every screen, and the time left is
// the session's, so the screens agree; the player it does not time cannot
// pause it.
func TestTimerPauseOnEveryScreen(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Timer = 30
	opts.Hub = session.NewHub()
	clk := newTestClock()
	opts.now = clk.Now
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	host = update(host, sizeMsg(80, 24))
	view := func(seat int) (Model, chan tea.Msg) {
		v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(seat), Renderer: opts.Renderer, Glyphs: opts.Glyphs})
		t.Cleanup(v.Close)
		ch := make(chan tea.Msg, 16)
		v.Notify(func(msg tea.Msg) { ch <- msg })
		return update(v, sizeMsg(80, 24)), ch
	}
	ann, annCh := view(0)
	bob, bobCh := view(1)

	host = press(host, "space") // Ann draws: her 30 seconds start
	ann, bob = told(t, ann, annCh), told(t, bob, bobCh)
	clk.t = clk.t.Add(4 * time.Second)
	ann = update(ann, timer.TickMsg{ID: ann.table.Clock.T.ID()})
	bob = update(bob, timer.TickMsg{ID: bob.table.Clock.T.ID()})
	for _, v := range []Model{ann, bob} {
		if s := v.View(); !strings.Contains(s, "⏱ Ann 0:26") {
			t.Fatalf("4 s into Ann's turn:\n%s", s)
		}
	}

	bob = press(bob, ".") // not Bob's clock: the key is not his
	if tm := host.sess.Timer(); tm.Paused {
		t.Fatal("Bob paused Ann's timer")
	}
	ann = press(ann, ".")
	bob = told(t, bob, bobCh)
	host = update(host, common.ChangedMsg{})
	clk.t = clk.t.Add(time.Minute)
	bob = update(bob, timer.TickMsg{ID: bob.table.Clock.T.ID()})
	for name, v := range map[string]Model{"Ann": ann, "Bob": bob, "the host": host} {
		if s := v.View(); !strings.Contains(s, "⏸ Ann 0:26 (paused)") {
			t.Fatalf("%s's screen after Ann paused:\n%s", name, s)
		}
	}
	if !strings.Contains(ann.View(), "resume timer") {
		t.Fatalf("Ann's help does not offer to resume:\n%s", ann.View())
	}

	host = press(host, ".") // the host resumes it for everyone
	bob = told(t, bob, bobCh)
	clk.t = clk.t.Add(26 * time.Second)
	bob = update(bob, timer.TickMsg{ID: bob.table.Clock.T.ID()})
	if s := bob.View(); !strings.Contains(s, "Ann's time is up") || !strings.Contains(s, "\a") {
		t.Fatalf("at zero on Bob's screen:\n%s", s)
	}
	bob = press(bob, ".") // a key that does nothing: the bell is rung
	bob = update(bob, timer.TickMsg{ID: bob.table.Clock.T.ID()})
	if strings.Contains(bob.View(), "\a") {
		t.Fatal("the bell rang twice")
	}
}
