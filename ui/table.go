package ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// lastShown is how many earlier numbers the table lists.
const lastShown = 12

// tableModel is the table screen: the number in big digits, the card's dice,
// its event, whose turn it is and who is next, and where the deck stands.
type tableModel struct {
	ctx      *Context
	rules    expansions.Ruleset
	game     *deck.Game
	countAid bool
	turn     deck.Turn // the card on show
	shown    bool      // a card is on show
	card     *cardView // the card drawn for the current size; nil until sized
	flash    string    // one line on what the last key did
	err      string
}

// cardView is the card on show, rendered once when it or the size changes:
// drawing big digits and boxes is most of a frame's cost.
type cardView struct {
	top    string   // the number disc and the dice, and the event when beside them
	topH   int      // its height
	beside bool     // the event sits beside the number
	below  []string // else the event's lines, wrapped to sit under it
}

func newTable(ctx *Context, r expansions.Ruleset, g *deck.Game, countAid bool) tableModel {
	m := tableModel{ctx: ctx, rules: r, game: g, countAid: countAid}
	m.show(r.Last(g.Now))
	return m
}

// show puts turn t on the table (or none when ok is false) and renders it
// for the current size.
func (m *tableModel) show(t deck.Turn, ok bool) {
	if m.ctx == nil {
		return // no game yet
	}
	m.turn, m.shown = t, ok
	m.card = nil
	w, h := m.ctx.Width, m.ctx.Height-3 // the help line, the header and the blank under it
	if !ok || w <= 0 || h <= 0 {
		return
	}
	st := m.ctx.Styles
	scale := digitScale(w, h)
	parts := []string{m.ctx.piece(pieceKey{"disc", t.Number, scale}, func() string {
		return disc(st, m.ctx.Glyphs, t.Number, scale)
	})}
	if m.rules.ShowsDice(m.game.Now) {
		parts = append(parts, "  ")
		for i, name := range []string{"red", "white"} {
			v := t.Die(name)
			n, _ := strconv.Atoi(v)
			if i > 0 {
				parts = append(parts, " ")
			}
			parts = append(parts, m.ctx.piece(pieceKey{name, n, 1}, func() string { return die(st, name, v) }))
		}
	}
	c := &cardView{top: lipgloss.JoinHorizontal(lipgloss.Center, parts...)}
	c.topH = lipgloss.Height(c.top)
	// Beside the number when there is room, else under it.
	if side := min(w-lipgloss.Width(c.top)-3, 60); side >= 36 && h >= 30 {
		event := strings.Join(fitLines(m.eventLines(side), c.topH, st), "\n")
		c.top, c.beside = lipgloss.JoinHorizontal(lipgloss.Center, c.top, "   ", event), true
	} else {
		c.below = m.eventLines(min(w, 80))
	}
	m.card = c
}

// SetSize renders the card on show again for a new terminal size.
func (m *tableModel) SetSize() { m.show(m.turn, m.shown) }

// Game is the game on the table.
func (m tableModel) Game() *deck.Game { return m.game }

func (m tableModel) Update(msg tea.Msg) (tableModel, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	keys := m.ctx.Keys
	m.flash, m.err = "", ""
	switch {
	case key.Matches(km, keys.Draw):
		var t deck.Turn
		err := m.game.Do(func(s *deck.State) error {
			var err error
			t, err = m.rules.Draw(s)
			return err
		})
		if err != nil {
			m.err = "Could not draw: " + err.Error()
			return m, nil
		}
		m.show(t, true)
	case key.Matches(km, keys.Undo):
		if m.game.Undo() {
			m.show(m.rules.Last(m.game.Now))
			m.flash = "Undone: back as it was before the last key."
		}
	case key.Matches(km, keys.Redo):
		if m.game.Redo() {
			m.show(m.rules.Last(m.game.Now))
			m.flash = "Redone."
		}
	case key.Matches(km, keys.Next), key.Matches(km, keys.Prev):
		next := key.Matches(km, keys.Next)
		_ = m.game.Do(func(s *deck.State) error {
			if next {
				s.NextPlayer()
			} else {
				s.PrevPlayer()
			}
			return nil
		})
		p := m.game.Now.Players[m.game.Now.Current].Name
		m.flash = p + " draws next."
	case key.Matches(km, keys.Quit):
		return m, tea.Quit
	}
	return m, nil
}

// ShortHelp is the table's keys that apply now.
func (m tableModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	k.Undo.SetEnabled(m.game.CanUndo())
	k.Redo.SetEnabled(m.game.CanRedo())
	return []key.Binding{k.Draw, k.Undo, k.Redo, k.Quit, k.Next, k.Reference}
}

// FullHelp is every key of the table, in columns.
func (m tableModel) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	k.Undo.SetEnabled(m.game.CanUndo())
	k.Redo.SetEnabled(m.game.CanRedo())
	return [][]key.Binding{{k.Draw, k.Undo, k.Redo}, {k.Next, k.Prev}, {k.History, k.Stats, k.Reference}, {k.Help, k.Quit, k.ForceQuit}}
}

func (m tableModel) playerName(i int) string {
	st := m.ctx.Styles
	p := m.game.Now.Players[i]
	return st.Player(i).Render(p.Name) + st.Dim.Render(" ("+st.PlayerColors[i%len(st.PlayerColors)]+")")
}

// ViewIn lays the table out in h lines of the context's width: the header,
// then the card block centred in the space left.
func (m tableModel) ViewIn(h int) string {
	w := m.ctx.Width
	header := m.header(w)
	room := h - 2 // the header and a blank line under it
	return header + "\n\n" + center(m.body(w, room), w, room)
}

// digitScale is how large the digits can be at this size: 5 rows at 80×24,
// 10 rows from 100×36, 15 rows from 160×52.
func digitScale(w, h int) int {
	switch {
	case w >= 160 && h >= 52:
		return 3
	case w >= 100 && h >= 36:
		return 2
	}
	return 1
}

// body is the number, the dice, the event and the status lines, fitted to
// w × h: the event's text is cut short rather than the status.
func (m tableModel) body(w, h int) string {
	st := m.ctx.Styles
	s := m.game.Now
	status := m.statusLines()
	if !m.shown {
		first := s.Players[s.Current].Name
		ready := st.Title.Render("Ready.") + "\n\n" + st.Text.Render(first+" draws the first card: press space.")
		return lipgloss.JoinVertical(lipgloss.Left, ready, "", strings.Join(status, "\n"))
	}
	c := m.card
	if c == nil {
		return ""
	}
	if c.beside {
		return c.top + "\n\n" + strings.Join(status, "\n")
	}
	top, topH := c.top, c.topH
	room := h - topH - 2 - len(status) // blank lines after the number and the event
	event := fitLines(c.below, room, st)
	rows := []string{top, ""}
	if len(event) > 0 {
		rows = append(rows, strings.Join(event, "\n"), "")
	}
	rows = append(rows, strings.Join(status, "\n"))
	return strings.Join(rows, "\n")
}

// fitLines cuts lines to at most n, marking the cut with an ellipsis.
func fitLines(lines []string, n int, st Styles) []string {
	if n <= 0 {
		return nil
	}
	if len(lines) > n {
		lines = append(lines[:n-1:n-1], st.Dim.Render("…"))
	}
	return lines
}

// header is the game on the left and the deck's progress on the right.
func (m tableModel) header(w int) string {
	st := m.ctx.Styles
	s := m.game.Now
	right := st.Value.Render(m.progress())
	left := st.Header.Render("eventdeck") + st.Dim.Render(" · "+m.rules.Describe(s))
	if lipgloss.Width(left)+lipgloss.Width(right) >= w {
		left = st.Header.Render("eventdeck")
	}
	gap := w - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return lipgloss.NewStyle().MaxWidth(w).Render(right)
	}
	return left + strings.Repeat(" ", gap) + right
}

// progress is the year and the place in it: "Year 1 · draw 12 of 31".
func (m tableModel) progress() string {
	s := m.game.Now
	p := fmt.Sprintf("Year %d · draw %d", s.Year, s.DrawnThisYear())
	if l := m.rules.YearLength(s); l > 0 {
		p += fmt.Sprintf(" of %d", l)
	}
	return p
}

// eventLines is the New Year notice, the event's title and its text,
// wrapped to width w.
func (m tableModel) eventLines(w int) []string {
	st := m.ctx.Styles
	if !m.shown {
		return nil
	}
	var out []string
	if m.turn.NewYear {
		out = append(out, st.Notice.Render(fmt.Sprintf("★ New Year — deck reshuffled. Year %d begins.", m.turn.Year)))
	}
	title := m.turn.Title
	if title == "" {
		out = append(out, st.Dim.Render("No event"))
	} else {
		out = append(out, st.Title.Render(title))
	}
	wrapped := lipgloss.NewStyle().Width(max(w, 20)).Render(m.turn.Text)
	out = append(out, strings.Split(wrapped, "\n")...)
	return out
}

// statusLines are whose turn it is, who is next, the last numbers, and what
// the last key did.
func (m tableModel) statusLines() []string {
	st := m.ctx.Styles
	s := m.game.Now
	var out []string
	if m.shown {
		out = append(out, st.Dim.Render("Turn: ")+m.playerName(m.turn.Player)+st.Dim.Render("   next: ")+m.playerName(s.Current))
	} else {
		out = append(out, st.Dim.Render("First: ")+m.playerName(s.Current))
	}
	var last []string
	for i := s.Turns() - 1; i >= 0 && len(last) < lastShown; i-- {
		t, _ := m.rules.Recorded(s, i)
		last = append(last, strconv.Itoa(t.Number))
	}
	if len(last) > 0 {
		out = append(out, st.Dim.Render("Last: ")+strings.Join(last, " "))
	}
	if m.countAid {
		out = append(out, st.Dim.Render("Left this year: ")+m.remaining())
	}
	switch {
	case m.err != "":
		out = append(out, st.Error.Render("✗ "+m.err))
	case m.flash != "":
		out = append(out, st.Notice.Render(m.flash))
	}
	return out
}

// remaining is the counting aid: "2:1 3:2 …", numbers not yet seen this year.
func (m tableModel) remaining() string {
	left := m.rules.Remaining(m.game.Now)
	nums := make([]int, 0, len(left))
	for n := range left {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	parts := make([]string, 0, len(nums))
	for _, n := range nums {
		parts = append(parts, fmt.Sprintf("%d:%d", n, left[n]))
	}
	return strings.Join(parts, " ")
}
