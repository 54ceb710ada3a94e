package serve

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
)

// The largest terminal a client is taken at: a bigger size asked for is
// cut to this before the program sees it, as a frame costs the host memory
// and time by its cells (a 20000×20000 ask once took 1.6 GB). 400×200 is
// more than a 4K screen shows at a readable font (about 380×100 at 10×20
// pixels a cell); the table's screens are laid out from 60×20 up.
const (
	maxColumns = 400
	maxRows    = 200
)

// idleGrace is how much longer than Config.IdleTimeout a connection may
// stay silent before the SSH server drops it: the screens on it are closed
// at IdleTimeout without a key, and say why, well before that.
const idleGrace = 15 * time.Second

// DefaultGoodbye is the line a joined screen gets when the host ends the
// game and Config.Goodbye is empty.
const DefaultGoodbye = "eventdeck: the host ended the game."

// runProgram is the last middleware: it runs the session's Bubble Tea
// program (as wish's bubbletea middleware would) and keeps its end in
// serve's hands. When serve closes a screen (no key for IdleTimeout, or the
// host ended the game) its program quits first, so the client's terminal
// is restored (alternate screen left, cursor shown); then one plain line
// says why, and the session exits 0.
func (s *Server) runProgram(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		_, windows, _ := sess.Pty() // activeterm let in only sessions with one
		keys := &keyClock{r: sess}
		keys.touch()
		p, release, ok := s.program(sess, keys)
		if !ok {
			_, _ = io.WriteString(sess, failedLine+"\n")
			_ = sess.Exit(1)
			return
		}
		if p == nil {
			next(sess)
			return
		}
		done := make(chan struct{})
		said := make(chan string, 1)
		go func() { said <- s.watch(sess, p, windows, keys, done) }()
		final, err := p.Run()
		if err != nil {
			s.logf("%s's screen ended: %v", SafeName(sess.User()), err)
		}
		release()
		close(done)
		line := <-said
		if g, ok := final.(interface{ Goodbye() string }); ok && line == "" {
			line = g.Goodbye() // the model's own reason to end (the host sent it away)
		}
		if line == "" && sess.Context().Err() == nil && s.cfg.GameEnded != nil && s.cfg.GameEnded() {
			line = s.cfg.Goodbye // the program quit as the game ended on the host
		}
		if line != "" {
			_, _ = io.WriteString(sess, line+"\n")
		}
		next(sess)
		// Exit here, not after the handler: Shutdown waits for the screens
		// to be gone before it closes their connections.
		_ = sess.Exit(0)
	}
}

// program builds the session's Bubble Tea program around the model
// Config.Program makes for it, reading keys from in; release lets go of
// the model when the program has ended. A nil program: no model; false:
// building it panicked.
func (s *Server) program(sess ssh.Session, in io.Reader) (p *tea.Program, release func(), ok bool) {
	who := WhoIs(sess.User(), s.seats())
	m, ok := s.buildModel(sess, who)
	if m == nil {
		return nil, nil, ok
	}
	g := &guard{model: m, state: &guardState{log: s.logf, who: who.Name}}
	p = tea.NewProgram(g,
		// The session is the terminal, its pty emulated (wish's default):
		// the sizes come from its window changes (watch).
		tea.WithInput(in),
		tea.WithOutput(sess),
		tea.WithAltScreen(),
		// Signals belong to the host's own program.
		tea.WithoutSignalHandler(),
	)
	g.state.quit = p.Quit
	// A model that follows a shared game is told how to reach its program,
	// and let go of when its program ends.
	// A change to the game is activity too: a screen watching a game in
	// play is not idle, however few keys its reader presses.
	if n, ok := m.(interface{ Notify(func(tea.Msg)) }); ok {
		n.Notify(func(msg tea.Msg) {
			if t, ok := in.(interface{ touch() }); ok {
				t.touch()
			}
			p.Send(msg)
		})
	}
	release = func() {}
	if c, ok := m.(interface{ Close() }); ok {
		release = c.Close
	}
	return p, release, true
}

// watch feeds p the client's terminal sizes, capped, until done, and quits
// p when serve closes the screen: at the host's end of the game, or after
// IdleTimeout without a key. It returns the line that says why, "" when
// serve did not close it (the player quit, or left).
func (s *Server) watch(sess ssh.Session, p *tea.Program, windows <-chan ssh.Window, keys *keyClock, done <-chan struct{}) string {
	var idle *time.Timer
	var idleC <-chan time.Time
	if s.cfg.IdleTimeout > 0 {
		idle = time.NewTimer(s.cfg.IdleTimeout)
		defer idle.Stop()
		idleC = idle.C
	}
	ending, gone := s.ending, sess.Context().Done()
	line, quitting := "", false
	quit := func(why string) {
		if !quitting {
			quitting, line = true, why
			go p.Quit() // it waits for the program's loop, which may be drawing
		}
	}
	for {
		select {
		case <-done:
			if windows != nil {
				// Read on, so a late window change does not hold up the
				// session's requests; the channel closes with the session.
				go func() {
					for range windows {
					}
				}()
			}
			return line
		case w, ok := <-windows:
			if !ok {
				windows = nil
				continue
			}
			width, height := capWindow(w)
			p.Send(tea.WindowSizeMsg{Width: width, Height: height})
		case <-idleC:
			if left := s.cfg.IdleTimeout - keys.since(); left > 0 {
				idle.Reset(left)
				continue
			}
			idleC = nil
			quit(fmt.Sprintf("eventdeck: closed after %s idle. Join again with the same ssh command.", shortDuration(s.cfg.IdleTimeout)))
		case <-ending:
			ending = nil
			quit(s.cfg.Goodbye)
		case <-gone:
			gone = nil
			quit("") // the client left: nothing to tell it
		}
	}
}

// capWindow is the size a client asked for, cut to maxColumns×maxRows.
// (An int taken from the wire's uint32 may be below 0 where ints have 32
// bits.)
func capWindow(w ssh.Window) (width, height int) {
	return min(max(w.Width, 0), maxColumns), min(max(w.Height, 0), maxRows)
}

// keyClock is a session's input: it notes when the client last sent a
// key, or its screen was last told of a change to the game.
type keyClock struct {
	r    io.Reader
	last atomic.Int64 // UnixNano
}

func (k *keyClock) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	if n > 0 {
		k.touch()
	}
	return n, err
}

func (k *keyClock) touch() { k.last.Store(time.Now().UnixNano()) }

// since is the time since the last key (or since the session began).
func (k *keyClock) since() time.Duration { return time.Since(time.Unix(0, k.last.Load())) }

// shortDuration writes d as the --idle flag takes it, without its zero
// units: 20s, 30m, 1h30m.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
