package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/pages/table"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// remote is what another's screen keeps beside the router's own state: the
// hub it follows the host's table through, who its reader is in each game
// the host puts there, and why it ended. Shared by every copy of the Model.
type remote struct {
	hub     *session.Hub
	role    func(*session.Session) session.Who // who the reader is in a game on the table
	stop    func()                             // stops watching the hub
	goodbye string                             // why the screen quit (Goodbye)
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
	m.remote = &remote{hub: o.Hub, role: o.Role}
	if m.remote.role == nil {
		m.remote.role = func(*session.Session) session.Who { return o.Who }
	}
	m.active = &waitingScreen{ctx: m.ctx, name: o.Name}
	n := m.notify
	if o.Kind != "" {
		_, m.remote.stop = o.Hub.JoinScreen(o.Kind, m.remote.role, func() { n.tell(common.ChangedMsg{}) }, func() { n.tell(common.SentAwayMsg{}) })
	} else {
		m.remote.stop = o.Hub.WatchAs(m.remote.role, func() { n.tell(common.ChangedMsg{}) })
	}
	m.follow()
	if m.table != nil {
		m.initCmd = m.table.FollowClock() // a turn's timer already running ticks here too
	}
	return m
}

// Close stops the screen following the table (its reader left).
func (m Model) Close() {
	if m.remote != nil && m.remote.stop != nil {
		m.remote.stop()
	}
}

// Goodbye is the line to leave on the terminal once the screen has quit:
// SentAway when the host sent it away, else "".
func (m Model) Goodbye() string {
	if m.remote == nil {
		return ""
	}
	return m.remote.goodbye
}

// follow shows the game on the table when the host put a new one there.
func (m *Model) follow() {
	cur := m.remote.hub.Current()
	if cur == nil || cur == m.sess {
		return
	}
	m.sess, m.who = cur, m.remote.role(cur)
	m.hand = cur.As(m.who)
	m.table = table.New(m.ctx, m.hand, table.Settings{Open: m.pages.open})
	m.table.Remote = true
	m.table.Refresh() // as who it now is
	m.show(m.table)
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
