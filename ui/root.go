package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

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
}

type screen int

const (
	screenSetup screen = iota
	screenTable
)

// setupSavedMsg reports how remembering the setup went.
type setupSavedMsg struct{ err error }

// Model is the root of the TUI: it handles the global keys and the window
// size, and routes everything else to the screen in front.
type Model struct {
	ctx      *Context
	opts     Options
	screen   screen
	setup    setupModel
	table    tableModel
	help     help.Model
	fullHelp bool
	warning  string // shown under the screen, e.g. a setup that could not be remembered
}

// New returns the root model. With QuickStart it opens on the table, else on
// the setup screen.
func New(opts Options) (Model, error) {
	if len(opts.Rulesets) == 0 {
		return Model{}, fmt.Errorf("no games to offer")
	}
	ctx := &Context{Styles: NewStyles(opts.Renderer), Keys: DefaultKeyMap(), Glyphs: opts.Glyphs}
	m := Model{ctx: ctx, opts: opts, help: help.New(), warning: opts.Warning}
	m.help.Styles.ShortKey = ctx.Styles.Value
	m.help.Styles.FullKey = ctx.Styles.Value
	m.help.Styles.ShortDesc = ctx.Styles.Dim
	m.help.Styles.FullDesc = ctx.Styles.Dim
	m.help.Styles.ShortSeparator = ctx.Styles.Dim
	m.help.Styles.FullSeparator = ctx.Styles.Dim
	m.setup = newSetup(ctx, opts.Rulesets, opts.Setup)
	if opts.QuickStart {
		t, err := m.start(opts.Setup)
		if err != nil {
			return Model{}, err
		}
		m.table, m.screen = t, screenTable
	}
	return m, nil
}

// start builds the game a setup describes and the table screen for it.
func (m Model) start(s Setup) (tableModel, error) {
	i := slices.IndexFunc(m.opts.Rulesets, func(r expansions.Ruleset) bool { return r.ID() == s.Game })
	if i < 0 {
		return tableModel{}, fmt.Errorf("unknown game %q", s.Game)
	}
	r := m.opts.Rulesets[i]
	if e := checkPlayers(s.Players); e != "" {
		return tableModel{}, fmt.Errorf("%s", strings.TrimSuffix(e, "."))
	}
	players := make([]deck.Player, len(s.Players))
	for i, n := range s.Players {
		players[i] = deck.Player{Name: n}
	}
	st, err := r.NewGame(s.Options, players, m.opts.Seed)
	if err != nil {
		return tableModel{}, err
	}
	switch {
	case s.Starter == StarterRandom:
		// A side stream of the same seed: the cards stay those of eventdeck draw.
		st.Current = rand.New(deck.NewSideSource(m.opts.Seed, "starter")).IntN(len(players))
	case s.Starter != "":
		if j := slices.Index(s.Players, s.Starter); j >= 0 {
			st.Current = j
		}
	}
	return newTable(m.ctx, r, deck.NewGame(st), s.CountAid), nil
}

// Init starts the screen in front.
func (m Model) Init() tea.Cmd { return nil }

// Update handles global keys and sizes first, then the screen in front.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.Width, m.ctx.Height = msg.Width, msg.Height
		m.help.Width = msg.Width
		m.table.SetSize()
		return m, nil
	case startMsg:
		t, err := m.start(msg.setup)
		if err != nil {
			m.setup.err = err.Error()
			return m, nil
		}
		m.table, m.screen = t, screenTable
		return m, m.rememberSetup(msg.setup)
	case setupSavedMsg:
		if msg.err != nil {
			m.warning = "Could not remember this setup: " + msg.err.Error()
		}
		return m, nil
	case tea.KeyMsg:
		keys := m.ctx.Keys
		if key.Matches(msg, keys.ForceQuit) {
			return m, tea.Quit
		}
		typing := m.screen == screenSetup && m.setup.typing()
		if m.fullHelp {
			if key.Matches(msg, keys.Help, keys.Cancel, keys.Quit) {
				m.fullHelp = false
			}
			return m, nil
		}
		if !typing && key.Matches(msg, keys.Help) {
			m.fullHelp = true
			return m, nil
		}
		if m.screen == screenSetup && !typing && key.Matches(msg, keys.Quit, keys.Cancel) {
			return m, tea.Quit
		}
		if m.ctx.TooSmall() {
			return m, nil // keys do nothing on a screen nobody can read
		}
	}
	var cmd tea.Cmd
	switch m.screen {
	case screenSetup:
		m.setup, cmd = m.setup.Update(msg)
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

// View draws the screen in front, or says the terminal is too small.
func (m Model) View() string {
	w, h := m.ctx.Width, m.ctx.Height
	if w == 0 || h == 0 {
		return ""
	}
	if m.ctx.TooSmall() {
		msg := fmt.Sprintf("terminal too small (need %d×%d)\nnow %d×%d: make the window larger", MinWidth, MinHeight, w, h)
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
	default:
		bindings = m.table
	}
	if m.fullHelp {
		body = m.ctx.Styles.Header.Render("Keys") + "\n\n" + m.help.FullHelpView(bindings.FullHelp()) +
			"\n\n" + m.ctx.Styles.Dim.Render("? or esc closes this help")
	}
	foot := m.help.ShortHelpView(append(bindings.ShortHelp(), m.ctx.Keys.Help))
	if m.warning != "" {
		foot = m.ctx.Styles.Error.Render(m.warning) + "\n" + foot
	}
	bodyH := h - lipgloss.Height(foot)
	if m.screen == screenTable && !m.fullHelp {
		return m.table.ViewIn(bodyH) + "\n" + foot // fitted to the screen by the table itself
	}
	return fitTop(body, w, bodyH) + "\n" + foot
}
