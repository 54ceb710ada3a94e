package ui

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Options start the TUI.
type Options struct {
	Rulesets   []expansions.Ruleset // every game on offer; the first is the default
	Setup      Setup                // the remembered setup, or the one from flags
	QuickStart bool                 // skip the setup screen and start with Setup
	Seed       uint64               // the game's seed
	SetupPath  string               // where to remember the setup; "" remembers nothing
	Renderer   *lipgloss.Renderer   // decides the colour profile
	Glyphs     Glyphs               // the big digits
	Warning    string               // a line to show at the start, e.g. a setup that could not be read
	Store      *deck.Store          // where the game is saved after every change; nil saves nothing
	Loaded     deck.Loaded          // the saved game found at start, if any
	Resume     bool                 // resume Loaded.Game without asking
	Speaker    string               // the speech command found (FindSpeaker); "" for none
	Remember   *Setup               // with QuickStart: the setup remembered when its game starts; nil: Setup
	Archives   []deck.SavedGame     // archived games the resume screen offers besides Loaded
}

type screen int

const (
	screenSetup screen = iota
	screenTable
	screenResume
	screenHistory
	screenStats
	screenReference
	screenFacts
	screenPlayers
	screenSimulate
)

// setupSavedMsg reports how remembering the setup went.
type setupSavedMsg struct{ err error }

// gameSavedMsg reports how saving the game went.
type gameSavedMsg struct{ err, backup error }

// Model is the root of the TUI: it handles the global keys and the window
// size, and routes everything else to the screen in front.
type Model struct {
	ctx      *Context
	opts     Options
	screen   screen
	setup    setupModel
	table    tableModel
	resume   resumeModel
	history  historyModel
	stats    statsModel
	ref      referenceModel
	facts    factsModel
	players  playersModel
	sim      simulateModel
	help     help.Model
	fullHelp bool
	warning  string  // shown under the screen, e.g. a setup that could not be remembered
	saveErr  error   // the last save failed; shown until one succeeds
	saved    uint64  // the game's change count when it was last saved
	initCmd  tea.Cmd // what Init starts: remembering a setup given on the command line
}

// New returns the root model. With QuickStart it opens on the table, else on
// the setup screen.
func New(opts Options) (Model, error) {
	if len(opts.Rulesets) == 0 {
		return Model{}, fmt.Errorf("no games to offer")
	}
	ctx := &Context{Styles: NewStyles(opts.Renderer), Keys: DefaultKeyMap(), Glyphs: opts.Glyphs}
	m := Model{ctx: ctx, opts: opts, help: help.New(), warning: opts.Warning}
	if opts.Setup.Speak && opts.Speaker == "" && m.warning == "" {
		m.warning = NoSpeaker
	}
	m.help.Styles.ShortKey = ctx.Styles.Value
	m.help.Styles.FullKey = ctx.Styles.Value
	m.help.Styles.ShortDesc = ctx.Styles.Dim
	m.help.Styles.FullDesc = ctx.Styles.Dim
	m.help.Styles.ShortSeparator = ctx.Styles.Dim
	m.help.Styles.FullSeparator = ctx.Styles.Dim
	m.setup = newSetup(ctx, opts.Rulesets, opts.Setup)
	m.resume = newResume(ctx, opts.Loaded, m.rulesetOf(opts.Loaded.Game))
	m.resume.others(opts.Archives, m.rulesetOf)
	if opts.QuickStart {
		if _, err := m.start(opts.Setup); err != nil { // bad flags fail now, not on n
			return Model{}, err
		}
	}
	switch {
	case opts.Resume && m.resume.canResume() && opts.Loaded.Problem == nil:
		m.table, m.screen = newTable(ctx, m.resume.rules, opts.Loaded.Game, m.tableSettings(opts.Setup)), screenTable
	case opts.Loaded.Game != nil || opts.Loaded.Problem != nil:
		m.screen = screenResume // a quick start too offers the game in progress first
	case opts.QuickStart:
		m, m.initCmd = m.quickStart()
	}
	return m, nil
}

// quickStart starts the game the command line gave, and remembers it, as
// the setup screen's games are.
func (m Model) quickStart() (Model, tea.Cmd) {
	t, _ := m.start(m.opts.Setup) // checked in New
	m.table, m.screen = t, screenTable
	m.newGameStarts()
	remember := m.opts.Setup
	if m.opts.Remember != nil {
		remember = *m.opts.Remember
	}
	return m, m.rememberSetup(remember)
}

// rulesetOf finds the ruleset of a saved game.
func (m Model) rulesetOf(g *deck.Game) expansions.Ruleset {
	if g == nil {
		return nil
	}
	for _, r := range m.opts.Rulesets {
		if r.ID() == g.Now.Ruleset {
			return r
		}
	}
	return nil
}

// newGameStarts tells the store that the saved game, if any, is to be
// archived before the new game's first save.
func (m Model) newGameStarts() {
	if m.opts.Store != nil {
		m.opts.Store.NewGameStarts()
	}
}

// Game is the game on the table, or nil before one starts.
func (m Model) Game() *deck.Game {
	if m.screen != screenTable {
		return nil
	}
	return m.table.game
}

// save saves the game in a command, off the UI's path, whatever screen
// changed it. The states it encodes never change (deck.Game), so the game
// may go on meanwhile.
func (m *Model) save() tea.Cmd {
	st := m.opts.Store
	if st == nil || m.table.game == nil {
		return nil
	}
	m.saved = m.table.game.Changes()
	snap, seq := m.table.game.Snapshot(), st.Reserve()
	return func() tea.Msg {
		data, err := deck.Encode(snap)
		if err == nil {
			err = st.Save(seq, data)
		}
		return gameSavedMsg{err: err, backup: st.BackupProblem()}
	}
}

// start builds the game a setup describes and the table screen for it.
func (m Model) start(s Setup) (tableModel, error) {
	i := slices.IndexFunc(m.opts.Rulesets, func(r expansions.Ruleset) bool { return r.ID() == s.Game })
	if i < 0 {
		return tableModel{}, fmt.Errorf("unknown game %q", s.Game)
	}
	r := m.opts.Rulesets[i]
	if e := checkPlayers(r, s.Players); e != "" {
		return tableModel{}, fmt.Errorf("%s", strings.TrimSuffix(e, "."))
	}
	players := make([]deck.Player, len(s.Players))
	for i, n := range s.Players {
		players[i], _ = nameAndColour(n) // checked above
	}
	deck.GiveColours(players)
	opts := maps.Clone(s.Options) // the setup remembers them all; the game takes those in play
	for _, k := range deck.Unmet(r.Options(), opts) {
		delete(opts, k)
	}
	st, err := r.NewGame(opts, players, m.opts.Seed)
	if err != nil {
		return tableModel{}, err
	}
	switch {
	case s.Starter == StarterRandom:
		// A side stream of the same seed: the cards stay those of eventdeck draw.
		st.Current = rand.New(deck.NewSideSource(m.opts.Seed, "starter")).IntN(len(players))
	case s.Starter != "":
		if j := slices.IndexFunc(players, func(p deck.Player) bool { return p.Name == s.Starter }); j >= 0 {
			st.Current = j
		}
	}
	st.Timer = s.Timer
	return newTable(m.ctx, r, deck.NewGame(st), m.tableSettings(s)), nil
}

// tableSettings are the table's behaviour from a setup: speech only when
// asked for and a command is installed (the warning says so otherwise).
func (m Model) tableSettings(s Setup) tableSettings {
	t := tableSettings{countAid: s.CountAid, handOff: s.HandOff, sound: s.Sound}
	if s.Speak {
		t.speaker = m.opts.Speaker
	}
	return t
}

// Init starts the screen in front.
func (m Model) Init() tea.Cmd { return m.initCmd }

// typing reports whether the screen takes letters as text: the names in
// setup, the reference's filter, a player's name.
func (m Model) typing() bool {
	return m.screen == screenSetup && m.setup.typing() || m.screen == screenReference ||
		m.screen == screenPlayers && m.players.isTyping()
}

// Update handles global keys and sizes first, then the screen in front.
// Every change to the game, from any screen, is saved: the game counts its
// changes, and a save follows whenever the count moved.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.update(msg)
	if g := next.table.game; g != nil && g.Changes() != next.saved {
		cmd = tea.Batch(cmd, next.save())
	}
	next.fit()
	return next, cmd
}

// fit tells the screens how tall they may be: the terminal less the footer.
// warningLines is the warning wrapped to the width, at most three lines
// (the last cut with "…"): a skipped card file says why, whole.
func (m Model) warningLines() []string {
	if m.warning == "" {
		return nil
	}
	lines := wrapLines(m.warning, max(m.ctx.Width, MinWidth))
	if len(lines) > 3 {
		lines = append(lines[:2], ansi.Truncate(strings.Join(lines[2:], " "), max(m.ctx.Width, MinWidth), "…"))
	}
	return lines
}

func (m *Model) fit() {
	if m.ctx.Height == 0 {
		return
	}
	foot := 1 + len(m.warningLines())
	if m.saveErr != nil {
		foot++
	}
	if m.ctx.Body != m.ctx.Height-foot {
		m.ctx.Body = m.ctx.Height - foot
		m.table.SetSize()
		m.stats.SetSize()
		m.sim.SetSize()
		m.ref.SetSize()
	}
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.Width, m.ctx.Height = msg.Width, msg.Height
		m.ctx.Body = 0 // fit lays the screens out for the new size
		return m, nil
	case startMsg:
		t, err := m.start(msg.setup)
		if err != nil {
			m.setup.err = err.Error()
			return m, nil
		}
		m.table, m.screen = t, screenTable
		m.newGameStarts()
		if msg.setup.Speak && m.opts.Speaker == "" {
			m.warning = NoSpeaker
		}
		return m, m.rememberSetup(msg.setup)
	case resumeMsg:
		m.table, m.screen = newTable(m.ctx, m.resume.rules, m.resume.loaded.Game, m.tableSettings(m.opts.Setup)), screenTable
		if m.resume.archived() {
			m.newGameStarts() // the save is archived; the archive stays as it is
		}
		return m, m.save() // a resumed backup becomes the save at once
	case newGameMsg:
		if m.opts.QuickStart {
			return m.quickStart() // the command line says which game
		}
		m.screen = screenSetup
		return m, nil
	case spokenMsg:
		if msg.err != nil {
			m.warning = "Could not speak: " + msg.err.Error()
		}
		return m, nil
	case tickMsg:
		var cmd tea.Cmd
		m.table, cmd = m.table.Update(msg) // the timer runs on every screen
		return m, cmd
	case gameSavedMsg:
		m.saveErr = msg.err
		if msg.backup != nil {
			m.warning = "Saved, but " + msg.backup.Error()
		}
		return m, nil
	case simProgressMsg, simDoneMsg:
		var cmd tea.Cmd
		m.sim, cmd = m.sim.Update(msg) // a cancelled run's reports are dropped there
		return m, cmd
	case setupSavedMsg:
		if msg.err != nil {
			m.warning = "Could not remember this setup: " + msg.err.Error()
		}
		return m, nil
	case tea.KeyMsg:
		keys, g := m.ctx.Keys.Table, m.ctx.Keys.Global
		if key.Matches(msg, g.ForceQuit) {
			return m, tea.Quit
		}
		typing := m.typing()
		if m.fullHelp {
			if key.Matches(msg, g.Help, g.HelpTyping, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
				m.fullHelp = false
			}
			return m, nil
		}
		if key.Matches(msg, g.HelpTyping) || !typing && key.Matches(msg, g.Help) {
			m.fullHelp = true
			return m, nil
		}
		if m.screen == screenSetup && !typing && key.Matches(msg, m.ctx.Keys.Setup.Quit) {
			return m, tea.Quit
		}
		if m.ctx.TooSmall() {
			return m, nil // keys do nothing on a screen nobody can read
		}
		if m.screen == screenTable {
			g, r := m.table.game.Now, m.table.rules
			switch {
			case key.Matches(msg, keys.History):
				m.history, m.screen = newHistory(m.ctx, r, g), screenHistory
				return m, nil
			case key.Matches(msg, keys.Stats):
				m.stats, m.screen = newStats(m.ctx, r, g), screenStats
				return m, nil
			case key.Matches(msg, keys.Facts):
				if fk, ok := r.(expansions.FactKeeper); ok {
					m.facts, m.screen = newFacts(m.ctx, fk, m.table.game), screenFacts
				}
				return m, nil
			case key.Matches(msg, keys.Players):
				m.players, m.screen = newPlayers(m.ctx, r, m.table.game), screenPlayers
				return m, nil
			case key.Matches(msg, keys.Simulate):
				if sim, ok := r.(expansions.Simulator); ok {
					var cmd tea.Cmd
					m.sim, cmd = newSimulate(m.ctx, sim, len(g.Players), m.sim.runID)
					m.screen = screenSimulate
					return m, cmd
				}
				return m, nil
			case key.Matches(msg, keys.Reference):
				m.ref, m.screen = newReference(m.ctx, r.Reference()), screenReference
				return m, nil
			}
		}
		if m.screen == screenSimulate && (key.Matches(msg, m.ctx.Keys.Pager.Back) || key.Matches(msg, m.ctx.Keys.Pager.Quit)) {
			m.sim.stop() // a run still going is cancelled: its goroutine ends, its reports are dropped
			m.screen = screenTable
			return m, nil
		}
		switch m.screen {
		case screenHistory, screenStats, screenReference, screenFacts, screenPlayers:
			if m.screen == screenPlayers && (m.players.isTyping() || m.players.removing) {
				break // esc cancels the name being typed; the screen takes it
			}
			// Back to the table exactly as it was; q too where it cannot be typed.
			if key.Matches(msg, m.ctx.Keys.Pager.Back) || (!typing && key.Matches(msg, m.ctx.Keys.Pager.Quit)) {
				m.screen = screenTable
				m.table.refresh() // facts may have changed the steps
				return m, nil
			}
		}
	}
	var cmd tea.Cmd
	switch m.screen {
	case screenSetup:
		m.setup, cmd = m.setup.Update(msg)
	case screenResume:
		m.resume, cmd = m.resume.Update(msg)
	case screenHistory:
		m.history, cmd = m.history.Update(msg)
	case screenStats:
		m.stats, cmd = m.stats.Update(msg)
	case screenSimulate:
		m.sim, cmd = m.sim.Update(msg)
	case screenReference:
		m.ref, cmd = m.ref.Update(msg)
	case screenFacts:
		if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, m.ctx.Keys.Facts.Undo) {
			m.table.game.Undo()
		} else {
			m.facts, cmd = m.facts.Update(msg)
		}
	case screenPlayers:
		m.players, cmd = m.players.Update(msg)
	case screenTable:
		m.table, cmd = m.table.Update(msg)
	}
	return m, cmd
}

// rememberSetup saves the setup in a command, off the UI's path.
func (m Model) rememberSetup(s Setup) tea.Cmd {
	if m.opts.SetupPath == "" {
		return nil
	}
	path := m.opts.SetupPath
	return func() tea.Msg { return setupSavedMsg{err: SaveSetup(path, s)} }
}

// shortHelp is the help line: the screen's keys, most important first, and
// "? help", dropping keys from the end of the screen's list until it fits w
// (help.Model would let the last key run past the edge).
func (m Model) shortHelp(keys []key.Binding, w int) string {
	var id strings.Builder
	for _, k := range keys {
		if k.Enabled() {
			id.WriteString(k.Help().Key + "\x00" + k.Help().Desc + "\x00")
		}
	}
	id.WriteString(strconv.Itoa(w))
	if line, ok := m.ctx.helps[id.String()]; ok {
		return line
	}
	line := m.fitHelp(keys, w)
	if m.ctx.helps == nil || len(m.ctx.helps) > 256 {
		m.ctx.helps = map[string]string{}
	}
	m.ctx.helps[id.String()] = line
	return line
}

// fullHelpView lays the key columns out side by side, as many to a row as
// width w holds, the next row under them: none is cut on a narrow screen.
func (m Model) fullHelpView(groups [][]key.Binding, w int) string {
	var rows []string
	var row [][]key.Binding
	for _, g := range groups {
		if len(row) > 0 && lipgloss.Width(m.help.FullHelpView(append(row, g))) > w {
			rows = append(rows, m.help.FullHelpView(row))
			row = nil
		}
		row = append(row, g)
	}
	if len(row) > 0 {
		rows = append(rows, m.help.FullHelpView(row))
	}
	return strings.Join(rows, "\n\n")
}

// fitHelp lays the help line out for width w.
// The help key, last, always stays.
func (m Model) fitHelp(keys []key.Binding, w int) string {
	if len(keys) == 0 {
		return ""
	}
	last := keys[len(keys)-1]
	keys = keys[:len(keys)-1]
	for n := len(keys); ; n-- {
		line := m.help.ShortHelpView(append(keys[:n:n], last))
		if n == 0 || lipgloss.Width(line) <= w {
			return ansi.Truncate(line, w, "")
		}
	}
}

// View draws the screen in front, or says the terminal is too small.
func (m Model) View() string {
	w, h := m.ctx.Width, m.ctx.Height
	if w == 0 || h == 0 {
		return ""
	}
	if m.ctx.TooSmall() {
		msg := fmt.Sprintf("terminal too small (need %d×%d)\nnow %d×%d: make the window larger\n(ctrl+c quits; the game is saved)", MinWidth, MinHeight, w, h)
		return lipgloss.NewStyle().MaxWidth(w).MaxHeight(h).Render(
			lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, lipgloss.NewStyle().MaxWidth(w).Render(msg)))
	}
	var bindings interface {
		ShortHelp() []key.Binding
		FullHelp() [][]key.Binding
	}
	var body string
	switch m.screen {
	case screenSetup:
		body, bindings = m.setup.View(), m.setup
	case screenResume:
		body, bindings = m.resume.View(), m.resume
	case screenHistory:
		body, bindings = m.history.View(), m.history
	case screenStats:
		body, bindings = m.stats.View(), m.stats
	case screenSimulate:
		body, bindings = m.sim.View(), m.sim
	case screenReference:
		body, bindings = m.ref.View(), m.ref
	case screenFacts:
		body, bindings = m.facts.View(), m.facts
	case screenPlayers:
		body, bindings = m.players.View(), m.players
	default:
		bindings = m.table
	}
	if m.fullHelp {
		body = m.ctx.Styles.Header.Render("Keys") + "\n\n" + m.fullHelpView(bindings.FullHelp(), w) +
			"\n\n" + m.ctx.Styles.Dim.Render("? or esc closes this help")
	}
	keys := bindings.ShortHelp()
	switch {
	case m.screen == screenSetup: // the setup screen names its own help key
	case m.typing():
		keys = append(keys, m.ctx.Keys.Global.HelpTyping) // "?" is text there
	default:
		keys = append(keys, m.ctx.Keys.Global.Help)
	}
	foot := m.shortHelp(keys, w)
	if lines := m.warningLines(); len(lines) > 0 {
		foot = m.ctx.Styles.Error.Render(strings.Join(lines, "\n")) + "\n" + foot
	}
	if m.saveErr != nil {
		foot = m.ctx.Styles.Error.Render(ansi.Truncate("✗ Not saved: "+m.saveErr.Error(), w, "…")) + "\n" + foot
	}
	bodyH := m.ctx.bodyHeight()
	if m.screen == screenTable && !m.fullHelp {
		return m.table.ViewIn(bodyH) + "\n" + foot // fitted to the screen by the table itself
	}
	return fitTop(body, w, bodyH) + "\n" + foot
}
