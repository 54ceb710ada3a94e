package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// lastShown is how many earlier numbers the table lists.
const lastShown = 12

// tableModel is the table screen: the number in big digits, the turn's
// dice, its event and steps, whose turn it is and who is next, and where
// the deck stands. It knows no game: the ruleset describes every turn,
// die, action and tracker.
type tableModel struct {
	size
	ctx      *Context
	rules    expansions.Ruleset
	sess     *session.Session // the game: the table sends it intents
	snap     session.Snapshot // the game as this screen shows it
	set      tableSettings
	turn     deck.Turn   // the turn on show
	shown    bool        // a turn is on show
	card     *cardView   // the turn drawn for the current size; nil until sized
	steps    []deck.Step // the open turn's steps, rebuilt when the game changes
	actions  []deck.ActionSpec
	input    answerInput // the answer being typed or picked for a question
	entry    *actionEntry
	quitting bool // q was pressed while a turn is being resolved: ask first
	flash    string
	err      string
	focus    bool        // only the number, the dice and the event, as large as can be
	bell     bool        // ring once with the next frame
	left     int         // seconds left on the turn timer
	paused   bool        // the turn timer is paused
	tickSeq  int         // the timer's current run
	scroll   int         // the first line of the steps in view, when they overflow
	last     string      // the last numbers, newest first: "8 6 7"
	lastN    int         // the turns m.last was made from
	checks   *checkCache // the checklist laid out, until the game changes
}

// checkCache keeps the checklist laid out for one width.
type checkCache struct {
	w     int
	lines checkLines
}

// lastNumbers are the last numbers drawn, newest first, for the status.
func (m *tableModel) lastNumbers() string {
	s := m.now()
	if n := s.Turns(); n == m.lastN+1 && n > 1 { // one more turn: put it first
		m.lastN = n
		if t, ok := m.rules.Turn(s, n-1); ok && t.Number > 0 {
			nums := strings.Fields(strconv.Itoa(t.Number) + " " + m.last)
			return strings.Join(nums[:min(len(nums), lastShown)], " ")
		}
		return m.last
	}
	m.lastN = s.Turns()
	var last []string
	for i := s.Turns() - 1; i >= 0 && len(last) < lastShown; i-- {
		if t, ok := m.rules.Turn(s, i); ok && t.Number > 0 {
			last = append(last, strconv.Itoa(t.Number))
		}
	}
	return strings.Join(last, " ")
}

// tableSettings are how the table screen behaves, apart from the game.
type tableSettings struct {
	countAid bool   // show the numbers not yet seen this year
	handOff  bool   // say "Pass to …" between turns (pass-and-play)
	sound    bool   // a bell on a turn that asks for one (a 7, an attack)
	speaker  string // the speech command that reads each turn aloud; "" for none
}

// cardView is the turn on show, rendered once when it or the size changes:
// drawing big digits and boxes is most of a frame's cost.
type cardView struct {
	lines  []string // the number disc and the dice
	widths []int    // the width of each line
	width  int      // the widest
	side   int      // width of the steps column beside it; 0: the steps go under it
}

func newTable(ctx *Context, sess *session.Session, set tableSettings) *tableModel {
	m := &tableModel{ctx: ctx, rules: sess.Rules(), sess: sess, set: set, size: size{ctx.Width, ctx.bodyHeight()}}
	m.refresh()
	return m
}

// now is the game's state as this screen shows it.
func (m *tableModel) now() *deck.State { return m.snap.State }

// sync shows the game anew if another view changed it since.
func (m *tableModel) sync() {
	if m.sess.Snapshot().Version != m.snap.Version {
		m.refresh()
	}
}

// refresh shows the game as it now is: the last turn, the open turn's
// steps and the actions on offer. Called after every change, undo and redo.
func (m *tableModel) refresh() {
	m.snap = m.sess.Snapshot()
	t, ok := m.rules.Turn(m.now(), -1)
	m.show(t, ok)
	m.steps = m.rules.Steps(m.now())
	m.actions = m.rules.Actions(m.now())
	m.scroll = 0
	m.last = m.lastNumbers()
	m.checks = &checkCache{}
	m.input = answerInput{}
	if q := m.question(); q != nil {
		m.input.start(q, len(m.now().Players))
	}
}

// show puts turn t on the table (or none when ok is false) and renders it
// for the current size.
func (m *tableModel) show(t deck.Turn, ok bool) {
	if m.ctx == nil {
		return // no game yet
	}
	m.turn, m.shown = t, ok
	m.card = nil
	w, h := m.w, m.h-2 // the header and the blank under it
	if !ok || w <= 0 || h <= 0 {
		return
	}
	ck := cardKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, dice: len(t.Dice), w: w, h: h}
	copy(ck.faces[:], t.Dice)
	if c, ok := m.ctx.cards[ck]; ok && len(t.Dice) <= len(ck.faces) {
		m.card = c
		return
	}
	defer func() {
		if m.ctx.cards == nil || len(m.ctx.cards) > 512 {
			m.ctx.cards = map[cardKey]*cardView{}
		}
		m.ctx.cards[ck] = m.card
	}()
	st := m.ctx.Styles
	scale := digitScale(m.ctx.Glyphs, w, h)
	parts := []string{m.ctx.piece(pieceKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, scale: scale}, func() string {
		return disc(st, m.ctx.Glyphs, t, scale)
	})}
	for i, f := range t.Dice {
		if i == 0 {
			parts = append(parts, "  ")
		} else {
			parts = append(parts, " ")
		}
		parts = append(parts, m.ctx.piece(pieceKey{face: f}, func() string { return die(st, f) }))
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

// SetSize renders the turn on show again for a new size.
func (m *tableModel) SetSize(w, h int) {
	m.size.SetSize(w, h)
	m.show(m.turn, m.shown)
}

// Typing reports false: the table's letters are keys.
func (m *tableModel) Typing() bool { return false }

// mainAction is the action of a quiet turn (draw, roll).
func (m tableModel) mainAction() (deck.ActionSpec, bool) { return expansions.Main(m.actions) }

// Update takes a key, or a second of the turn timer. A key that brings a
// new turn rings the bell, reads it aloud and starts the timer as set.
func (m *tableModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if t, ok := msg.(tickMsg); ok {
		return m, m.tick(t)
	}
	m.bell = false
	turns := m.now().Turns()
	next, cmd := m.update(msg)
	if m.now().Turns() > turns && m.shown {
		cmd = tea.Batch(cmd, m.newTurn())
	}
	return next, cmd
}

// newTurn greets a new turn: the bell, speech, and the timer.
func (m *tableModel) newTurn() tea.Cmd {
	var cmds []tea.Cmd
	if m.set.sound && m.turn.Bell {
		m.bell = true
	}
	if m.set.speaker != "" {
		cmds = append(cmds, speak(m.set.speaker, spoken(m.turn)))
	}
	if t := m.now().Timer; t > 0 {
		m.left, m.paused = t, false
		m.tickSeq++
		cmds = append(cmds, m.ctx.tick(m.tickSeq))
	}
	return tea.Batch(cmds...)
}

// tick counts the turn timer down; at zero it rings.
func (m *tableModel) tick(t tickMsg) tea.Cmd {
	if t.seq != m.tickSeq || m.paused || m.left <= 0 {
		return nil // an old run, or stopped: the chain ends here
	}
	m.left--
	if m.left == 0 {
		m.bell = true
		return nil
	}
	return m.ctx.tick(m.tickSeq)
}

func (m *tableModel) update(msg tea.Msg) (Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if s, cmd := m.opens(km); s != nil {
		return s, cmd
	}
	keys := m.ctx.Keys.Table
	m.flash, m.err = "", ""
	if m.quitting {
		m.quitting = false
		if key.Matches(km, keys.Answer.Yes) {
			return m, tea.Quit
		}
		return m, nil
	}
	if m.entry != nil {
		m.enterAction(km)
		return m, nil
	}
	switch {
	case key.Matches(km, keys.Undo):
		// Ticks and digits not yet entered are not changes to the game:
		// undo puts them back first.
		if q := m.question(); q != nil && m.input.changed(q, len(m.now().Players)) {
			m.input.start(q, len(m.now().Players))
			m.flash = "Undone: the question is back as it opened."
			return m, nil
		}
		if m.sess.Undo() {
			m.refresh()
			m.flash = "Undone: back as it was before the last key."
		}
		return m, nil
	case key.Matches(km, keys.Redo):
		if m.sess.Redo() {
			m.refresh()
			m.flash = "Redone."
		}
		return m, nil
	case key.Matches(km, keys.Focus), m.focus && key.Matches(km, keys.Back):
		m.focus = !m.focus
		return m, nil
	case key.Matches(km, keys.Up):
		m.scroll = max(m.scroll-1, 0)
		return m, nil
	case key.Matches(km, keys.Down):
		m.scroll++ // the panel keeps it in range
		return m, nil
	case key.Matches(km, keys.Pause) && m.now().Timer > 0 && m.left > 0:
		m.paused = !m.paused
		if !m.paused {
			m.tickSeq++
			return m, m.ctx.tick(m.tickSeq)
		}
		return m, nil
	case key.Matches(km, keys.Quit):
		if m.resolving() {
			m.quitting = true // the game is saved, but a turn half walked is easy to lose track of
			return m, nil
		}
		return m, tea.Quit
	}
	if m.resolving() {
		if m.question() != nil {
			for _, a := range m.actions {
				if a.Key != "" && km.String() == a.Key {
					// Not an answer: say why the key waits, not nothing.
					m.err = "First answer the question (x skips it); then " + a.Key + " for " + a.Label + "."
					return m, nil
				}
			}
		}
		m.walk(km)
		return m, nil
	}
	if key.Matches(km, keys.Draw) {
		if a, ok := m.mainAction(); ok && len(a.Inputs) > 0 {
			m.startAction(a) // typed dice: the table types what it rolled
		} else if ok {
			m.act(deck.Action{ID: a.ID})
		}
		return m, nil
	}
	for _, a := range m.actions {
		if a.Key != "" && km.String() == a.Key {
			m.startAction(a)
			return m, nil
		}
	}
	if key.Matches(km, keys.Next, keys.Prev) {
		next := key.Matches(km, keys.Next)
		m.sess.Pass(next)
		m.refresh()
		m.flash = m.now().Players[m.now().Current].Name + " plays next."
		if a, ok := m.mainAction(); ok {
			m.flash = m.now().Players[m.now().Current].Name + " " + says(a.Label) + " next."
		}
	}
	return m, nil
}

// opens is the screen a key of the table opens (history, statistics,
// facts, players, simulator, reference), or nil.
func (m *tableModel) opens(km tea.KeyMsg) (Screen, tea.Cmd) {
	keys, s := m.ctx.Keys.Table, m.now()
	switch {
	case key.Matches(km, keys.History):
		return newHistory(m.ctx, m.rules, s), nil
	case key.Matches(km, keys.Stats):
		return newStats(m.ctx, m.rules, s), nil
	case key.Matches(km, keys.Facts):
		if fk, ok := m.rules.(expansions.FactKeeper); ok {
			return newFacts(m.ctx, fk, m.sess), nil
		}
	case key.Matches(km, keys.Players):
		return newPlayers(m.ctx, m.sess), nil
	case key.Matches(km, keys.Simulate):
		if sim, ok := m.rules.(expansions.Simulator); ok {
			m.ctx.simRuns++
			return startSimulation(m.ctx, sim, simulationRun(sim, len(s.Players)), m.ctx.simRuns)
		}
	case key.Matches(km, keys.Reference):
		return newReference(m.ctx, m.rules.Reference()), nil
	}
	return nil, nil
}

// act does one action as a change to the game: the open turn is closed as
// walked, and the new turn shown.
func (m *tableModel) act(a deck.Action) {
	// The next action finishes the turn, its steps only told.
	if err := m.sess.Act(a, len(m.steps)); err != nil {
		m.err = err.Error()
		return
	}
	m.refresh()
}

// resolving reports whether the open turn still waits for an answer.
func (m tableModel) resolving() bool { return m.shown && m.question() != nil }

// keys is the table's key map with what does not apply now disabled, and
// the main key named for what it does now.
func (m tableModel) keys() TableKeys {
	k := m.ctx.Keys.Table
	k.Undo.SetEnabled(m.snap.CanUndo)
	k.Redo.SetEnabled(m.snap.CanRedo)
	resolving := m.resolving()
	k.Next.SetEnabled(!resolving)
	k.Prev.SetEnabled(!resolving)
	k.Skip.SetEnabled(resolving)
	k.AcceptAll.SetEnabled(resolving && m.defaultsLeft() > 1)
	_, facts := m.rules.(expansions.FactKeeper)
	k.Facts.SetEnabled(facts)
	k.Pause.SetEnabled(m.now().Timer > 0 && m.left > 0 && m.shown) // only a timer on screen
	_, simulates := m.rules.(expansions.Simulator)
	k.Simulate.SetEnabled(simulates)
	if m.paused {
		k.Pause.SetHelp(".", "resume timer")
	}
	if m.focus {
		k.Focus.SetHelp("z", "full table")
	}
	switch a, ok := m.mainAction(); {
	case resolving:
		k.Draw.SetHelp("enter", "answer")
	case ok && m.set.handOff && m.shown:
		k.Draw.SetHelp("space", m.now().Players[m.now().Current].Name+": "+a.Label)
	case ok:
		k.Draw.SetHelp("space", a.Label)
	default:
		k.Draw.SetEnabled(false)
	}
	return k
}

// actionKeys are the ruleset's actions that have a key, as bindings.
func (m tableModel) actionKeys() []key.Binding {
	var out []key.Binding
	for _, a := range m.actions {
		if a.Key == "" {
			continue
		}
		b := key.NewBinding(key.WithKeys(a.Key), key.WithHelp(a.Key, a.Label))
		b.SetEnabled(!m.resolving())
		out = append(out, b)
	}
	return out
}

// ShortHelp is the table's keys that apply now.
func (m tableModel) ShortHelp() []key.Binding {
	k := m.keys()
	if m.entry != nil {
		if m.entry.done {
			return []key.Binding{key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "back to the table"))}
		}
		return []key.Binding{k.Back}
	}
	out := []key.Binding{k.Draw, k.AcceptAll, k.Skip, k.Undo, k.Redo, k.Quit, k.Pause}
	out = append(out, m.actionKeys()...)
	// What a new player looks for first: the rules, the players; then the rest.
	return append(out, k.Reference, k.Players, k.Facts, k.Next, k.Focus, k.Simulate)
}

// FullHelp is every key of the table, in columns.
func (m tableModel) FullHelp() [][]key.Binding {
	k := m.keys()
	g := m.ctx.Keys.Global
	return [][]key.Binding{{k.Draw, k.AcceptAll, k.Skip, k.Undo, k.Redo}, append([]key.Binding{k.Next, k.Prev, k.Facts}, m.actionKeys()...),
		{k.History, k.Stats, k.Simulate, k.Reference, k.Players, k.Focus, k.Up, k.Pause}, {g.Help, k.Quit, g.ForceQuit}}
}

func (m tableModel) playerName(i int) string {
	st := m.ctx.Styles
	s := m.now()
	return st.PlayerIn(s.ColourOf(i)).Render(s.PlayerName(i)) + st.Dim.Render(" ("+s.ColourOf(i)+")")
}

// View lays the table out in its room: the header, then the body. The
// number sits at the same place from turn to turn.
func (m *tableModel) View() string {
	w, h := m.w, m.h
	if m.focus && m.entry == nil {
		return m.focusView(w, h)
	}
	header := m.header(w)
	room := h - 2 // the header and a blank line under it
	blockW := -1
	if c := m.card; c != nil && m.shown && m.entry == nil {
		blockW = max(c.width, min(w, 80))
		if c.side > 0 {
			blockW = c.width + 3 + c.side
		}
	}
	return header + "\n\n" + centerIn(m.body(w, room), w, room, blockW)
}

// digitScale is how large the digits can be: about a third of the height
// (5 rows at 80×24, 20 at 200×60), while two digits fit half the width.
func digitScale(g Glyphs, w, h int) int {
	s := max((h+glyphRows+2)/(3*glyphRows), 1) // rounded: 57 rows give 20, 21 give 5
	for s > 1 && (2*g.width+1)*s > w/2 {
		s--
	}
	return s
}

// body is the number, the dice, the steps and the status lines, fitted to
// w × h: the steps are cut short rather than the status.
func (m tableModel) body(w, h int) string {
	st := m.ctx.Styles
	s := m.now()
	status := m.statusLines()
	if m.entry != nil {
		// An action being entered has the screen to itself: a look
		// through the whole stack needs every line, and a hand-off reads
		// plainly. The status goes first when the lines are short.
		lines := m.entryLines(min(w, 80), h)
		if len(lines)+1+len(status) > h {
			return strings.Join(lines, "\n")
		}
		return lipgloss.JoinVertical(lipgloss.Left, strings.Join(lines, "\n"), "", strings.Join(status, "\n"))
	}
	if !m.shown {
		first := s.Players[s.Current].Name
		verb := "starts"
		a, ok := m.mainAction()
		if ok {
			verb = says(a.Label) + " first"
		}
		ready := st.Title.Render("Ready.") + "\n\n" + st.Text.Render(first+" "+verb+": press space.")
		switch {
		case ok && a.Private: // picks before the game: the label says who, or the hand-off will
			ready = st.Title.Render("Ready.") + "\n\n" + st.Text.Render(strings.ToUpper(a.Label[:1])+a.Label[1:]+": press space.")
		case ok && a.Label == "draw":
			ready = st.Title.Render("Ready.") + "\n\n" + st.Text.Render(first+" draws the first card: press space.")
		}
		return lipgloss.JoinVertical(lipgloss.Left, ready, "", strings.Join(status, "\n"))
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
	// Pad so that the block, and so the number, stays put as the steps
	// change: as tall as the room, as wide as the panel can be.
	for len(rows) < h-1-len(status) {
		rows = append(rows, "")
	}
	if c.side == 0 {
		rows[0] += strings.Repeat(" ", max(min(w, 80)-c.widths[0], 0))
	}
	rows = append(rows, "")
	rows = append(rows, status...)
	return strings.Join(rows, "\n")
}

// besideLines puts right to the right of the card's lines, gap columns
// apart, padding the card's lines from their known widths.
func besideLines(c *cardView, right []string, gap int) []string {
	n := max(len(c.lines), len(right))
	out := make([]string, n)
	for i := range out {
		var left string
		if i < len(c.lines) {
			left = c.lines[i] + strings.Repeat(" ", c.width-c.widths[i])
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
	s := m.now()
	progress, desc := "", ""
	if c, ok := m.rules.(expansions.Progresser); ok {
		progress = c.Progress(s)
	}
	d, hasDesc := m.rules.(expansions.Describer)
	if hasDesc {
		desc = d.Describe(s)
	}
	return m.ctx.memo(fmt.Sprintf("header\x00%d\x00%s\x00%s", w, desc, progress), func() string {
		return m.headerLine(w, desc, progress, hasDesc)
	})
}

// headerLine lays the header out: the game cut short to leave room for the
// progress.
func (m tableModel) headerLine(w int, desc, progress string, hasDesc bool) string {
	st := m.ctx.Styles
	right := ""
	if progress != "" {
		right = st.Value.Render(progress)
	}
	left := st.Header.Render("eventdeck")
	if hasDesc {
		// The game's description, cut short to leave room for the progress:
		// whole parts as many as fit, then as much of the next as fits.
		room := w - lipgloss.Width(left) - lipgloss.Width(right) - 2
		var shown string
		for _, p := range strings.Split(desc, " · ") {
			next := shown + " · " + p
			if ansi.StringWidth(next) > room {
				if left := room - ansi.StringWidth(shown) - 3; left >= 6 {
					shown += " · " + ansi.Truncate(p, left, "…")
				} else if shown != "" && ansi.StringWidth(shown)+4 <= room {
					shown += " · …"
				}
				break
			}
			shown = next
		}
		if shown != "" && ansi.StringWidth(shown) <= room {
			left += st.Dim.Render(shown)
		}
	}
	gap := w - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return lipgloss.NewStyle().MaxWidth(w).Render(right)
	}
	return left + strings.Repeat(" ", gap) + right
}

// statusLines are whose turn it is, who is next, the last numbers, the
// trackers, and what the last key did.
func (m tableModel) statusLines() []string {
	st := m.ctx.Styles
	s := m.now()
	var out []string
	who := func(i int) string { return s.PlayerName(i) + "\x00" + s.ColourOf(i) + "\x00" }
	switch {
	case m.shown && m.set.handOff && !m.resolving():
		next := s.Players[s.Current].Name
		out = append(out, m.ctx.memo("pass\x00"+next, func() string {
			return st.Notice.Render("Pass to "+next) + st.Dim.Render(" — "+next+": space")
		}))
	case m.shown:
		w := m.w
		out = append(out, m.ctx.memo("turn\x00"+who(m.turn.Player)+who(s.Current)+strconv.Itoa(w), func() string {
			line := st.Dim.Render("Turn: ") + m.playerName(m.turn.Player) + st.Dim.Render("   next: ") + m.playerName(s.Current)
			if ansi.StringWidth(line) > w { // long names: the colours' words give way, then the names' ends
				name := func(i int) string { return st.PlayerIn(s.ColourOf(i)).Render(s.PlayerName(i)) }
				line = ansi.Truncate(st.Dim.Render("Turn: ")+name(m.turn.Player)+st.Dim.Render("   next: ")+name(s.Current), w, "…")
			}
			return line
		}))
	default:
		out = append(out, m.ctx.memo("first\x00"+who(s.Current), func() string {
			return st.Dim.Render("First: ") + m.playerName(s.Current)
		}))
	}
	if s.Timer > 0 && m.shown {
		// The clock is the turn's player's: named, since pass-and-play puts
		// the next player's name on the same line.
		who := s.PlayerName(m.turn.Player) + " "
		switch {
		case m.left == 0:
			out[0] += st.Error.Render("   ⏱ " + s.PlayerName(m.turn.Player) + "'s time is up")
		case m.paused:
			out[0] += st.Dim.Render("   ⏸ " + who + clock(m.left) + " (paused)")
		default:
			out[0] += st.Value.Render("   ⏱ " + who + clock(m.left))
		}
	}
	if m.bell {
		out[0] = "\a" + out[0] // the terminal's bell, rung once by this frame
	}
	if m.last != "" {
		out = append(out, m.ctx.memo("last\x00"+m.last, func() string { return st.Dim.Render("Last: ") + m.last }))
	}
	if c, ok := m.rules.(expansions.CardCounter); ok && m.set.countAid {
		// Dice without a deck have nothing to count: no line at all.
		if left := c.Remaining(s); len(left) > 0 {
			out = append(out, st.Dim.Render("Not yet seen: ")+remaining(left)) // the cards under New Year too: nobody knows which
		}
	}
	tracked := map[string]bool{}
	if tk, ok := m.rules.(expansions.TrackerKeeper); ok {
		for _, tr := range tk.Trackers(s) {
			key := fmt.Sprintf("track\x00%s\x00%d\x00%d\x00%s", tr.Name, tr.Pos, tr.Steps, tr.Note)
			out = append(out, m.ctx.memo(key, func() string { return track(st, tr.Name, tr.Pos, tr.Steps, tr.Note) }))
			tracked[tr.Key] = true
		}
	}
	if m.shown {
		// The turn's marks that no tracker shows already: alerts stand
		// with the event, the rest here.
		var marks []string
		for _, mk := range m.turn.Marks {
			if !mk.Alert && !tracked[mk.Key] {
				marks = append(marks, mk.Label+": "+mk.Text)
			}
		}
		if len(marks) > 0 {
			line := strings.Join(marks, " · ")
			out = append(out, m.ctx.memo("marks\x00"+line, func() string { return st.Dim.Render(line) }))
		}
	}
	switch {
	case m.quitting:
		out = append(out, st.Error.Render("Quit mid-turn? y quits (the game is saved); any other key stays."))
	case m.err != "":
		out = append(out, st.Error.Render("✗ "+m.err))
	case m.flash != "":
		out = append(out, st.Notice.Render(m.flash))
	}
	return out
}

// remaining is the counting aid: "2:1 3:2 …", numbers not yet seen.
func remaining(left []deck.Odds) string {
	parts := make([]string, 0, len(left))
	for _, o := range left {
		parts = append(parts, fmt.Sprintf("%d:%d", o.Number, o.Ways))
	}
	return strings.Join(parts, " ")
}

// focusView is the turn alone, as large as the window allows: the number,
// the dice and the event's title, for a table across the room.
func (m tableModel) focusView(w, h int) string {
	st := m.ctx.Styles
	if !m.shown {
		return centerIn(st.Title.Render("Ready: press space."), w, h, -1)
	}
	t := m.turn
	g := m.ctx.Glyphs
	const diceRows, frame = 6, 5 // a die and its label; the disc's border, pips and spacing
	var ask []string
	if q := m.question(); q != nil { // a question waits: it shows, and is answered here too
		ask = append([]string{"", st.Value.Render(ansi.Truncate(q.Prompt, w, "…"))}, wrapLines(m.inputHint(q), w)...)
	}
	scale := max(min((h-diceRows-frame-len(ask))/glyphRows, (w-8)/(2*g.width+1)), 1)
	parts := []string{m.ctx.piece(pieceKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, scale: scale}, func() string {
		return disc(st, g, t, scale)
	})}
	var dice []string
	for _, f := range t.Dice {
		dice = append(dice, m.ctx.piece(pieceKey{face: f}, func() string { return die(st, f) }), " ")
	}
	if len(dice) > 0 {
		parts = append(parts, lipgloss.JoinHorizontal(lipgloss.Top, dice...))
	}
	title := st.Dim.Render("No event")
	if t.Title != "" {
		title = st.Title.Render(t.Title)
	}
	parts = append(append(parts, title), ask...)
	return centerIn(lipgloss.JoinVertical(lipgloss.Center, parts...), w, h, -1)
}
