package serve

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
)

// guard runs a session's model so that a panic in it ends that session
// only, quietly: Bubble Tea's own recovery prints the panic on the host's
// terminal, over the host's table. A panic in building the model
// (buildModel), in Init, Update, View or in a command the model returns
// (batches included) is logged and the session quits. What guard cannot
// reach (commands inside tea.Sequence) is still caught by Bubble Tea
// itself. It is serve's one panic guard: no middleware recovers besides.
type guard struct {
	model tea.Model
	state *guardState
}

// guardState is shared by every copy of the guard of one session.
type guardState struct {
	log      func(format string, args ...any)
	who      string
	quit     func()
	panicked atomic.Bool
}

// failedLine is what a session whose screen panicked reads.
const failedLine = "eventdeck: this screen failed; join again."

// buildModel is Config.Program's model for sess; false when building it
// panicked (logged).
func (s *Server) buildModel(sess ssh.Session, who Who) (m tea.Model, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("panic in %s's session (building its screen): %v\n%s", who.Name, r, debug.Stack())
			m, ok = nil, false
		}
	}()
	return s.cfg.Program(sess, who), true
}

// panicMsg reports a panic in a command.
type panicMsg struct{}

func (g *guard) fail(where string, r any) {
	if g.state.panicked.Swap(true) {
		return
	}
	g.state.log("panic in %s's session (%s): %v\n%s", g.state.who, where, r, debug.Stack())
}

// Init implements tea.Model.
func (g *guard) Init() (cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			g.fail("Init", r)
			cmd = tea.Quit
		}
	}()
	return g.wrap(g.model.Init())
}

// Update implements tea.Model.
func (g *guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	if _, ok := msg.(panicMsg); ok || g.state.panicked.Load() {
		return g, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			g.fail("Update", r)
			m, cmd = g, tea.Quit
		}
	}()
	next, cmd := g.model.Update(msg)
	g.model = next
	return g, g.wrap(cmd)
}

// View implements tea.Model.
func (g *guard) View() (v string) {
	if g.state.panicked.Load() {
		return failedLine + "\n"
	}
	defer func() {
		if r := recover(); r != nil {
			g.fail("View", r)
			v = failedLine + "\n"
			// View runs on the program's own loop: quitting from here
			// would wait for that loop.
			if g.state.quit != nil {
				go g.state.quit()
			}
		}
	}()
	return g.model.View()
}

// Goodbye is the model's line to leave on the terminal once it has quit,
// if it has one (ui.Model.Goodbye); "" after a panic.
func (g *guard) Goodbye() string {
	if b, ok := g.model.(interface{ Goodbye() string }); ok && !g.state.panicked.Load() {
		return b.Goodbye()
	}
	return ""
}

// wrap makes cmd recover from a panic, and wraps the commands of a batch
// it returns.
func (g *guard) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				g.fail(fmt.Sprintf("command %T", cmd), r)
				msg = panicMsg{}
			}
		}()
		msg = cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			wrapped := make(tea.BatchMsg, len(batch))
			for i, c := range batch {
				wrapped[i] = g.wrap(c)
			}
			return wrapped
		}
		return msg
	}
}
