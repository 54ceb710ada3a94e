package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
)

// The step walker: after a draw the table sees every step of the turn as a
// checklist. Steps that only tell never wait; only questions do. Enter
// takes the shown default, digits pick or type, y and n answer yes/no, x
// skips, a accepts every default left. Each answer is an action on the
// game: undone by u, saved at once. With no question left, the main key
// finishes the turn and starts the next in one press.

// questionIndex is the step of the first question not yet answered, or -1.
func (m tableModel) questionIndex() int {
	o := m.now().Open
	if o == nil {
		return -1
	}
	for i, st := range m.steps {
		if q := st.Question; q != nil {
			if _, ok := o.Answers[q.Key]; !ok {
				return i
			}
		}
	}
	return -1
}

// question is the question the turn waits for, or nil.
func (m tableModel) question() *deck.Question {
	if i := m.questionIndex(); i >= 0 {
		return m.steps[i].Question
	}
	return nil
}

// defaultsLeft counts the questions left in the turn that have a default.
func (m tableModel) defaultsLeft() int {
	n := 0
	o := m.now().Open
	for _, st := range m.steps {
		if q := st.Question; q != nil && q.Default != "" {
			if _, ok := o.Answers[q.Key]; !ok {
				n++
			}
		}
	}
	return n
}

// walk handles a key while the turn waits for an answer.
func (m *tableModel) walk(km tea.KeyMsg) {
	keys := m.ctx.Keys.Table
	q := m.question()
	switch {
	case key.Matches(km, keys.Skip):
		m.answer(*q, deck.AnswerSkip)
		return
	case key.Matches(km, keys.AcceptAll):
		if m.defaultsLeft() == 0 {
			m.err = "No remembered answers left to accept."
			return
		}
		m.acceptAll()
		return
	}
	v, err := m.input.read(keys.Answer, keys.Draw, km, q, len(m.now().Players))
	switch {
	case err != nil:
		m.err = err.Error()
		return
	case v != "":
		m.answer(*q, v)
		return
	}
	if key.Matches(km, keys.Draw) {
		switch {
		case q.Kind == deck.AskPlayers && !(q.One && !m.input.several):
			// a set of players: read confirms it
		case q.Default != "":
			m.answer(*q, q.Default)
		case q.Kind == deck.AskNumber:
			m.err = "Type a number, or x to skip."
		case q.Kind == deck.AskPlayer || q.Kind == deck.AskPlayers:
			m.err = "Press a player's number (0 for nobody), or x to skip."
		default:
			m.err = "Answer first, or x to skip."
		}
	}
}

// answer answers q with value as one action on the game.
func (m *tableModel) answer(q deck.Question, value string) {
	if err := m.hand().Answer(q, value); err != nil {
		m.err = err.Error()
		return
	}
	m.refresh()
}

// acceptAll answers with its default every question left, as one action,
// until one has none.
func (m *tableModel) acceptAll() {
	if err := m.hand().AcceptDefaults(); err != nil {
		m.err = err.Error()
	}
	m.refresh()
}

// panel is the event and the steps in at most h lines of width w: the
// rebuild notice, the event's title, the question waiting, the checklist
// of steps; the event's own text when there is room and no step says it.
func (m tableModel) panel(w, h int) []string {
	st := m.ctx.Styles
	var head []string
	if m.turn.Rebuilt {
		for _, l := range wrapLines("★ "+m.turn.RebuiltText, w) {
			head = append(head, st.Notice.Render(l))
		}
	}
	if m.turn.Title == "" {
		head = append(head, st.Dim.Render("No event"))
	} else {
		head = append(head, st.Title.Render(m.turn.Title))
	}
	for _, mk := range m.turn.Marks {
		if mk.Alert {
			head = append(head, st.Error.Render("! "+mk.Label+": "+mk.Text))
		}
	}
	var about []string
	if m.turn.Text != "" && !m.stepsSay(m.turn.Text) {
		about = wrapLines(st.Dim.Render(m.turn.Text), w)
	}
	var cur, foot []string
	var ask []string // the question and how to answer it: what stays when room is short
	var title, told []string
	if i := m.questionIndex(); i >= 0 {
		step := m.steps[i]
		q := step.Question
		title = []string{st.Header.Render("▶ " + step.Title)}
		if step.Text != "" {
			told = wrapLines(step.Text, w)
		}
		for _, l := range wrapLines(q.Prompt, w) {
			ask = append(ask, st.Value.Render(l))
		}
		ask = append(ask, wrapLines(m.inputHint(q), w)...)
		cur = append(append(append(cur, title...), told...), ask...)
	} else if a, ok := m.mainAction(); ok {
		next := m.now().Players[m.now().Current].Name
		foot = append(foot, st.Notice.Render("✓ Turn done. Space: "+next+" "+says(a.Label)+"."))
	}
	list := m.checklist(w)

	// Fit: the question and its hint first, the hint last of all to go;
	// then the step's title and text, the event's title, the checklist
	// (what to do: never cut without a word), the event's text.
	if len(cur) >= h {
		if len(ask) >= h {
			if h >= 2 && len(ask) > h {
				return append([]string{ask[0]}, ask[len(ask)-(h-1):]...)
			}
			return ask[len(ask)-h:]
		}
		out := ask
		if len(out) < h {
			out = append(append([]string{}, title...), out...)
		}
		if n := min(h-len(out), len(told)); n > 0 {
			out = append(append(append([]string{}, title...), told[:n]...), ask...)
		}
		return out
	}
	out := cur
	if len(head)+1+len(cur)+len(foot) <= h {
		out = append(append(append([]string{}, head...), ""), cur...)
		if len(cur) == 0 {
			out = append([]string{}, head...)
		}
		if len(out)+len(about)+1+len(list.lines())+len(foot) <= h {
			out = append(append(append([]string{}, head...), about...), out[len(head):]...)
		}
	}
	room := h - len(out) - 1 - len(foot) // a blank line before the list
	if room <= 0 {
		return append(out, foot...)
	}
	lines := list.lines()
	if len(lines) > room {
		lines = list.told() // what was answered is in the steps' own words
	}
	if len(lines) > room {
		lines = m.scrolled(lines, room)
	}
	out = append(out, "")
	out = append(out, lines...)
	return append(out, foot...)
}

// scrolled is a window of room lines of lines at the table's scroll, the
// last saying how many more there are and how to see them.
func (m tableModel) scrolled(lines []string, room int) []string {
	st := m.ctx.Styles
	if room < 2 { // no room for a line and its marker: the marker alone
		if m.question() != nil { // the question has the room; ↑/↓ would show nothing
			return []string{st.Notice.Render(fmt.Sprintf("… %d more lines once this is answered", len(lines)))}
		}
		return []string{st.Notice.Render(fmt.Sprintf("↕ %d more lines: ↑/↓", len(lines)))}
	}
	from := min(max(m.scroll, 0), len(lines)-(room-1))
	more := fmt.Sprintf("↕ lines %d–%d of %d: ↑/↓", from+1, from+room-1, len(lines))
	return append(lines[from:from+room-1:from+room-1], st.Notice.Render(more))
}

// stepsSay reports whether a step already says text: the event is then not
// told twice.
func (m tableModel) stepsSay(text string) bool {
	for _, s := range m.steps {
		if s.Text == text {
			return true
		}
	}
	return false
}

// wrapLines wraps text to w columns by display width. A non-breaking
// space (keep) holds a choice's key to its name; it is shown as a space.
func wrapLines(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		for _, l := range strings.Split(ansi.Wordwrap(para, w, ""), "\n") {
			out = append(out, strings.ReplaceAll(l, keep, " "))
		}
	}
	return out
}

// says puts an action's label after a player's name: "rolls", "draws",
// "types the dice" (the first word takes the s).
func says(label string) string {
	verb, rest, _ := strings.Cut(label, " ")
	switch {
	case verb == "":
		return label
	case strings.HasSuffix(verb, "s"), strings.HasSuffix(verb, "sh"), strings.HasSuffix(verb, "ch"), strings.HasSuffix(verb, "x"):
		verb += "es"
	default:
		verb += "s"
	}
	if rest != "" {
		return verb + " " + rest
	}
	return verb
}

// keep is a non-breaking space: wrapLines never breaks a line there.
const keep = "\u00a0"

// choice is a key and what it picks, kept on one line when wrapped.
func choice(parts ...string) string {
	return strings.ReplaceAll(strings.Join(parts, " "), " ", keep)
}

// inputHint says how to answer q, with what is picked or typed so far.
func (m tableModel) inputHint(q *deck.Question) string {
	st := m.ctx.Styles
	players := m.now().Players
	var keys []string
	if q.Default != "" && q.Kind != deck.AskPlayers {
		keys = append(keys, choice("enter:", q.ValueText(q.Default, players)))
	}
	switch q.Kind {
	case deck.AskPlayer:
		for i, p := range players {
			keys = append(keys, choice(strconv.Itoa(i+1), p.Name))
		}
		keys = append(keys, choice("0", "nobody"))
	case deck.AskPlayers:
		if q.One && !m.input.several {
			for i, p := range players {
				keys = append(keys, choice(strconv.Itoa(i+1), p.Name))
			}
			if q.Default != "" {
				keys = append([]string{choice("enter:", q.ValueText(q.Default, players))}, keys...)
			}
			keys = append(keys, choice("0", "nobody"), choice("+", "a tie"))
			break
		}
		for i, p := range players {
			box := "[ ]"
			if i < len(m.input.picked) && m.input.picked[i] {
				box = "[x]"
			}
			keys = append(keys, choice(strconv.Itoa(i+1), box, p.Name))
		}
		return strings.Join(keys, "  ") + "\n" + st.Dim.Render(strings.Join([]string{choice("a digit ticks or unticks"), choice("enter:", q.ValueText(m.input.seats(), players)), choice("0", "clears"), choice("x", "skip")}, " · "))
	case deck.AskYesNo:
		keys = append(keys, choice("y", "yes"), choice("n", "no"))
	case deck.AskNumber:
		if m.input.typed != "" {
			return st.Focused.Render("["+m.input.typed+"]") + st.Dim.Render(" enter: ok · x skip")
		}
		keys = append(keys, "type a number")
	}
	return st.Dim.Render(strings.Join(append(keys, choice("x", "skip")), " · "))
}

// checkLine is a line of the checklist; answered lines say an answer, the
// others what the table does. short is an answer's first line, cut to one
// line with "…" when the answer takes more (its other lines are marked
// cont).
type checkLine struct {
	text     string
	answered bool
	cont     bool
	short    string
}

// checkLines are the checklist's lines.
type checkLines []checkLine

func (c checkLines) lines() []string {
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = l.text
	}
	return out
}

// told keeps each answer to one line, and every line of the steps that
// tell: an answer told again by a later step ("Over the limit", then who
// discards) costs one line, and one no step tells (who damaged a road) is
// still there.
func (c checkLines) told() []string {
	var out []string
	for _, l := range c {
		switch {
		case !l.answered:
			out = append(out, l.text)
		case !l.cont:
			out = append(out, l.short)
		}
	}
	return out
}

// checklist is the turn's steps: ✓ done (answers in words), ▶ the one
// waiting, · to come. Steps that only tell are done as soon as shown.
func (m tableModel) checklist(w int) checkLines {
	if c := m.checks; c != nil && c.w == w && c.lines != nil {
		return c.lines
	}
	lines := m.layChecklist(w)
	if m.checks != nil {
		m.checks.w, m.checks.lines = w, lines
	}
	return lines
}

// layChecklist lays the checklist out for width w.
func (m tableModel) layChecklist(w int) checkLines {
	st := m.ctx.Styles
	wait := m.questionIndex()
	var said map[string]string
	if o := m.now().Open; o != nil {
		said = o.Said
	}
	var out checkLines
	for j, s := range m.steps {
		var line string
		answered := false
		switch {
		case j == wait:
			continue // the question waiting stands above the list
		case wait >= 0 && j > wait:
			line = st.Dim.Render("· " + s.Title)
		case s.Question != nil:
			line, answered = st.Dim.Render("✓ "+said[s.Question.Key]), true
		default:
			line = "✓ " + s.Title
			if s.Text != "" {
				line += st.Dim.Render(": " + s.Text)
			}
		}
		wrapped := wrapLines(line, w)
		short := wrapped[0]
		if len(wrapped) > 1 {
			short = ansi.Truncate(line, w, "…")
		}
		for i, l := range wrapped {
			out = append(out, checkLine{text: l, answered: answered, cont: i > 0, short: short})
		}
	}
	return out
}
