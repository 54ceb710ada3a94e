package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/pages/resume"
	"github.com/eventdeck/eventdeck/ui/pages/setup"
	"github.com/eventdeck/eventdeck/ui/pages/table"
)

// newModel is a root with its context and help styled, showing nothing yet.
func newModel(r *lipgloss.Renderer, g digits.Glyphs, who session.Who) Model {
	ctx := &common.Context{Styles: common.NewStyles(r), Keys: common.DefaultKeyMap(), Glyphs: g, Help: help.New()}
	m := Model{ctx: ctx, pages: &pages{ctx: ctx}, notify: &notifier{}, who: who}
	ctx.Help.Styles.ShortKey = ctx.Styles.Value
	ctx.Help.Styles.FullKey = ctx.Styles.Value
	ctx.Help.Styles.ShortDesc = ctx.Styles.Dim
	ctx.Help.Styles.FullDesc = ctx.Styles.Dim
	ctx.Help.Styles.ShortSeparator = ctx.Styles.Dim
	ctx.Help.Styles.FullSeparator = ctx.Styles.Dim
	return m
}

// ViewOptions start another's screen at the table: a player's own screen
// or a viewer's (eventdeck serve). It shows the game the host's table
// session holds, at its own size, and sends intents as who it is.
type ViewOptions struct {
	Hub *session.Hub
	Who session.Who
	// Role, when set, says who the reader is in each game the host puts on
	// the table, in place of Who: a player who joined before the game
	// started plays in it. It is given the game's session.
	Role     func(*session.Session) session.Who
	Name     string             // who, as the screen greets them (already made safe)
	Renderer *lipgloss.Renderer // the screen's own colours
	Glyphs   digits.Glyphs
	// Kind is how the screen joined (session.KindSSH): the host's players
	// screen lists it and may send it away, when it quits with SentAway
	// as its Goodbye. "": it follows the table unlisted.
	Kind string
}

// NewView returns a screen of the game on the table for someone other than
// the host. It follows the hub: before the host starts a game it says so;
// a new game on the table shows at once. Close it when its reader leaves.
func NewView(o ViewOptions) Model {
	m := newModel(o.Renderer, o.Glyphs, o.Who)
	m.hub, m.role = o.Hub, o.Role
	if m.role == nil {
		m.role = func(*session.Session) session.Who { return o.Who }
	}
	m.active = &waitingScreen{ctx: m.ctx, name: o.Name}
	n := m.notify
	if o.Kind != "" {
		_, m.stopHub = o.Hub.JoinScreen(o.Kind, m.role, func() { n.tell(common.ChangedMsg{}) }, func() { n.tell(common.SentAwayMsg{}) })
	} else {
		m.stopHub = o.Hub.WatchAs(m.role, func() { n.tell(common.ChangedMsg{}) })
	}
	m.follow()
	if m.table != nil {
		m.initCmd = m.table.FollowClock() // a turn's timer already running ticks here too
	}
	return m
}

// Close stops the screen following the table (its reader left).
func (m Model) Close() {
	if m.stopHub != nil {
		m.stopHub()
	}
}

// Goodbye is the line to leave on the terminal once the screen has quit:
// SentAway when the host sent it away, else "".
func (m Model) Goodbye() string { return m.goodbye }

// follow shows the game on the table when the host put a new one there.
func (m *Model) follow() {
	cur := m.hub.Current()
	if cur == nil || cur == m.sess {
		return
	}
	m.sess, m.who = cur, m.role(cur)
	m.table = table.New(m.ctx, cur.As(m.who), table.Settings{Open: m.pages.open})
	m.table.Remote = true
	m.table.Refresh() // as who it now is
	m.show(m.table)
}

// servingLines are what the host's screen says of the other screens: how
// to join, the code, the key's fingerprint, who is connected.
func (m Model) servingLines() []string {
	if m.hub != nil {
		return []string{m.whoAmI()}
	}
	if m.opts.Serving == nil {
		return nil
	}
	w := max(m.ctx.Width, common.MinWidth)
	var out []string
	for _, l := range strings.Split(m.opts.Serving(), "\n") {
		out = append(out, common.FitLine(l, w)) // whole words: the join command first
	}
	return out
}

// waitingScreen is another's screen before the host has a game on the
// table.
type waitingScreen struct {
	common.Size
	common.NotTyping
	ctx  *common.Context
	name string
}

// Update quits on q; everything else waits for the host.
func (s *waitingScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, s.ctx.Keys.Pager.Quit) {
		return s, tea.Quit
	}
	return s, nil
}

// View greets the reader and says what it waits for.
func (s *waitingScreen) View() string {
	st := s.ctx.Styles
	hello := "Welcome"
	if s.name != "" {
		hello += ", " + s.name
	}
	return st.Header.Render(hello) + "\n\n" + st.Dim.Render("Waiting for the host to start the game…")
}

// ShortHelp lists the waiting screen's one key.
func (s *waitingScreen) ShortHelp() []key.Binding { return []key.Binding{s.ctx.Keys.Pager.Quit} }

// FullHelp lists it in a column.
func (s *waitingScreen) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }

// whoAmI says on another's screen who its reader is at the table.
func (m Model) whoAmI() string {
	if m.table == nil {
		return ""
	}
	me := m.table.Me()
	if me.IsViewer() {
		me.Name = m.who.Name // the name they joined by, when it is not at the table
	}
	return readout.You(m.table.Now(), me)
}

// quitBeforeTheGame asks first when q on the resume or setup screen would
// end eventdeck for screens that joined over SSH before the game started.
func (m *Model) quitBeforeTheGame(km tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case m.quitAsked:
		m.quitAsked, m.warning = false, ""
		if key.Matches(km, m.ctx.Keys.Table.Walker.Answer.Yes) {
			return tea.Quit, true
		}
		return nil, true
	case m.table != nil || m.opts.Hub == nil || m.active.Typing():
		return nil, false
	}
	switch m.active.(type) {
	case *resume.Model:
		if !key.Matches(km, m.ctx.Keys.Resume.Quit) {
			return nil, false
		}
	case *setup.Model:
		if !key.Matches(km, m.ctx.Keys.Setup.Quit) {
			return nil, false
		}
	default:
		return nil, false
	}
	if n := m.opts.Hub.Watchers(); n > 0 {
		m.quitAsked = true
		m.warning = "Quit? y ends eventdeck on " + common.Plural(n, "joined screen", "joined screens") + " too; any other key stays."
		return nil, true
	}
	return nil, false
}
