package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
	"github.com/eventdeck/eventdeck/ui/speech"
)

// ResumeChoices is how many archived games the resume screen offers
// besides the current save; `eventdeck games` lists them all.
const ResumeChoices = 9

// tableOptions reads the table screen's flags and what the state and
// config folders hold, and returns the TUI's options (without a renderer).
// On a bad flag, or no terminal, it reports done with the exit status.
// extra registers a command's own flags beside the table's (eventdeck serve).
func (a *app) tableOptions(args []string, extra ...func(*flag.FlagSet)) (opts ui.Options, code int, done bool) {
	fs := flag.NewFlagSet("eventdeck", flag.ContinueOnError)
	rulesets, err := a.rulesets()
	if err != nil {
		return opts, a.failRun("%v", err), true
	}
	var g gameFlags
	g.register(fs, rulesets)
	players := fs.String("players", "", `player names in seating order, e.g. "Ann,Bob,Cy": start a new game, skipping the setup screen (a saved game is offered first)`)
	var resume resumeFlag
	fs.Var(&resume, "resume", "resume the saved game without asking; --resume NAME resumes one that eventdeck games lists")
	fresh := fs.Bool("new", false, "start a new game without asking (the saved one is archived, not deleted)")
	stateDir := fs.String("state-dir", "", stateDirHelp)
	var t tableFlags
	t.register(fs)
	own := map[string]bool{} // the table's own flags, and a command's: they go with --resume
	fs.VisitAll(func(f *flag.Flag) { own[f.Name] = true })
	for _, register := range extra {
		register(fs)
	}
	extraFlags := map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) { extraFlags[f.Name] = !own[f.Name] })
	if code, done := a.parse(fs, args, "[options]", "Open the table screen (the setup screen first, unless --players is given)."); done {
		return opts, code, true
	}
	if fs.NArg() > 0 {
		return opts, a.fail("unexpected argument %q (try: eventdeck help)", fs.Arg(0)), true
	}
	if conflict := resumeConflict(fs, extraFlags); resume.set && conflict != "" {
		return opts, a.fail("--resume cannot go with --%s: a resumed game keeps its own game and options", conflict), true
	}
	cardWarning, err := g.loadCards(a.cardsDir, a.assets, len(a.games) > 0)
	if err != nil {
		return opts, a.failRun("%v", err), true
	}
	if cardWarning != "" {
		cardWarning += " A saved game keeps its own copy of the cards it plays."
	}
	rulesets = g.rulesets
	if _, _, err := g.check(); err != nil {
		return opts, a.fail("%v", err), true
	}
	seed := g.seedValue()
	if resume.set && (*fresh || *players != "") {
		return opts, a.fail("--resume cannot go with --new or --players"), true
	}
	// Names are checked before anything reaches the terminal: a name may
	// not carry an escape sequence to it (deck.CheckName).
	if err := checkSetupNames(splitNames(*players)); err != nil {
		return opts, a.fail("--players: %v", err), true
	}
	if !a.terminal {
		return opts, a.fail("the table screen needs a terminal; for plain output use: eventdeck draw"), true
	}
	glyphs, err := ui.LoadGlyphs(a.assets)
	if err != nil {
		return opts, a.failRun("%v", err), true
	}

	opts = ui.Options{Rulesets: rulesets, Seed: seed, Glyphs: glyphs, Warning: cardWarning}
	dir := *stateDir
	if dir == "" {
		if dir, err = deck.StateDir(); err != nil {
			return opts, a.failRun("no folder for saves: %v (use --state-dir)", err), true
		}
	}
	opts.Store = deck.NewStore(dir)
	if err := opts.Store.Lock(); err != nil { // one eventdeck per folder; tui and serve unlock
		return opts, a.failRun("%v", err), true
	}
	defer func() {
		if done { // no table: the folder is free again
			opts.Store.Unlock()
		}
	}()
	rec := opts.Store.Recover(validator(rulesets)) // a kill leaves a journal to fold in, maybe a temp file
	if p := rec.Problem; p != nil && p.Newer() {
		// Its changes are the game's latest: a start from the save would
		// play on without them and the next save would leave the journal
		// behind. Nothing is moved; the newer eventdeck goes on with it.
		return opts, a.fail("%v", p), true
	} else if p != nil {
		opts.Warning = strings.TrimSpace(opts.Warning + "\n" + p.Error())
	}
	if code, done := a.loadSaved(&opts, resume, *fresh, validator(rulesets), dir); done {
		return opts, code, true
	}
	setFlags := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { setFlags[f.Name] = true })
	if err := setupFromFlags(&opts, rememberedSetup(&opts), &g, &t, setFlags, *players); err != nil {
		return opts, a.fail("%v", err), true
	}
	if resume.set && setFlags["timer"] { // the table's own setting: it goes with a resumed game
		secs := opts.Setup.Timer
		opts.ResumeTimer = &secs
	}
	opts.Speaker = ui.FindSpeaker()
	return opts, 0, false
}

// resumeConflict is the first flag given that a resumed game would ignore
// (a game option), "" for none: a resumed game keeps its own game and
// options. The table's own settings and a command's own flags (extra) go.
func resumeConflict(fs *flag.FlagSet, extra map[string]bool) string {
	table := map[string]bool{"resume": true, "state-dir": true, "sound": true, "speak": true,
		"timer": true, "pass-and-play": true, "count-aid": true, "new": true, "players": true}
	conflict := ""
	fs.Visit(func(f *flag.Flag) {
		if !table[f.Name] && !extra[f.Name] && conflict == "" {
			conflict = f.Name
		}
	})
	return conflict
}

// loadSaved finds the game to resume or offer: another saved game named by
// --resume NAME (read, never moved; the current save is archived before
// its first save), or the save in progress unless --new.
func (a *app) loadSaved(opts *ui.Options, resume resumeFlag, fresh bool, check func(*deck.Game) error, dir string) (code int, done bool) {
	switch {
	case resume.set && resume.name != deck.CurrentGame:
		game, err := opts.Store.Open(resume.name, check)
		switch {
		case errors.Is(err, deck.ErrNoGame):
			return a.fail("--resume: %v", err), true
		case err != nil: // the game named does not load: nothing to resume
			return a.fail("--resume: %v", err), true
		}
		opts.Loaded, opts.Resume = deck.Loaded{Game: game}, true
		opts.Store.NewGameStarts()
	case !fresh:
		// A quick start too finds the game in progress, and offers it
		// first: only --new starts afresh at once.
		var err error
		opts.Loaded, err = opts.Store.Load(check)
		switch {
		case errors.Is(err, deck.ErrNotASave): // left where it is: nothing loadable
			return a.fail("%v", err), true
		case err != nil:
			return a.failRun("%v", err), true
		}
		if resume.set && opts.Loaded.Game == nil {
			return a.fail("%s", nothingToResume(dir, opts.Loaded)), true
		}
		opts.Resume = resume.set
		if !resume.set && (opts.Loaded.Game != nil || opts.Loaded.Problem != nil) {
			if opts.Archives, err = opts.Store.Archives(ResumeChoices, check); err != nil {
				opts.Warning = strings.TrimSpace(opts.Warning + "\nThe archived games could not be listed: " + err.Error())
			}
		}
	}
	return 0, false
}

// rememberedSetup reads the setup remembered last time; a broken one is
// moved aside and said.
func rememberedSetup(opts *ui.Options) ui.Setup {
	path, err := ui.SetupPath()
	if err != nil {
		return ui.Setup{}
	}
	deck.RemoveStaleTemps(filepath.Dir(path), filepath.Base(path))
	opts.SetupPath = path
	remembered, err := ui.LoadSetup(path)
	if nf := (*deck.NotAFileError)(nil); errors.As(err, &nf) {
		// Not ours to move or replace: ignored, and this setup is not remembered.
		opts.SetupPath = ""
		opts.Warning = strings.TrimSpace(opts.Warning + "\n" + fmt.Sprintf("The remembered setup was ignored (%v); this one will not be remembered.", err))
		return ui.Setup{}
	}
	if err == nil {
		err = checkSetupNames(remembered.Players)
	}
	if err != nil {
		aside := path + ".broken-" + time.Now().Format("20060102-150405")
		_ = os.Rename(path, aside)
		opts.Warning = strings.TrimSpace(opts.Warning + "\n" + fmt.Sprintf("The remembered setup could not be read; it was moved to %s.", aside))
		return ui.Setup{}
	}
	return remembered
}

// setupFromFlags is the setup the table starts from. Without --players the
// setup screen starts from the remembered setup, the flags given over it.
// A quick start plays what its command line says, the defaults for the
// rest, as eventdeck draw does: the remembered setup fills the setup
// screen only. What it plays is remembered, the table's own settings not
// given staying as they were.
func setupFromFlags(opts *ui.Options, remembered ui.Setup, g *gameFlags, t *tableFlags, set map[string]bool, players string) error {
	if players == "" {
		opts.Setup = remembered
	}
	if err := applyFlags(&opts.Setup, g, set); err != nil {
		return err
	}
	if err := t.apply(&opts.Setup, set); err != nil {
		return err
	}
	if players == "" {
		return nil
	}
	opts.Setup.Players = splitNames(players)
	opts.QuickStart = true
	keep := remembered
	keep.Game, keep.Options, keep.Players, keep.Starter = opts.Setup.Game, opts.Setup.Options, opts.Setup.Players, opts.Setup.Starter
	_ = t.apply(&keep, set) // checked above
	opts.Remember = &keep
	return nil
}

// tableFlags are the table's own settings, apart from the game.
type tableFlags struct {
	sound, speak, handOff, countAid *bool
	timer                           *time.Duration
}

func (t *tableFlags) register(fs *flag.FlagSet) {
	t.sound = fs.Bool("sound", false, "the terminal's bell on a 7, a barbarian attack, and when a turn's time is up")
	t.speak = fs.Bool("speak", false, "read each turn's number and event aloud ("+strings.Join(speech.Programs, ", ")+")")
	t.timer = fs.Duration("timer", 0, "a turn timer, e.g. 90s or 2m (0: none)")
	t.handOff = fs.Bool("pass-and-play", false, `one laptop passed around: "Pass to Bob" between turns`)
	t.countAid = fs.Bool("count-aid", false, "show the numbers not yet seen this year")
}

// apply puts the settings given (set) into s.
func (t *tableFlags) apply(s *ui.Setup, set map[string]bool) error {
	if set["sound"] {
		s.Sound = *t.sound
	}
	if set["speak"] {
		s.Speak = *t.speak
	}
	if set["pass-and-play"] {
		s.HandOff = *t.handOff
	}
	if set["count-aid"] {
		s.CountAid = *t.countAid
	}
	if set["timer"] {
		sec := int(t.timer.Seconds())
		if *t.timer < 0 || sec > deck.MaxTimer || *t.timer > 0 && sec == 0 {
			return fmt.Errorf("--timer %v: want 1s to %ds, or 0 for none", *t.timer, deck.MaxTimer)
		}
		s.Timer = sec
	}
	return nil
}

// resumeFlag is --resume: bare, the current save; --resume NAME, the saved
// game of that name (eventdeck games).
type resumeFlag struct {
	name string
	set  bool
}

func (r *resumeFlag) String() string { return r.name }

func (r *resumeFlag) Set(v string) error {
	if v == "" {
		v = deck.CurrentGame
	}
	r.name, r.set = v, true
	return nil
}

// bare is the value of a bare --resume (bareSwitches).
func (r *resumeFlag) bare() string { return deck.CurrentGame }

// applyFlags puts the game and options given on the command line over
// the setup s; options not given keep their values in s (none in a zero
// Setup: the defaults).
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
