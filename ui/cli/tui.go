package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

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
	if code, done := a.parse(fs, args, "[options]", "Open the table screen (the setup screen first, unless --players is given)."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("unexpected argument %q (try: eventdeck help)", fs.Arg(0))
	}
	if _, _, err := g.check(); err != nil {
		return a.fail("%v", err)
	}
	seed := g.seedValue()
	if *resume && (*fresh || *players != "") {
		return a.fail("--resume cannot go with --new or --players")
	}
	if !a.terminal {
		return a.fail("the table screen needs a terminal; for plain output use: eventdeck draw")
	}
	glyphs, err := ui.LoadGlyphs(a.assets)
	if err != nil {
		return a.failRun("%v", err)
	}

	opts := ui.Options{Rulesets: rulesets, Seed: seed, Glyphs: glyphs}
	dir := *stateDir
	if dir == "" {
		if dir, err = deck.StateDir(); err != nil {
			return a.failRun("no folder for saves: %v (use --state-dir)", err)
		}
	}
	opts.Store = deck.NewStore(dir)
	if !*fresh && *players == "" {
		opts.Loaded, err = opts.Store.Load(validator(rulesets))
		if err != nil {
			return a.failRun("%v", err)
		}
		if *resume && opts.Loaded.Game == nil && opts.Loaded.Problem == nil {
			return a.fail("no saved game to resume in %s", dir)
		}
		opts.Resume = *resume
	}
	if path, err := ui.SetupPath(); err == nil {
		opts.SetupPath = path
		opts.Setup, err = ui.LoadSetup(path)
		if err != nil {
			aside := path + ".broken-" + time.Now().Format("20060102-150405")
			_ = os.Rename(path, aside)
			opts.Warning = fmt.Sprintf("The remembered setup could not be read; it was moved to %s.", aside)
		}
	}
	setFlags := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { setFlags[f.Name] = true })
	if err := applyFlags(&opts.Setup, &g, setFlags); err != nil {
		return a.fail("%v", err)
	}
	if *players != "" {
		opts.Setup.Players = splitNames(*players)
		opts.QuickStart = true
	}

	r := lipgloss.NewRenderer(os.Stdout)
	r.HasDarkBackground() // ask the terminal now, before the program reads the keyboard
	opts.Renderer = r
	m, err := ui.New(opts)
	if err != nil {
		return a.fail("%v", err)
	}
	final, err := tea.NewProgram(m, tea.WithAltScreen()).Run()
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return a.failRun("%v", err)
	}
	// Saves run in the background while the table plays; the last one may
	// not have finished when the program stopped, so save once more now.
	if fm, ok := final.(ui.Model); ok && fm.Game() != nil {
		data, err := deck.Encode(fm.Game())
		if err == nil {
			err = opts.Store.Save(opts.Store.Reserve(), data)
		}
		if err != nil {
			return a.failRun("the game could not be saved: %v", err)
		}
	}
	return ExitOK
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
	if err != nil {
		return err
	}
	for k, v := range given {
		s.Options[k] = v
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
