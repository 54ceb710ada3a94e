package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/session"
)

// tableModel is the table screen, a composition of three components
// under the header and over the status lines: the number and dice
// (numberView), the step walker (stepWalker: the turn's steps and its
// questions) and, while a game's action is being entered, the action entry
// (actionEntry). It knows no game: the ruleset describes every turn, die,
// action and tracker. The components change nothing: they return intents,
// which the table sends to the session (apply).
type tableModel struct {
	size
	*tableState // the game on show, shared with the components
	// The step walker is embedded: the answer it reads (input) is the
	// table's, as the number and the status are.
	*stepWalker
	number   numberView
	entry    *actionEntry  // the action being entered; nil when none
	hand     *session.Hand // the game, as this screen's reader may change it: the table sends it intents
	who      session.Who   // who sends them: the host, or a player or viewer over SSH
	set      tableSettings
	quitting bool // q was pressed while a turn is being resolved: ask first
	flash    string
	err      string
	bell     bool   // ring once with the next frame
	last     string // the last numbers, newest first: "8 6 7"
	lastN    int    // the turns m.last was made from
	// headerGap ends the header and leaves the HeaderBar's blank lines.
	headerGap string
	// clock is the session's turn timer as this screen shows it.
	clock turnClock
}

// tableSettings are how the table screen behaves, apart from the game.
type tableSettings struct {
	countAid bool      // show the numbers not yet seen this year
	handOff  bool      // say "Pass to …" between turns (pass-and-play)
	sound    bool      // a bell on a turn that asks for one (a 7, an attack)
	speaker  string    // the speech command that reads each turn aloud; "" for none
	open     Opener    // builds the pages the table's keys open; nil opens none
	join     *joinPage // the phone page's address and code (eventdeck serve); nil without one
}

func newTable(ctx *Context, hand *session.Hand, set tableSettings) *tableModel {
	s := &tableState{ctx: ctx, cache: &tableCache{}, rules: hand.Rules(), reader: hand.Role()}
	m := &tableModel{tableState: s, stepWalker: &stepWalker{tableState: s}, number: numberView{tableState: s}, hand: hand, set: set, who: hand.Role()}
	m.refresh()
	m.SetSize(ctx.Width, ctx.bodyHeight())
	return m
}

// sync shows the game anew if another view changed it since.
func (m *tableModel) sync() {
	snap := m.hand.Snapshot()
	screens := snap.Screens != m.snap.Screens
	if screens {
		m.snap.Screens = snap.Screens
		m.findLookers() // a player's screen came or went, or opened a look
		m.may = m.findRights()
	}
	if snap.Version != m.snap.Version || snap.Own != m.snap.Own {
		moved := snap.Version != m.snap.Version
		m.refresh()
		if moved {
			m.err, m.flash = "", "" // what this screen said was of a game that has moved on
			if m.entry != nil && m.entry.stale() {
				m.entry = nil
				m.flash = "The game moved on: that is closed."
			}
			m.tellLooking() // the others' screens no longer say so
		}
	}
	if screens {
		m.lookEnded() // the host may have ended this reader's look
	}
}

// refresh shows the game as it now is: the last turn, the open turn's
// steps and the actions on offer. Called after every change, undo and redo.
func (m *tableModel) refresh() {
	m.load(m.hand.Snapshot())
	m.reader, m.said = m.who, nil
	if !m.who.Host && m.who.Name != "" {
		m.reader = m.hand.Who()
	}
	if q := m.question(); q != nil && q.Kind == deck.AskPlayers {
		m.said = m.hand.Own(q.Key)
	}
	m.may = m.findRights()
	m.findLookers()
	m.number.render()
	m.stepWalker.reset()
	m.last = m.lastNumbers()
}

// SetSize lays the table out for a new size: the number is rendered again
// for the room under the header.
func (m *tableModel) SetSize(w, h int) {
	m.size.SetSize(w, h)
	m.headerGap = strings.Repeat("\n", 1+m.ctx.Styles.gaps.header)
	m.number.SetSize(w, m.bodyRoom(m.header(w)))
}

// bodyRoom is the height under the header.
func (m *tableModel) bodyRoom(header string) int {
	return m.h - lipgloss.Height(header) - m.ctx.Styles.gaps.header
}

// Typing reports false: the table's letters are keys.
func (m *tableModel) Typing() bool { return false }

// Update takes a key, or a tick of the turn timer. A key that brings a
// new turn rings the bell and reads it aloud as set; the session starts
// the turn's timer, and this screen follows it.
func (m *tableModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if isClockMsg(msg) {
		return m, m.tick(msg)
	}
	m.bell = false
	turns := m.now().Turns()
	next, cmd := m.update(msg)
	m.tellLooking()
	if m.now().Turns() > turns && m.shown {
		cmd = tea.Batch(cmd, m.newTurn())
	}
	if c := m.followClock(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	return next, cmd
}

// newTurn greets a new turn: the bell and speech.
func (m *tableModel) newTurn() tea.Cmd {
	if m.set.sound && m.turn.Bell {
		m.bell = true
	}
	if m.set.speaker != "" {
		return speak(m.set.speaker, spoken(m.turn))
	}
	return nil
}

// followClock shows the session's turn timer as it now is, and ticks
// while it runs.
func (m *tableModel) followClock() tea.Cmd {
	return m.ctx.tick(m.clock.follow(m.hand.Timer()))
}

// tick takes a tick of the turn timer; at zero it rings.
func (m *tableModel) tick(msg tea.Msg) tea.Cmd {
	cmd, bell := m.clock.tick(msg, m.hand.Timer())
	m.bell = m.bell || bell
	return m.ctx.tick(cmd)
}

// View lays the table out in its room: the header, then the body. The
// number sits at the same place from turn to turn.
func (m *tableModel) View() string { return m.frame("") }

// frame is View with foot under it when foot is not "": the root's help
// line goes in the same string, not in a copy of the frame.
func (m *tableModel) frame(foot string) string {
	w, h := m.w, m.h
	if m.number.focus && m.entry == nil {
		v := m.number.focusView(w, h, m.stepWalker.ask(w))
		if foot != "" {
			v += "\n" + foot
		}
		return v
	}
	st := &m.ctx.Styles
	header := m.header(w)
	room := m.bodyRoom(header)
	blockW := -1
	if c := m.number.card; c != nil && m.shown && m.entry == nil {
		blockW = max(c.width, min(w, 80))
		if c.side > 0 {
			blockW = c.width + st.gaps.beside + c.side
		}
	}
	var b strings.Builder
	b.Grow(len(header) + len(m.headerGap) + 1 + len(foot)) // and centerLines grows it for the body
	b.WriteString(header)
	b.WriteString(m.headerGap)
	centerLines(&b, m.body(w, room), w, room, blockW)
	if foot != "" {
		b.WriteByte('\n')
		b.WriteString(foot)
	}
	return b.String()
}

// body is the number, the dice, the steps and the status lines, fitted to
// w × h: the steps are cut short rather than the status. The rows are the
// caller's own.
func (m tableModel) body(w, h int) []row {
	st := &m.ctx.Styles
	status := m.statusLines()
	gap := st.gaps.status // blank lines over the status
	switch {
	case m.entry != nil:
		// An action being entered has the screen to itself: a look
		// through the whole stack needs every line, and a hand-off reads
		// plainly. The status goes first when the lines are short.
		lines := m.entry.lines(min(w, 80), h)
		if len(lines)+gap+len(status) > h {
			return rowsOf(strings.Split(strings.Join(lines, "\n"), "\n"))
		}
		return rowsOf(strings.Split(over(strings.Join(lines, "\n"), gap, status), "\n"))
	case !m.shown:
		return rowsOf(strings.Split(over(m.withJoin(m.ready(), w, h-gap-len(status)), gap, status), "\n"))
	case m.number.card == nil:
		return []row{{}}
	}
	c := m.number.card
	var rows []row
	if c.side > 0 {
		rows = c.beside(st, m.stepWalker.panel(c.side, max(len(c.lines), h-len(status)-gap)), h)
	} else {
		var p panelParts
		var under int
		p, c, status, under, gap = m.room(h, status)
		rows = make([]row, len(c.lines), max(h, len(c.lines)))
		for i, l := range c.lines {
			rows[i] = row{pre: l, preW: c.widths[i]}
		}
		if room := h - len(c.lines) - under - gap - len(status); room > 0 {
			rows = blankRows(rows, under)
			for _, l := range m.stepWalker.fit(p, room) {
				rows = append(rows, row{text: l})
			}
		}
	}
	// Pad so that the block, and so the number, stays put as the steps
	// change: as tall as the room, as wide as the panel can be.
	for len(rows) < h-gap-len(status) {
		rows = append(rows, row{})
	}
	if c.side == 0 {
		n := max(min(w, 80)-c.widths[0], 0)
		rows[0].pre, rows[0].preW = rows[0].pre+pad(n), rows[0].preW+n
	}
	rows = blankRows(rows, gap)
	for _, l := range status {
		rows = append(rows, row{text: l})
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
func over(block string, gap int, status []string) string {
	parts := append(blank([]string{block}, gap), strings.Join(status, "\n"))
	return lipgloss.JoinVertical(lipgloss.Left, parts...)
}

// ready is what the table says before the first turn: who starts, and how.
func (m tableModel) ready() string {
	st := &m.ctx.Styles
	s := m.now()
	first := s.Players[s.Current].Name
	verb := "starts"
	a, ok := m.mainAction()
	if ok {
		verb = says(a.Label) + " first"
	}
	say := first + " " + verb + ": press space."
	switch {
	case ok && a.Private && !m.who.Host && m.me().Seat == session.PrivateSeat(s, a): // their own screen
		say = "Your " + a.Label + ": press space."
	case ok && a.Private && m.hand.MayStart(a) != nil && m.hand.Connected(session.PrivateSeat(s, a)):
		say = s.PlayerName(session.PrivateSeat(s, a)) + " is picking on their own screen…"
	case ok && a.Private && !m.who.Host: // no screen of their own: the host hands the laptop over
		say = s.PlayerName(session.PrivateSeat(s, a)) + " picks on the host's screen."
	case ok && a.Player > 0: // a pick before the game: who picks, not who starts
		who, what := s.PlayerName(a.Player-1), a.Label
		if !strings.HasPrefix(what, who) {
			what = who + "'s " + what // "Bob's secret picks"
		}
		say = what + ": press space."
	case ok && a.Private: // the hand-off says who
		say = capital(a.Label) + ": press space."
	case ok && a.Label == "draw":
		say = first + " draws the first card: press space."
	}
	return st.Title.Render("Ready.") + "\n\n" + st.Text.Render(say)
}
