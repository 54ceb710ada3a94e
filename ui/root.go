package ui

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/timer"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/components/qrpanel"
	"github.com/eventdeck/eventdeck/ui/pages/resume"
	"github.com/eventdeck/eventdeck/ui/pages/setup"
	"github.com/eventdeck/eventdeck/ui/pages/table"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Options start the TUI.
type Options struct {
	Rulesets   []expansions.Ruleset // every game on offer; the first is the default
	Setup      common.Setup         // the remembered setup, or the one from flags
	QuickStart bool                 // skip the setup screen and start with Setup
	Seed       uint64               // the game's seed
	SetupPath  string               // where to remember the setup; "" remembers nothing
	Renderer   *lipgloss.Renderer   // decides the colour profile
	Glyphs     digits.Glyphs        // the big digits
	Warning    string               // a line to show at the start, e.g. a setup that could not be read
	Store      *deck.Store          // where the game is saved after every change; nil saves nothing
	Loaded     deck.Loaded          // the saved game found at start, if any
	Resume     bool                 // resume Loaded.Game without asking
	Speaker    string               // the speech command found (FindSpeaker); "" for none
	Remember   *common.Setup        // with QuickStart: the setup remembered when its game starts; nil: Setup
	Archives   []deck.SavedGame     // archived games the resume screen offers besides Loaded
	Hub        *session.Hub         // where other screens find the game on the table; nil: this screen only
	Serving    func() string        // what the host's screen says of the other screens (eventdeck serve); nil: nothing
	JoinURL    string               // the phone page's address with the join code (eventdeck serve); "" without one
	// ResumeTimer is --timer given with --resume: the resumed game's turn
	// timer from now on, in seconds; nil keeps the game's own.
	ResumeTimer *int

	now func() time.Time // the clock the session's turn timer runs by; nil: the wall clock (tests set one)
}

// setupSavedMsg reports how remembering the setup went.
type setupSavedMsg struct{ err error }

// Model is the root of the TUI: a router. It handles the global keys and
// the window size, and routes everything else to the screen in front. The
// game itself lives in a table session (package session) that this model
// and any other view send intents to.
type Model struct {
	ctx       *common.Context
	pages     *pages     // builds the pages the table opens
	helps     *helpLines // the help lines laid out
	opts      Options
	notify    *notifier        // tells the program running this model that the session changed
	hand      *session.Hand    // this screen's reader's hand on the game on the table: the game is read and changed through it
	sess      *session.Session // the session on the table, kept for its life only (attach, publish, close, the backup note): no Hand method gives these
	detach    func()           // stops the session's notes to this view
	table     *table.Model     // the table screen, once a game is on it
	active    common.Screen    // the screen in front
	fullHelp  bool
	helpTop   int         // the first line of the full help in view
	warning   string      // shown under the screen, e.g. a setup that could not be remembered
	fleeting  bool        // the warning is said once: the next key at a game takes it away
	quitAsked bool        // q before the game, with screens joined: y quits (quitBeforeTheGame)
	saveErr   error       // the last save failed; shown until one succeeds
	initCmd   tea.Cmd     // what Init starts: remembering a setup given on the command line
	who       session.Who // who this screen is: the host, or a player or viewer over SSH
	remote    *remote     // another's screen (NewView): how it follows the host's table; nil on the host's
	sized     bool        // a size came: 0×0 is then a terminal without one (ssh -tt), told it is too small
}

// New returns the root model. With QuickStart it opens on the table, else on
// the setup screen.
func New(opts Options) (Model, error) {
	if len(opts.Rulesets) == 0 {
		return Model{}, fmt.Errorf("no games to offer")
	}
	m := newModel(opts.Renderer, opts.Glyphs, session.TheHost())
	ctx := m.ctx
	m.pages.games = opts.Rulesets
	m.pages.hub = opts.Hub
	if opts.JoinURL != "" {
		m.pages.join = qrpanel.New(opts.JoinURL, opts.Renderer)
	}
	m.opts, m.warning = opts, opts.Warning
	if opts.Setup.Speak && opts.Speaker == "" && m.warning == "" {
		m.warning, m.fleeting = common.NoSpeaker, true
	}
	rs := resume.New(ctx, opts.Loaded, m.rulesetOf(opts.Loaded.Game))
	rs.Others(opts.Archives, m.rulesetOf)
	if opts.QuickStart {
		r, g, err := m.build(opts.Setup) // bad flags fail now, not on n
		if err != nil {
			return Model{}, err
		}
		rs.Fresh = resume.FreshGame(r, g.Now)
		// Issue 30: flags that name another game than the save's (Rivals
		// for a Catan save) start it on enter; r resumes.
		rs.FreshFirst = rs.CanResume() && r.ID() != rs.Rules.ID()
	}
	switch {
	case opts.Resume && rs.CanResume() && opts.Loaded.Problem == nil:
		m.begin(rs.Rules, opts.Loaded.Game, m.tableSettings(opts.Setup), false, false)
		m.takeTimer()
	case opts.Loaded.Game != nil || opts.Loaded.Problem != nil:
		m.active = rs // a quick start too offers the game in progress first
	case opts.QuickStart:
		m.initCmd = m.quickStart()
	default:
		// Built only when shown: its form is most of a quick start's work
		// before the first frame (issue 22; BenchmarkTableFirstFrame).
		m.show(setup.New(ctx, opts.Rulesets, opts.Setup))
	}
	return m, nil
}

// quickStart starts the game the command line gave, and remembers it, as
// the setup screen's games are.
func (m *Model) quickStart() tea.Cmd {
	_ = m.start(m.opts.Setup) // checked in New
	remember := m.opts.Setup
	if m.opts.Remember != nil {
		remember = *m.opts.Remember
	}
	return m.rememberSetup(remember)
}

// rulesetOf finds the ruleset of a saved game, nil if it is not on offer.
func (m Model) rulesetOf(g *deck.Game) expansions.Ruleset {
	if g == nil {
		return nil
	}
	r, _ := expansions.Find(m.opts.Rulesets, g.Now.Ruleset)
	return r
}

// Notify tells the model how to reach the program running it (its Send),
// so that changes made by other views show here at once.
func (m Model) Notify(send func(tea.Msg)) { m.notify.set(send) }

// Session is the table session on the table, nil before a game starts.
func (m Model) Session() *session.Session { return m.sess }

// Game is the game on the table, or nil before one starts.
func (m Model) Game() *deck.Game {
	if m.hand == nil {
		return nil
	}
	return m.hand.Game()
}

// begin puts game g on the table: a table session owns it from now on.
// newGame archives the saved game before the first save; saveNow saves at
// once (a resumed backup becomes the save).
func (m *Model) begin(r expansions.Ruleset, g *deck.Game, set table.Settings, newGame, saveNow bool) {
	if m.detach != nil {
		go m.detach() // it waits for a note on its way to this program's loop: never from the loop
	}
	o := session.Options{Rules: r, Game: g, NewGame: newGame, SaveNow: saveNow, Now: m.opts.now}
	if m.opts.Store != nil {
		o.Store = m.opts.Store
	}
	m.sess = session.New(o)
	n := m.notify
	m.detach = m.sess.Attach(func() { n.tell(common.ChangedMsg{}) })
	if m.opts.Hub != nil {
		m.opts.Hub.Publish(m.sess) // the other screens follow
	}
	m.hand = m.sess.As(m.who)
	m.table = table.New(m.ctx, m.hand, set)
	m.show(m.table)
}

// show puts screen s in front, at the room the footer leaves.
func (m *Model) show(s common.Screen) {
	m.active = s
	if m.ctx.Width > 0 {
		s.SetSize(m.ctx.Width, m.ctx.BodyHeight())
	}
}

// start builds the game a setup describes and puts it on the table.
func (m *Model) start(s common.Setup) error {
	r, g, err := m.build(s)
	if err != nil {
		return err
	}
	m.begin(r, g, m.tableSettings(s), true, false)
	return nil
}

// build makes the game a setup describes, without putting it on the table.
func (m Model) build(s common.Setup) (expansions.Ruleset, *deck.Game, error) {
	r, err := expansions.Find(m.opts.Rulesets, s.Game)
	if err != nil {
		return nil, nil, err
	}
	if e := common.CheckPlayers(r, s.Players); e != "" {
		return nil, nil, fmt.Errorf("%s", strings.TrimSuffix(e, "."))
	}
	players := make([]deck.Player, len(s.Players))
	for i, n := range s.Players {
		players[i], _ = common.NameAndColour(n) // checked above
	}
	deck.GiveColours(players)
	opts := maps.Clone(s.Options) // the setup remembers them all; the game takes those in play
	for _, k := range deck.Unmet(r.Options(), opts) {
		delete(opts, k)
	}
	st, err := r.NewGame(opts, players, m.opts.Seed)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case s.Starter == common.StarterRandom:
		// A side stream of the same seed: the cards stay those of eventdeck draw.
		st.Current = rand.New(deck.NewSideSource(m.opts.Seed, "starter")).IntN(len(players))
	case s.Starter != "":
		if j := slices.IndexFunc(players, func(p deck.Player) bool { return p.Name == s.Starter }); j >= 0 {
			st.Current = j
		}
	}
	st.Timer = s.Timer
	return r, deck.NewGame(st), nil
}

// tableSettings are the table's behaviour from a setup: speech only when
// asked for and a command is installed (the warning says so otherwise).
func (m Model) tableSettings(s common.Setup) table.Settings {
	t := table.Settings{CountAid: s.CountAid, HandOff: s.HandOff, Sound: s.Sound, Open: m.pages.open, Join: m.pages.join}
	if s.Speak {
		t.Speaker = m.opts.Speaker
	}
	return t
}

// Init starts the screen in front.
func (m Model) Init() tea.Cmd { return m.initCmd }

// Update handles global keys and sizes first, then the screen in front,
// and fits the screen to the room the footer leaves.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok && km.Type == tea.KeyRunes && len(km.Runes) > 1 && !km.Paste {
		// Keys that came in one read ("10" over ssh, "end" typed fast into
		// a search) are keys, one by one, on every screen and in every
		// text field: the runes "end" are never the End key.
		return m.eachKey(km)
	}
	next, cmd := m.update(msg)
	if next.table != nil && next.active != common.Screen(next.table) {
		next.table.Sync() // a screen in front changed the game: the table follows
	}
	next.fit()
	return next, cmd
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.Width, m.ctx.Height, m.sized = msg.Width, msg.Height, true
		m.ctx.Body = 0 // fit lays the screens out for the new size
		return m, nil
	case tea.KeyMsg:
		if m.fleeting && m.hand != nil { // issue 23: said once, not for the whole game
			m.warning, m.fleeting = "", false
		}
		if cmd, done := m.globalKey(msg); done {
			return m, cmd
		}
	case common.StartMsg, common.ResumeMsg, common.NewGameMsg, common.SpokenMsg, setupSavedMsg, common.ChangedMsg:
		return m.event(msg)
	case common.SentAwayMsg: // the host sent this screen away: it ends
		if m.remote != nil {
			m.remote.goodbye = common.SentAway
		}
		return m, tea.Quit
	case timer.TickMsg, timer.TimeoutMsg, timer.StartStopMsg:
		if m.table != nil {
			return m, m.table.Tick(msg) // the timer runs on every screen
		}
		return m, nil
	}
	next, cmd := m.active.Update(msg)
	switch {
	case next == nil: // back to the table, as it now is
		m.table.Refresh()
		m.show(m.table)
	case next != m.active:
		m.show(next)
	}
	return m, cmd
}

// globalKey handles the keys of every screen: ctrl+c, the help, and keys on
// a screen too small to read. done is false for a key the screen takes.
func (m *Model) globalKey(km tea.KeyMsg) (cmd tea.Cmd, done bool) {
	g := m.ctx.Keys.Global
	switch {
	case common.KeyIs(km, g.ForceQuit):
		return tea.Quit, true
	case m.fullHelp:
		if common.KeyIs(km, g.Help, g.HelpTyping, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
			m.fullHelp = false
		}
		m.helpTop = m.helpPager(m.helpTop).Scrolled(m.ctx.Keys.Pager, km) // issue 30: a long help pages
		return nil, true
	case common.KeyIs(km, g.HelpTyping) || !m.active.Typing() && common.KeyIs(km, g.Help):
		m.fullHelp, m.helpTop = true, 0
		return nil, true
	}
	if cmd, done := m.quitBeforeTheGame(km); done {
		return cmd, true
	}
	return nil, m.ctx.TooSmall() // keys do nothing on a screen nobody can read
}

// event handles what happens to the whole program: a game starts or
// resumes, a setup is remembered, speech fails, the session changed.
func (m Model) event(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case common.StartMsg:
		if err := m.start(msg.Setup); err != nil {
			if s, ok := m.active.(*setup.Model); ok {
				s.Err = err.Error()
			}
			return m, nil
		}
		if msg.Setup.Speak && m.opts.Speaker == "" {
			m.warning, m.fleeting = common.NoSpeaker, true
		}
		return m, m.rememberSetup(msg.Setup)
	case common.ResumeMsg:
		// An archived game resumed: the save is archived first, the archive
		// stays as it is; a resumed backup becomes the save at once.
		m.begin(msg.Rules, msg.Game, m.tableSettings(m.opts.Setup), msg.Archived, true)
		m.takeTimer()
		return m, m.table.FollowClock()
	case common.NewGameMsg:
		if m.opts.QuickStart {
			return m, m.quickStart() // the command line says which game
		}
		m.show(setup.New(m.ctx, m.opts.Rulesets, m.opts.Setup))
	case common.SpokenMsg:
		if msg.Err != nil {
			m.warning, m.fleeting = "Could not speak: "+msg.Err.Error(), false
		}
	case setupSavedMsg:
		if msg.err != nil {
			m.warning, m.fleeting = "Could not remember this setup: "+msg.err.Error(), false
		}
	case common.ChangedMsg:
		if m.remote != nil {
			m.follow() // another's screen: the host may have put a new game on the table
		}
		if m.hand == nil {
			return m, nil
		}
		snap := m.hand.Snapshot()
		if snap.Closed && m.remote != nil {
			return m, tea.Quit // the host ended the game: this screen leaves cleanly
		}
		m.saveErr = snap.SaveErr
		if b := m.sess.TakeBackupProblem(); b != nil {
			m.warning, m.fleeting = "Saved, but "+b.Error(), false
		}
		m.table.Sync()
		return m, m.table.FollowClock() // a turn, a pause on any screen
	}
	return m, nil
}

// rememberSetup saves the setup in a command, off the UI's path.
func (m Model) rememberSetup(s common.Setup) tea.Cmd {
	if m.opts.SetupPath == "" {
		return nil
	}
	path := m.opts.SetupPath
	return func() tea.Msg { return setupSavedMsg{err: common.SaveSetup(path, s)} }
}

// View draws the screen in front, or says the terminal is too small.
func (m Model) View() string {
	w, h := m.ctx.Width, m.ctx.Height
	if (w == 0 || h == 0) && !m.sized {
		return ""
	}
	if m.ctx.TooSmall() {
		msg := fmt.Sprintf("terminal too small (need %d×%d)\nnow %d×%d: make the window larger\n(ctrl+c quits; the game is saved)", common.MinWidth, common.MinHeight, w, h)
		return lipgloss.NewStyle().MaxWidth(w).MaxHeight(h).Render(
			lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, lipgloss.NewStyle().MaxWidth(w).Render(msg)))
	}
	bindings := help.KeyMap(m.active)
	keys := bindings.ShortHelp()
	_, onSetup := m.active.(*setup.Model)
	switch {
	case onSetup: // the setup screen names its own help key
	case m.active.Typing():
		keys = append(keys, m.ctx.Keys.Global.HelpTyping) // "?" is text there
	default:
		keys = append(keys, m.ctx.Keys.Global.Help)
	}
	foot := m.shortHelp(keys, w)
	if lines := m.warningLines(); len(lines) > 0 {
		foot = m.ctx.Styles.Error.Render(strings.Join(lines, "\n")) + "\n" + foot
	}
	if lines := m.servingLines(); len(lines) > 0 {
		foot = m.ctx.Styles.Dim.Render(strings.Join(lines, "\n")) + "\n" + foot
	}
	if m.saveErr != nil {
		foot = m.ctx.Styles.Error.Render(ansi.Truncate("✗ Not saved: "+m.saveErr.Error(), w, "…")) + "\n" + foot
	}
	if m.active == common.Screen(m.table) && !m.fullHelp {
		return m.table.Frame(foot) // fitted to the screen by the table itself
	}
	body := m.active.View()
	if m.fullHelp {
		body = m.helpPager(m.helpTop).View(m.ctx.Styles)
	}
	return common.FitTop(body, w, m.ctx.BodyHeight()) + "\n" + foot
}

// takeTimer gives a resumed game the --timer given with --resume.
func (m *Model) takeTimer() {
	if t := m.opts.ResumeTimer; t != nil && m.hand != nil && *t != m.hand.Now().Timer {
		if err := m.hand.SetTimer(*t); err != nil {
			m.warning = "The turn timer was not set: " + err.Error()
			return
		}
		m.table.Refresh()
		m.initCmd = tea.Batch(m.initCmd, m.table.FollowClock()) // the turn on the table counts now
	}
}
