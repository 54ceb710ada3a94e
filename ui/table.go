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
	handOff  bool        // show "Pass to …" between turns (pass-and-play)
	turn     deck.Turn   // the card on show
	shown    bool        // a card is on show
	card     *cardView   // the card drawn for the current size; nil until sized
	steps    []deck.Step // the open turn's steps, rebuilt when the game changes
	input    answerInput // the number being typed for a question
	passed   bool        // the hand-off for this turn was acknowledged
	quitting bool        // q was pressed while a turn is being resolved: ask first
	alchemy  []int       // Alchemy being entered: the dice typed so far; nil when not
	setTrack bool        // b was pressed: the next digit sets the barbarians
	flash    string      // one line on what the last key did
	err      string
}

// cardView is the card on show, rendered once when it or the size changes:
// drawing big digits and boxes is most of a frame's cost.
type cardView struct {
	lines  []string // the number disc and the dice
	widths []int    // the width of each line
	width  int      // the widest
	side   int      // width of the steps column beside it; 0: the steps go under it
}

func newTable(ctx *Context, r expansions.Ruleset, g *deck.Game, countAid, handOff bool) tableModel {
	m := tableModel{ctx: ctx, rules: r, game: g, countAid: countAid, handOff: handOff, passed: true}
	m.refresh()
	return m
}

// refresh shows the game as it now is: the last card and the open turn's
// steps. Called after every change, undo and redo.
func (m *tableModel) refresh() {
	m.show(m.rules.Last(m.game.Now))
	m.steps = m.rules.Steps(m.game.Now)
	m.input = answerInput{}
}

// stepIndex is the step the table is at; len(steps) when the turn is done.
func (m tableModel) stepIndex() int {
	if m.game.Now.Open == nil {
		return 0
	}
	return min(m.game.Now.Open.Steps, len(m.steps))
}

// resolving reports whether the open turn still has steps to walk.
func (m tableModel) resolving() bool { return m.shown && m.stepIndex() < len(m.steps) }

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
	dice := []string{"red", "white"}
	if !m.rules.ShowsDice(m.game.Now) && !t.NoCard {
		dice = nil // the plain printing shows the number only
	}
	// C&K: the red die for progress cards, when it was rolled apart from the card's.
	if pr := t.Die("progress-red"); pr != "" && (dice == nil || pr != t.Die("red")) {
		dice = append(dice, "progress-red")
	}
	if len(dice) > 0 {
		parts = append(parts, "  ")
	}
	for i, name := range dice {
		v := t.Die(name)
		n, _ := strconv.Atoi(v)
		if i > 0 {
			parts = append(parts, " ")
		}
		label := name
		if name == "progress-red" {
			label = "red" // drawn red, labelled R: the progress die is a red die
		}
		parts = append(parts, m.ctx.piece(pieceKey{name, n, 1}, func() string { return die(st, label, v) }))
	}
	if face := t.Die("event"); face != "" {
		parts = append(parts, " ", m.ctx.piece(pieceKey{"event:" + face, 0, 1}, func() string { return eventDie(st, face) }))
	}
	c := &cardView{lines: strings.Split(lipgloss.JoinHorizontal(lipgloss.Center, parts...), "\n")}
	for _, l := range c.lines {
		c.widths = append(c.widths, lipgloss.Width(l))
		c.width = max(c.width, c.widths[len(c.widths)-1])
	}
	// The steps go beside the number when there is room, else under it.
	if side := min(w-c.width-3, 64); side >= 36 && h >= 30 {
		c.side = side
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
	if m.quitting {
		m.quitting = false
		if key.Matches(km, keys.Yes) {
			return m, tea.Quit
		}
		return m, nil
	}
	switch {
	case key.Matches(km, keys.Undo):
		if m.game.Undo() {
			m.refresh()
			m.flash = "Undone: back as it was before the last key."
		}
		return m, nil
	case key.Matches(km, keys.Redo):
		if m.game.Redo() {
			m.refresh()
			m.flash = "Redone."
		}
		return m, nil
	case key.Matches(km, keys.Quit):
		if m.resolving() {
			m.quitting = true // the game is saved, but a turn half walked is easy to lose track of
			return m, nil
		}
		return m, tea.Quit
	}
	if m.alchemy != nil || m.setTrack {
		m.enterDice(km)
		return m, nil
	}
	if m.resolving() {
		m.walk(km)
		return m, nil
	}
	if m.handOffDue() {
		if key.Matches(km, keys.Draw) {
			m.passed = true
		}
		return m, nil
	}
	switch {
	case key.Matches(km, keys.Draw):
		err := m.game.Do(func(s *deck.State) error {
			_, err := m.rules.Draw(s)
			return err
		})
		if err != nil {
			m.err = "Could not draw: " + err.Error()
			return m, nil
		}
		m.refresh()
		m.passed = false
	case key.Matches(km, keys.Alchemy) && m.rules.HasAlchemy(m.game.Now):
		m.alchemy = []int{}
	case key.Matches(km, keys.Barbarians) && len(m.rules.Trackers(m.game.Now)) > 0:
		m.setTrack = true
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
		m.refresh()
		p := m.game.Now.Players[m.game.Now.Current].Name
		m.flash = p + " draws next."
	}
	return m, nil
}

// enterDice takes the digits of Alchemy (red, then white) or of the
// barbarians' position; esc cancels.
func (m *tableModel) enterDice(km tea.KeyMsg) {
	if key.Matches(km, m.ctx.Keys.Back) {
		m.alchemy, m.setTrack = nil, false
		return
	}
	k := km.String()
	if len(k) != 1 || k[0] < '0' || k[0] > '9' {
		return
	}
	n := int(k[0] - '0')
	if m.setTrack {
		m.setTrack = false
		tr := m.rules.Trackers(m.game.Now)[0]
		if err := m.game.Do(func(s *deck.State) error { return m.rules.SetTracker(s, tr.Key, n) }); err != nil {
			m.err = err.Error()
			return
		}
		m.flash = fmt.Sprintf("%s set to %d.", tr.Name, n)
		return
	}
	if n < 1 || n > 6 {
		m.err = "A die shows 1 to 6."
		return
	}
	m.alchemy = append(m.alchemy, n)
	if len(m.alchemy) < 2 {
		return
	}
	red, white := m.alchemy[0], m.alchemy[1]
	m.alchemy = nil
	err := m.game.Do(func(s *deck.State) error {
		_, err := m.rules.Alchemy(s, red, white)
		return err
	})
	if err != nil {
		m.err = "Alchemy: " + err.Error()
		return
	}
	m.refresh()
	m.passed = false
}

// handOffDue reports whether the pass-and-play hand-off is showing: the turn
// is done and the next player has not yet taken the laptop.
func (m tableModel) handOffDue() bool {
	return m.handOff && m.shown && !m.resolving() && !m.passed
}

// keys is the table's key map with what does not apply now disabled, and
// the draw key named for what it does now.
func (m tableModel) keys() KeyMap {
	k := m.ctx.Keys
	k.Undo.SetEnabled(m.game.CanUndo())
	k.Redo.SetEnabled(m.game.CanRedo())
	resolving := m.resolving()
	k.Next.SetEnabled(!resolving)
	k.Prev.SetEnabled(!resolving)
	k.Skip.SetEnabled(resolving && m.question() != nil)
	k.Alchemy.SetEnabled(!resolving && m.rules.HasAlchemy(m.game.Now))
	k.Barbarians.SetEnabled(!resolving && len(m.rules.Trackers(m.game.Now)) > 0)
	switch {
	case resolving:
		k.Draw.SetHelp("enter", "next step")
	case m.handOffDue():
		k.Draw.SetHelp("enter", "taken")
	}
	return k
}

// ShortHelp is the table's keys that apply now.
func (m tableModel) ShortHelp() []key.Binding {
	k := m.keys()
	return []key.Binding{k.Draw, k.Skip, k.Undo, k.Redo, k.Quit, k.Alchemy, k.Next, k.Facts, k.Reference}
}

// FullHelp is every key of the table, in columns.
func (m tableModel) FullHelp() [][]key.Binding {
	k := m.keys()
	return [][]key.Binding{{k.Draw, k.Skip, k.Undo, k.Redo}, {k.Next, k.Prev, k.Facts, k.Alchemy, k.Barbarians}, {k.History, k.Stats, k.Reference}, {k.Help, k.Quit, k.ForceQuit}}
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

// body is the number, the dice, the steps and the status lines, fitted to
// w × h: the steps are cut short rather than the status.
func (m tableModel) body(w, h int) string {
	st := m.ctx.Styles
	s := m.game.Now
	status := m.statusLines()
	if !m.shown {
		first := s.Players[s.Current].Name
		ready := st.Title.Render("Ready.") + "\n\n" + st.Text.Render(first+" draws the first card: press space.")
		return lipgloss.JoinVertical(lipgloss.Left, ready, "", strings.Join(status, "\n"))
	}
	if m.handOffDue() {
		next := s.Players[s.Current].Name
		return st.Title.Render("Pass to "+next) + "\n\n" +
			st.Text.Render("Enter when "+next+" has the laptop.") + "\n\n" + strings.Join(status, "\n")
	}
	c := m.card
	if c == nil {
		return ""
	}
	rows := make([]string, 0, h)
	if c.side > 0 {
		rows = append(rows, besideLines(c, m.panel(c.side, max(len(c.lines), h-len(status)-1)), 3)...)
	} else {
		rows = append(rows, c.lines...)
		if room := h - len(c.lines) - 2 - len(status); room > 0 {
			rows = append(rows, "")
			rows = append(rows, m.panel(min(w, 80), room)...)
		}
	}
	rows = append(rows, "")
	rows = append(rows, status...)
	return strings.Join(rows, "\n")
}

// besideLines puts right to the right of the card's lines, gap columns
// apart, padding the card's lines from their known widths.
func besideLines(c *cardView, right []string, gap int) []string {
	n := max(len(c.lines), len(right))
	top := (n - len(c.lines)) / 2 // the card sits in the middle of the steps
	out := make([]string, n)
	for i := range out {
		var left string
		if j := i - top; j >= 0 && j < len(c.lines) {
			left = c.lines[j] + strings.Repeat(" ", c.width-c.widths[j])
		} else {
			left = strings.Repeat(" ", c.width)
		}
		if i < len(right) {
			left += strings.Repeat(" ", gap) + right[i]
		}
		out[i] = left
	}
	return out
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
	for _, tr := range m.rules.Trackers(s) {
		out = append(out, track(st, tr.Name, tr.Pos, tr.Steps, tr.Note))
	}
	switch {
	case m.alchemy != nil && len(m.alchemy) == 0:
		out = append(out, st.Notice.Render("Alchemy: type the red die (1–6). esc cancels."))
	case m.alchemy != nil:
		out = append(out, st.Notice.Render(fmt.Sprintf("Alchemy: red %d; now the white die (1–6). esc cancels.", m.alchemy[0])))
	case m.setTrack:
		out = append(out, st.Notice.Render("Barbarians: type their position, 0 to 6. esc cancels."))
	case m.quitting:
		out = append(out, st.Error.Render("Quit while this turn is being resolved? y quits (the game is saved); any other key stays."))
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
