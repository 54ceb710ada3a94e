package table

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/qrpanel"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Model is the table screen, a composition of three components
// under the header and over the status lines: the number and dice
// (numberView), the step walker (StepWalker: the turn's steps and its
// questions) and, while a game's action is being entered, the action entry
// (actionEntry). It knows no game: the ruleset describes every turn, die,
// action and tracker. The components change nothing: they return intents,
// which the table sends to the session (Apply).
type Model struct {
	common.Size
	*State // the game on show, shared with the components
	// The step walker is embedded: the answer it reads (input) is the
	// table's, as the number and the status are.
	*StepWalker
	Number   numberView    // the number and the dice
	Entry    *actionEntry  // the action being entered; nil when none
	Hand     *session.Hand // the game, as this screen's reader may change it: the table sends it intents
	who      session.Who   // who sends them: the host, or a player or viewer over SSH
	set      Settings
	quitting bool // q was pressed while a turn is being resolved: ask first
	// answerFor is the question the host was told others still answer on
	// their own screens: the next answer key answers for them (issue 37
	// item 4: one enter closed a 7 as "nobody" before any phone answered).
	answerFor string
	flash     string
	err       string
	bell      bool   // ring once with the next frame
	last      string // the last numbers, newest first: "8 6 7"
	lastN     int    // the turns m.last was made from
	// headerGap ends the header and leaves the HeaderBar's blank lines.
	headerGap string
	// Clock is the session's turn timer as this screen shows it.
	Clock turnClock
}

// Settings are how the table screen behaves, apart from the game.
type Settings struct {
	CountAid bool           // show the numbers not yet seen this year
	HandOff  bool           // say "Pass to …" between turns (pass-and-play)
	Sound    bool           // a bell on a turn that asks for one (a 7, an attack)
	Speaker  string         // the speech command that reads each turn aloud; "" for none
	Open     common.Opener  // builds the pages the table's keys open; nil opens none
	Join     *qrpanel.Panel // the phone page's address and code (eventdeck serve); nil without one
}

// New is the table page of the game hand holds, for its reader.
func New(ctx *common.Context, hand *session.Hand, set Settings) *Model {
	s := &State{ctx: ctx, cache: &tableCache{}, Rules: hand.Rules(), reader: hand.Role()}
	m := &Model{State: s, StepWalker: &StepWalker{State: s}, Number: numberView{State: s}, Hand: hand, set: set, who: hand.Role()}
	m.Refresh()
	m.SetSize(ctx.Width, ctx.BodyHeight())
	return m
}

// Sync shows the game anew if another view changed it since.
func (m *Model) Sync() {
	snap := m.Hand.Snapshot()
	screens := snap.Screens != m.Snap.Screens
	if screens {
		m.Snap.Screens = snap.Screens
		m.readView() // a player's screen came or went, or opened a look
	}
	if snap.Version != m.Snap.Version || snap.Own != m.Snap.Own {
		moved := snap.Version != m.Snap.Version
		if m.answerFor != "" { // whom the table waits for has changed: said anew by the next key
			m.answerFor, m.err = "", ""
		}
		m.Refresh()
		if moved {
			m.err, m.flash = "", "" // what this screen said was of a game that has moved on
			if m.Entry != nil && m.Entry.stale() {
				m.Entry = nil
				m.flash = "The game moved on: that is closed."
			}
			m.tellLooking() // the others' screens no longer say so
		}
	}
	if screens {
		m.lookEnded() // the host may have ended this reader's look
	}
}

// Refresh shows the game as it now is: the last turn, the open turn's
// steps and the actions on offer. Called after every change, undo and redo.
func (m *Model) Refresh() {
	m.Hand.Look(func(l *session.Look) {
		m.loadLook(l)
		m.reader = l.Who()
		m.viewOf(l)
	})
	m.Number.render()
	m.StepWalker.Reset()
	m.last = m.lastNumbers()
}

// SetSize lays the table out for a new size: the number is rendered again
// for the room under the header.
func (m *Model) SetSize(w, h int) {
	m.Size.SetSize(w, h)
	m.headerGap = strings.Repeat("\n", 1+m.ctx.Styles.Gaps.Header)
	m.Number.SetSize(w, m.bodyRoom(m.header(w)))
}

// bodyRoom is the height under the header.
func (m *Model) bodyRoom(header string) int {
	return m.H - lipgloss.Height(header) - m.ctx.Styles.Gaps.Header
}

// Typing reports false: the table's letters are keys.
func (m *Model) Typing() bool { return false }

// Update takes a key, or a tick of the turn timer. A key that brings a
// new turn rings the bell and reads it aloud as set; the session starts
// the turn's timer, and this screen follows it.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if isClockMsg(msg) {
		return m, m.Tick(msg)
	}
	m.bell = false
	turns := m.Now().Turns()
	next, cmd := m.update(msg)
	m.tellLooking()
	if m.Now().Turns() > turns && m.Shown {
		cmd = tea.Batch(cmd, m.newTurn())
	}
	if c := m.FollowClock(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	return next, cmd
}

// newTurn greets a new turn: the bell and speech.
func (m *Model) newTurn() tea.Cmd {
	if m.set.Sound && m.Turn.Bell {
		m.bell = true
	}
	if m.set.Speaker != "" {
		return common.Speak(m.set.Speaker, common.Spoken(m.Turn))
	}
	return nil
}

// FollowClock shows the session's turn timer as it now is, and ticks
// while it runs.
func (m *Model) FollowClock() tea.Cmd {
	return m.ctx.Tick(m.Clock.follow(m.Hand.Timer()))
}

// Tick takes a tick of the turn timer; at zero it rings.
func (m *Model) Tick(msg tea.Msg) tea.Cmd {
	cmd, bell := m.Clock.tick(msg, m.Hand.Timer())
	m.bell = m.bell || bell
	return m.ctx.Tick(cmd)
}

// View lays the table out in its room: the header, then the body. The
// number sits at the same place from turn to turn.
func (m *Model) View() string { return m.Frame("") }

// Frame is View with foot under it when foot is not "": the root's help
// line goes in the same string, not in a copy of the frame.
func (m *Model) Frame(foot string) string {
	w, h := m.W, m.H
	if m.Number.Focus && m.Entry == nil {
		v := m.Number.FocusView(w, h, m.StepWalker.Ask(w))
		if foot != "" {
			v += "\n" + foot
		}
		return v
	}
	st := &m.ctx.Styles
	header := m.header(w)
	room := m.bodyRoom(header)
	blockW := -1
	if c := m.Number.Card; c != nil && m.Shown && m.Entry == nil {
		blockW = max(c.width, min(w, 80))
		if c.Side > 0 {
			blockW = c.width + st.Gaps.Beside + c.Side
		}
	}
	var b strings.Builder
	b.Grow(len(header) + len(m.headerGap) + 1 + len(foot)) // and centerLines grows it for the body
	b.WriteString(header)
	b.WriteString(m.headerGap)
	common.CenterLines(&b, m.body(w, room), w, room, blockW)
	if foot != "" {
		b.WriteByte('\n')
		b.WriteString(foot)
	}
	return b.String()
}

// body is the number, the dice, the steps and the status lines, fitted to
// w × h: the steps are cut short rather than the status. The rows are the
// caller's own.
func (m Model) body(w, h int) []common.Row {
	st := &m.ctx.Styles
	status := m.statusLines()
	gap := st.Gaps.Status // blank lines over the status
	switch {
	case m.Entry != nil:
		// An action being entered has the screen to itself: a look
		// through the whole stack needs every line, and a hand-off reads
		// plainly. The status goes first when the lines are short.
		lines := m.Entry.lines(min(w, 80), h)
		if len(lines)+gap+len(status) > h {
			return common.RowsOf(strings.Split(strings.Join(lines, "\n"), "\n"))
		}
		return common.RowsOf(strings.Split(over(strings.Join(lines, "\n"), gap, status), "\n"))
	case !m.Shown:
		return common.RowsOf(strings.Split(over(m.withJoin(m.ready(), w, h-gap-len(status)), gap, status), "\n"))
	case m.Number.Card == nil:
		return []common.Row{{}}
	}
	c := m.Number.Card
	var rows []common.Row
	if c.Side > 0 {
		rows = c.beside(st, m.StepWalker.panel(c.Side, max(len(c.lines), h-len(status)-gap)), h)
	} else {
		s := m.room(h, status)
		c, status, gap = s.card, s.status, s.gap
		rows = make([]common.Row, len(c.lines), max(h, len(c.lines)))
		for i, l := range c.lines {
			rows[i] = common.Row{Pre: l, PreW: c.widths[i]}
		}
		if room := h - len(c.lines) - s.under - gap - len(status); room > 0 {
			rows = common.BlankRows(rows, s.under)
			for _, l := range m.StepWalker.fit(s.parts, room, s.panel) {
				rows = append(rows, common.Row{Text: l})
			}
		}
	}
	// Pad so that the block, and so the number, stays put as the steps
	// change: as tall as the room, as wide as the panel can be.
	for len(rows) < h-gap-len(status) {
		rows = append(rows, common.Row{})
	}
	if c.Side == 0 {
		n := max(min(w, 80)-c.widths[0], 0)
		rows[0].Pre, rows[0].PreW = rows[0].Pre+common.Pad(n), rows[0].PreW+n
	}
	rows = common.BlankRows(rows, gap)
	for _, l := range status {
		rows = append(rows, common.Row{Text: l.text})
	}
	return rows
}

// blank adds n blank lines to rows.
func blank(rows []string, n int) []string {
	for range n {
		rows = append(rows, "")
	}
	return rows
}

// over puts the status lines under block, gap blank lines apart.
func over(block string, gap int, status []statusLine) string {
	var b strings.Builder
	for i, l := range status {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.text)
	}
	parts := append(blank([]string{block}, gap), b.String())
	return lipgloss.JoinVertical(lipgloss.Left, parts...)
}

// ready is what the table says before the first turn: who starts, and
// how, as the reader's view says it (readout: decided once for every
// screen and phone).
func (m Model) ready() string {
	st := &m.ctx.Styles
	return st.Title.Render("Ready.") + "\n\n" + st.Text.Render(m.view.Ready)
}
