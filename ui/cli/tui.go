package cli

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
	"github.com/eventdeck/eventdeck/ui/cli/quiet"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Bubble Tea's init has run (this package imports it): CI goes back to what
// the process got (see package quiet).
func init() { quiet.Restore() }

// tui starts the table screen: the setup screen first, or straight to the
// table with --players.
func (a *app) tui(args []string) int {
	opts, code, done := a.tableOptions(args)
	if opts.Store != nil {
		defer opts.Store.Unlock()
	}
	if done {
		return code
	}
	m, err := newTable(opts)
	if err != nil {
		return a.fail("%v", err)
	}
	return a.play(m, opts.Store, tea.WithAltScreen())
}

// newTable is the table on this terminal: its background asked of it once
// with a short limit (the one query the table makes; darkBackground), then
// the root model. The renderer is told the answer, so it never asks itself
// (termenv would wait 5 s for a terminal that never answers).
func newTable(opts ui.Options) (ui.Model, error) {
	r := lipgloss.NewRenderer(os.Stdout)
	dark := darkBackground()
	r.SetHasDarkBackground(dark)
	lipgloss.SetHasDarkBackground(dark)
	opts.Renderer = r
	return ui.New(opts)
}

// gameModel is the table program as play needs it: a model that tells the
// game on the table and its table session (ui.Model).
type gameModel interface {
	tea.Model
	Game() *deck.Game
	Session() *session.Session
	Notify(send func(tea.Msg))
}

// play runs the program and saves the game when it stops, however it stops.
// The table session saves in the background while the table plays; when
// the program ends, play waits for its last save. When the program
// panicked (Bubble Tea restores the terminal and returns ErrProgramPanic),
// the game as it was at the last frame drawn without a panic is saved, a
// crash report is written beside the save, and play returns ExitError.
func (a *app) play(m gameModel, store *deck.Store, opts ...tea.ProgramOption) int {
	tableGC()
	guard := &crashGuard{}
	p := tea.NewProgram(guarded{inner: m, guard: guard}, opts...)
	m.Notify(p.Send)
	final, err := p.Run()
	m.Notify(nil)
	saved, serr := "", error(nil)
	fm, ok := final.(guarded)
	game := guard.lastGood()
	switch {
	case ok && err == nil && fm.inner.Session() != nil:
		serr, game = fm.inner.Session().Close(), nil // the newest state, written
		if serr == nil && store != nil {
			saved = store.Path()
		}
	case ok && err == nil:
		game = fm.inner.Game()
	}
	if game != nil && store != nil {
		data, eerr := deck.Encode(game)
		if serr = eerr; serr == nil {
			serr = store.Save(store.Reserve(), data)
		}
		if serr == nil {
			saved = store.Path()
		}
	}
	switch {
	case errors.Is(err, tea.ErrProgramPanic):
		return a.crashed(err, guard, store, saved, serr)
	case err != nil && serr != nil:
		return a.failRun("%v; the game could not be saved: %v", err, serr)
	case err != nil && saved != "":
		return a.failRun("%v; the game was saved in %s", err, saved)
	case err != nil:
		return a.failRun("%v", err)
	case serr != nil:
		return a.failRun("the game could not be saved: %v", serr)
	}
	return ExitOK
}

// crashed writes the crash report, in the state folder or else the temp
// folder, says in one line where it and the game went, and returns ExitError.
func (a *app) crashed(err error, guard *crashGuard, store *deck.Store, saved string, serr error) int {
	var b strings.Builder
	fmt.Fprintf(&b, "eventdeck crashed at %s\n", time.Now().Format(time.RFC3339))
	if bi, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintf(&b, "build: %s %s\n", bi.Main.Version, bi.GoVersion)
	}
	fmt.Fprintf(&b, "error: %v\n", err)
	switch {
	case saved != "":
		fmt.Fprintf(&b, "game: saved in %s as it was at the last frame drawn\n", saved)
	case serr != nil:
		fmt.Fprintf(&b, "game: could not be saved: %v\n", serr)
	default:
		b.WriteString("game: none on the table\n")
	}
	value, stack := guard.report()
	if stack == nil {
		b.WriteString("panic: in a background command; Bubble Tea printed its trace on the terminal\n")
	} else {
		fmt.Fprintf(&b, "panic: %v\n\n%s", value, stack)
	}
	dir := os.TempDir()
	if store != nil {
		dir = store.Dir
	}
	where, werr := deck.WriteCrashReport(dir, []byte(b.String()))
	if werr != nil && store != nil {
		where, werr = deck.WriteCrashReport(os.TempDir(), []byte(b.String()))
	}
	report := "report in " + where
	if werr != nil {
		report = fmt.Sprintf("no report written (%v)", werr)
	}
	game := "game saved in " + saved
	switch {
	case serr != nil:
		game = fmt.Sprintf("the game could not be saved (%v)", serr)
	case saved == "":
		game = "no game to save"
	}
	return a.failRun("crashed: %s; %s", game, report)
}

// crashGuard keeps what play needs after a panic: the game as it was at the
// last frame drawn without one, and the panic's value and stack. Commands
// run on other goroutines, hence the lock.
type crashGuard struct {
	mu    sync.Mutex
	game  *deck.Game
	value any
	stack []byte
}

// drawn records the game of a frame drawn without a panic. States never
// change once made (deck.Game), so a snapshot stays as it was.
func (c *crashGuard) drawn(g *deck.Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g != nil {
		c.game = g.Snapshot()
	}
}

func (c *crashGuard) lastGood() *deck.Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.game
}

func (c *crashGuard) report() (any, []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.value, c.stack
}

// catch, deferred, records a panic with its stack and panics on, so that
// Bubble Tea restores the terminal and stops the program.
func (c *crashGuard) catch() {
	p := recover()
	if p == nil {
		return
	}
	c.mu.Lock()
	if c.stack == nil {
		c.value, c.stack = p, debug.Stack()
	}
	c.mu.Unlock()
	panic(p)
}

// guarded is the root model under a crashGuard.
type guarded struct {
	inner gameModel
	guard *crashGuard
}

func (g guarded) Init() tea.Cmd { return g.guard.wrap(g.inner.Init()) }

func (g guarded) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer g.guard.catch()
	next, cmd := g.inner.Update(msg)
	if n, ok := next.(gameModel); ok {
		g.inner = n
	}
	return g, g.guard.wrap(cmd)
}

func (g guarded) View() string {
	defer g.guard.catch()
	v := g.inner.View()
	g.guard.drawn(g.inner.Game())
	return v
}

// wrap makes cmd record a panic too (a batch's inner commands are not
// reached: Bubble Tea still catches those, without their value here).
func (c *crashGuard) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		defer c.catch()
		return cmd()
	}
}

// validator checks a loaded game's current state against its ruleset: the
// ruleset's own checks, then what the table will read from it (trackers,
// answers, facts). The store calls it on every undo and redo state too.
func validator(rulesets []expansions.Ruleset) func(*deck.Game) error {
	return func(g *deck.Game) error {
		r, err := expansions.Find(rulesets, g.Now.Ruleset)
		if err != nil {
			return err
		}
		return checkState(r, g.Now)
	}
}

// checkState runs the checks of validator. A ruleset reading a state it
// did not expect may panic: that too means the save is broken, and it is
// said so here rather than at the table.
func checkState(r expansions.Ruleset, s *deck.State) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the game could not be read: %v", p)
		}
	}()
	if err := r.Validate(s); err != nil {
		return err
	}
	if tk, ok := r.(expansions.TrackerKeeper); ok {
		if err := deck.CheckTrackers(tk.Trackers(s)); err != nil {
			return err
		}
	}
	if fk, ok := r.(expansions.FactKeeper); ok {
		if err := deck.CheckFacts(s, fk.Facts(s)); err != nil {
			return err
		}
	}
	return deck.CheckAnswers(s, r.Steps)
}

// nothingToResume says why --resume found no game: no save, or a save that
// could not be read and no good backup. The reason comes from the checks,
// which run in a fixed order: the same file gives the same words.
func nothingToResume(dir string, l deck.Loaded) string {
	if l.Problem == nil {
		return "no saved game to resume in " + dir
	}
	return fmt.Sprintf("no game to resume: the save could not be read (%v) and there is no good backup; it was moved to %s", l.Problem, l.MovedTo)
}

// checkSetupNames checks the names of a remembered setup as typed ones are
// checked: a file is text from outside.
func checkSetupNames(names []string) error {
	for _, n := range names {
		name, _, _ := strings.Cut(n, ":") // "Ann:blue" picks a colour
		if err := deck.CheckName(strings.TrimSpace(name)); err != nil {
			return err
		}
	}
	return nil
}

// tableGC paces the garbage collector for a table: its live heap is 1 to 2
// MB, so Go's default (collect when the heap doubles, and not below 4 MB)
// keeps most of its memory as garbage between collections. Collecting at
// half again the live heap (and from 2 MB) saves about 2 MiB of a table's
// peak memory after 1,000 draws for about the same share of its CPU (3%,
// GODEBUG=gctrace=1). It is no memory limit: a bigger game gets the memory
// it needs. A GOGC the user set is left alone; draw and simulate, which
// allocate much faster, keep Go's default.
func tableGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(50)
	}
}
