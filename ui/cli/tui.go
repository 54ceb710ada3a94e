package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
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
)

// Bubble Tea's init has run (this package imports it): CI goes back to what
// the process got (see package quiet).
func init() { quiet.Restore() }

// tui starts the table screen: the setup screen first, or straight to the
// table with --players.
func (a *app) tui(args []string) int {
	fs := flag.NewFlagSet("eventdeck", flag.ContinueOnError)
	rulesets, err := a.rulesets()
	if err != nil {
		return a.failRun("%v", err)
	}
	var g gameFlags
	g.register(fs, rulesets)
	players := fs.String("players", "", `player names in seating order, e.g. "Ann,Bob,Cy": start a new game, skipping the setup screen`)
	resume := fs.Bool("resume", false, "resume the saved game without asking")
	fresh := fs.Bool("new", false, "start a new game without asking (the saved one is archived, not deleted)")
	stateDir := fs.String("state-dir", "", "where games are saved (default $XDG_STATE_HOME/eventdeck)")
	sound := fs.Bool("sound", false, "the terminal's bell on a 7, a barbarian attack, and when a turn's time is up")
	speakOn := fs.Bool("speak", false, "read each turn's number and event aloud (espeak-ng, espeak, say or spd-say)")
	timer := fs.Duration("timer", 0, "a turn timer, e.g. 90s or 2m (0: none)")
	handOff := fs.Bool("pass-and-play", false, `one laptop passed around: "Pass to Bob" between turns`)
	countAid := fs.Bool("count-aid", false, "show the numbers not yet seen this year")
	if code, done := a.parse(fs, args, "[options]", "Open the table screen (the setup screen first, unless --players is given)."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("unexpected argument %q (try: eventdeck help)", fs.Arg(0))
	}
	if *resume {
		// A resumed game keeps its own game and options: a game option
		// given with --resume would be ignored, so it is refused.
		table := map[string]bool{"resume": true, "state-dir": true, "sound": true, "speak": true,
			"timer": true, "pass-and-play": true, "count-aid": true, "new": true, "players": true}
		conflict := ""
		fs.Visit(func(f *flag.Flag) {
			if !table[f.Name] && conflict == "" {
				conflict = f.Name
			}
		})
		if conflict != "" {
			return a.fail("--resume cannot go with --%s: a resumed game keeps its own game and options", conflict)
		}
	}
	cardWarning, err := g.loadCards(a.cardsDir, a.assets, len(a.games) > 0)
	if err != nil {
		return a.failRun("%v", err)
	}
	if cardWarning != "" {
		cardWarning += " A saved game keeps its own copy of the cards it plays."
	}
	rulesets = g.rulesets
	if _, _, err := g.check(); err != nil {
		return a.fail("%v", err)
	}
	seed := g.seedValue()
	if *resume && (*fresh || *players != "") {
		return a.fail("--resume cannot go with --new or --players")
	}
	// Names are checked before anything reaches the terminal: a name may
	// not carry an escape sequence to it (deck.CheckName).
	for _, n := range splitNames(*players) {
		name, _, _ := strings.Cut(n, ":") // "Ann:blue" picks a colour
		if err := deck.CheckName(strings.TrimSpace(name)); err != nil {
			return a.fail("--players: %v", err)
		}
	}
	if !a.terminal {
		return a.fail("the table screen needs a terminal; for plain output use: eventdeck draw")
	}
	glyphs, err := ui.LoadGlyphs(a.assets)
	if err != nil {
		return a.failRun("%v", err)
	}

	opts := ui.Options{Rulesets: rulesets, Seed: seed, Glyphs: glyphs, Warning: cardWarning}
	dir := *stateDir
	if dir == "" {
		if dir, err = deck.StateDir(); err != nil {
			return a.failRun("no folder for saves: %v (use --state-dir)", err)
		}
	}
	opts.Store = deck.NewStore(dir)
	opts.Store.RemoveStaleTemps() // a save killed half-way leaves its temp file
	if !*fresh && *players == "" {
		opts.Loaded, err = opts.Store.Load(validator(rulesets))
		if err != nil {
			return a.failRun("%v", err)
		}
		if *resume && opts.Loaded.Game == nil {
			return a.fail("%s", nothingToResume(dir, opts.Loaded))
		}
		opts.Resume = *resume
	}
	if path, err := ui.SetupPath(); err == nil {
		deck.RemoveStaleTemps(filepath.Dir(path), filepath.Base(path))
		opts.SetupPath = path
		opts.Setup, err = ui.LoadSetup(path)
		if err == nil {
			err = checkSetupNames(opts.Setup.Players)
		}
		if err != nil {
			aside := path + ".broken-" + time.Now().Format("20060102-150405")
			_ = os.Rename(path, aside)
			opts.Warning = strings.TrimSpace(opts.Warning + "\n" + fmt.Sprintf("The remembered setup could not be read; it was moved to %s.", aside))
		}
	}
	setFlags := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { setFlags[f.Name] = true })
	if err := applyFlags(&opts.Setup, &g, setFlags); err != nil {
		return a.fail("%v", err)
	}
	if set := setFlags; set["sound"] {
		opts.Setup.Sound = *sound
	}
	if setFlags["speak"] {
		opts.Setup.Speak = *speakOn
	}
	if setFlags["pass-and-play"] {
		opts.Setup.HandOff = *handOff
	}
	if setFlags["count-aid"] {
		opts.Setup.CountAid = *countAid
	}
	if setFlags["timer"] {
		sec := int(timer.Seconds())
		if *timer < 0 || sec > deck.MaxTimer || *timer > 0 && sec == 0 {
			return a.fail("--timer %v: want 1s to %ds, or 0 for none", *timer, deck.MaxTimer)
		}
		opts.Setup.Timer = sec
	}
	opts.Speaker = ui.FindSpeaker()
	if *players != "" {
		opts.Setup.Players = splitNames(*players)
		opts.QuickStart = true
	}

	// The one question to the terminal, asked now, before the program
	// reads the keyboard (package quiet kept Bubble Tea's init from asking).
	// The default renderer, which bubbles' styles use, takes the answer.
	r := lipgloss.NewRenderer(os.Stdout)
	lipgloss.SetHasDarkBackground(r.HasDarkBackground())
	opts.Renderer = r
	m, err := ui.New(opts)
	if err != nil {
		return a.fail("%v", err)
	}
	return a.play(m, opts.Store, tea.WithAltScreen())
}

// gameModel is the table program as play needs it: a model that tells the
// game on the table (ui.Model).
type gameModel interface {
	tea.Model
	Game() *deck.Game
}

// play runs the program and saves the game when it stops, however it stops.
// Saves run in the background while the table plays, so the last one may
// not have finished: the game is saved once more here. When the program
// panicked (Bubble Tea restores the terminal and returns ErrProgramPanic),
// the game as it was at the last frame drawn without a panic is saved, a
// crash report is written beside the save, and play returns ExitError.
func (a *app) play(m gameModel, store *deck.Store, opts ...tea.ProgramOption) int {
	guard := &crashGuard{}
	final, err := tea.NewProgram(guarded{inner: m, guard: guard}, opts...).Run()
	game := guard.lastGood()
	if fm, ok := final.(guarded); ok && err == nil {
		game = fm.inner.Game()
	}
	saved, serr := "", error(nil)
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
		for _, r := range rulesets {
			if r.ID() == g.Now.Ruleset {
				return checkState(r, g.Now)
			}
		}
		return fmt.Errorf("unknown game %q", g.Now.Ruleset)
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

// applyFlags puts the game and options given on the command line over
// the remembered setup; options not given keep their remembered values.
func applyFlags(s *ui.Setup, g *gameFlags, set map[string]bool) error {
	if s.Game == "" || set["game"] {
		s.Game = g.game
	}
	r, err := expansions.Find(g.rulesets, s.Game)
	if err != nil {
		return err
	}
	if s.Options == nil || set["game"] {
		s.Options = map[string]string{}
	}
	given, err := g.options(r)
	if err != nil && !set["game"] {
		return fmt.Errorf("%v, the game of the last setup (choose another with --game)", err)
	}
	if err != nil {
		return err
	}
	for k, v := range given {
		s.Options[k] = v
	}
	if len(given) > 0 { // a trial game says which options it plays
		if trial, err := r.NewGame(s.Options, tablePlayers(r), 0); err == nil {
			if err := notInPlay(r, given, trial.Options); err != nil {
				return err
			}
		}
	}
	if set["players"] {
		s.Starter = "" // the first named player starts
	}
	return nil
}

func splitNames(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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
