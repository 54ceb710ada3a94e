package serve

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// The sequences with which Bubble Tea gives a terminal back: the alternate
// screen left, the cursor shown.
const (
	leaveAltScreen = "\x1b[?1049l"
	showCursor     = "\x1b[?25h"
)

// endedWith waits for the session to end and checks how: exit status 0,
// the terminal given back (alternate screen left, cursor shown), and then
// line, plain, as the last thing the client was sent.
func endedWith(t *testing.T, sc *screen, line string) {
	t.Helper()
	select {
	case err := <-sc.done:
		if err != nil {
			t.Errorf("the session ended with %v, want exit status 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the session stayed open; it showed %q", sc.String())
	}
	out := sc.String()
	left := strings.LastIndex(out, leaveAltScreen)
	if left < 0 || strings.LastIndex(out, showCursor) < strings.LastIndex(out, "\x1b[?25l") {
		t.Fatalf("the client's terminal was left in the alternate screen or without its cursor: %q", out)
	}
	// After the alternate screen, nothing but modes given back, then the
	// line, plain, on its own.
	if after := out[left+len(leaveAltScreen):]; strings.TrimSpace(ansi.Strip(after)) != line || !strings.HasSuffix(after, line+"\r\n") {
		t.Errorf("after its terminal was given back the client got %q, want the line %q", after, line)
	}
}

func TestIdleScreenGivesTheTerminalBackThenSaysWhy(t *testing.T) {
	s := startServer(t, Config{IdleTimeout: 400 * time.Millisecond})
	_, sc := join(t, s, "ann")
	sc.waitFor(t, "hello Ann")
	// Keys keep a screen open: idle is the time without one. A key every
	// 50 ms for twice the limit (a stall of 350 ms on a loaded machine
	// would be needed to close it); the screen is watched all the while.
	typing := time.NewTicker(50 * time.Millisecond)
	defer typing.Stop()
	for until := time.Now().Add(800 * time.Millisecond); time.Now().Before(until); {
		select {
		case err := <-sc.done:
			t.Fatalf("a screen typed in every 50ms closed (%v) with an idle limit of 400ms", err)
		case <-typing.C:
		}
		if _, err := sc.in.Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	typing.Stop()
	endedWith(t, sc, "eventdeck: closed after 400ms idle. Join again with the same ssh command.")
}

func TestShutdownGivesEveryTerminalBackThenSaysTheGameEnded(t *testing.T) {
	s := startServer(t, Config{Goodbye: "eventdeck: the host ended the game; it is saved."})
	_, ann := join(t, s, "ann")
	ann.waitFor(t, "hello Ann")
	_, zed := join(t, s, "zed")
	zed.waitFor(t, "hello zed")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	endedWith(t, ann, "eventdeck: the host ended the game; it is saved.")
	endedWith(t, zed, "eventdeck: the host ended the game; it is saved.")
}

func TestEndOfStartsContextSaysTheGameEnded(t *testing.T) {
	s, err := New(Config{StateDir: t.TempDir(), Listen: "127.0.0.1:0", JoinCode: testCode, Program: helloProgram})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	_, sc := join(t, s, "zed")
	sc.waitFor(t, "hello zed")
	cancel()
	endedWith(t, sc, DefaultGoodbye)
}

// TestScreenThatQuitsAsTheGameEndsSaysSo: a screen's model quits by itself
// when the host ends the game (ui.NewView does, before the server shuts
// down): it is told the game ended; one that quits during the game is told
// nothing.
func TestScreenThatQuitsAsTheGameEndsSaysSo(t *testing.T) {
	var ended atomic.Bool
	s := startServer(t, Config{GameEnded: ended.Load})
	_, sc := join(t, s, "ann")
	sc.waitFor(t, "hello Ann")
	if _, err := sc.in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	if err := <-sc.done; err != nil {
		t.Errorf("q ended the session with %v", err)
	}
	if out := sc.String(); strings.Contains(out, "ended") {
		t.Errorf("a player who quit during the game was told %q", out)
	}

	_, sc = join(t, s, "bob")
	sc.waitFor(t, "hello Bob")
	ended.Store(true)
	if _, err := sc.in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	endedWith(t, sc, DefaultGoodbye)
}

func TestGoodbyeWithAnEscapeRefused(t *testing.T) {
	if _, err := New(Config{StateDir: t.TempDir(), Program: helloProgram, Goodbye: "bye\x1b[2J"}); err == nil {
		t.Error("a goodbye with an escape was taken")
	}
}

// openSized starts a shell on c with a PTY of width×height.
func openSized(t *testing.T, c *gossh.Client, width, height int) *screen {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sc := &screen{sess: sess, done: make(chan error, 1)}
	sess.Stdout = sc
	if sc.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", height, width, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { sc.done <- sess.Wait() }()
	return sc
}

// TestHugeTerminalsCapped: a size past maxColumns×maxRows, asked for in the
// pty request or a window change, reaches the program cut to that.
func TestHugeTerminalsCapped(t *testing.T) {
	s := startServer(t, Config{Program: func(ssh.Session, Who) tea.Model { return sized{} }})
	c, err := dial(s, "ann", gossh.Password(testCode))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sc := openSized(t, c, 20000, 20000)
	sc.waitFor(t, "size 400x200")
	if err := sc.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	sc.waitFor(t, "size 100x30")
	if err := sc.sess.WindowChange(1000, 1000); err != nil {
		t.Fatal(err)
	}
	sc.waitFor(t, "size 400x200")
	if err := sc.sess.WindowChange(24, 1<<31); err != nil {
		t.Fatal(err)
	}
	sc.waitFor(t, "size 400x24")
	if strings.Contains(sc.String(), "size 1000") || strings.Contains(sc.String(), "size 20000") {
		t.Errorf("a size past the cap reached the program: %q", sc.String())
	}
}

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		20 * time.Second:                "20s",
		30 * time.Minute:                "30m",
		90 * time.Second:                "1m30s",
		time.Hour:                       "1h",
		time.Hour + 30*time.Minute:      "1h30m",
		400 * time.Millisecond:          "400ms",
		time.Hour + time.Second:         "1h0m1s",
		10*time.Minute + 10*time.Second: "10m10s",
	} {
		if got := shortDuration(d); got != want {
			t.Errorf("shortDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// watching is hello whose game tells it of changes (as ui.NewView's is).
type watching struct {
	hello
	send *atomic.Value // func(tea.Msg)
}

func (w watching) Notify(send func(tea.Msg)) { w.send.Store(send) }

// A screen watching a game in play is not idle, however few keys its
// reader presses: each change to the game counts as a key would.
func TestScreenWatchingAGameInPlayIsNotIdle(t *testing.T) {
	send := &atomic.Value{}
	s := startServer(t, Config{IdleTimeout: 400 * time.Millisecond, Program: func(sess ssh.Session, who Who) tea.Model {
		return watching{hello: hello{who: who}, send: send}
	}})
	_, sc := join(t, s, "zed")
	sc.waitFor(t, "hello zed")
	moves := time.NewTicker(50 * time.Millisecond) // as the keys above
	defer moves.Stop()
	for until := time.Now().Add(800 * time.Millisecond); time.Now().Before(until); {
		select {
		case err := <-sc.done:
			t.Fatalf("a screen told of a change every 50ms closed (%v) with an idle limit of 400ms", err)
		case <-moves.C:
		}
		send.Load().(func(tea.Msg))(struct{}{}) // the game moved
	}
	moves.Stop()
	endedWith(t, sc, "eventdeck: closed after 400ms idle. Join again with the same ssh command.")
}
