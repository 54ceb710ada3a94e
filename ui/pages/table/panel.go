package table

import (
	"github.com/eventdeck/eventdeck/ui/common"
)

// The step panel's parts and how they share the rows (issue 30): the open
// step first (its question and how to answer it, its title, what it
// tells), then the event's title and alerts, what the steps decided and
// the event's text, then the checklist; blank lines between the parts go
// before any of them. A part shows whole or not at all, so nothing is cut
// mid-sentence; the checklist scrolls, its last line saying where more is.

// panelParts are the parts of the step panel, laid out for one width.
type panelParts struct {
	head    []string // the rebuild notice, the event's title, its alerts
	title   int      // the line of head that is the event's title
	outcome []string // what the steps done so far decided
	about   []string // the event's own text, when no step says it
	step    []string // the open step's title
	told    []string // what the open step tells
	ask     []string // its question and how to answer it
	list    checkLines
	foot    []string // the turn done: the key for the next
}

// parts lays the panel's parts out for width.
func (w StepWalker) parts(width int) panelParts {
	c, st := w.ctx, &w.ctx.Styles
	var p panelParts
	if w.Turn.Rebuilt {
		p.head = c.Wrapped(&st.Notice, "★ ", w.Turn.RebuiltText, width, false)
	}
	p.title = len(p.head)
	if w.Turn.Title == "" {
		p.head = append(p.head, c.Styled(&st.Dim, "No event"))
	} else {
		p.head = common.Then(p.head, c.Wrapped(&st.Title, "", w.Turn.Title, width, false))
	}
	for _, mk := range w.Turn.Marks {
		if mk.Alert { // a result: wrapped, never cut (issue 30: "Ann loses the ship" was)
			p.head = common.Then(p.head, c.Wrapped(&st.Error, "! ", mk.Label+": "+mk.Text, width, false))
		}
	}
	p.outcome = w.outcomes(width)
	if w.Turn.Text != "" && !w.stepsSay(w.Turn.Text) {
		p.about = c.Wrapped(&st.Dim, "", w.Turn.Text, width, true)
	}
	p.step, p.told, p.ask = w.Current(width)
	if next := w.view.NextUp; next != "" && p.ask == nil { // the view says the turn is done, and who is next
		p.foot = c.Wrapped(&st.Notice, "✓ Turn done. Space: ", next+".", width, false)
	}
	p.list = w.checklist(width)
	return p
}

// outcomes are what the steps done so far decide, a line or two each,
// before every detail: the table reads who loses, wins or discards first.
func (w StepWalker) outcomes(width int) []string {
	c := w.ctx
	done := len(w.Steps)
	if i := w.questionIndex(); i >= 0 {
		done = i
	}
	var out []string
	for _, s := range w.Steps[:done] {
		if s.Outcome != "" {
			out = common.Then(out, c.Wrapped(&c.Styles.Value, "» ", s.Outcome, width, false))
		}
	}
	return out
}

// Current is the step waiting, in three parts: its title, what it tells,
// and the question with how to answer it.
func (w StepWalker) Current(width int) (title, told, ask []string) {
	c := w.ctx
	i := w.questionIndex()
	if i < 0 {
		return nil, nil, nil
	}
	step := w.Steps[i]
	q := step.Question
	title = c.Wrapped(&c.Styles.Header, "▶ ", step.Title, width, false)
	if step.Text != "" {
		told = c.Wrapped(nil, "", step.Text, width, false)
	}
	prompt, hint := w.asked(q)
	ask = c.Wrapped(&c.Styles.Value, "", prompt, width, false)
	ask = common.Then(ask, c.Wrapped(nil, "", hint, width, false))
	return title, told, ask
}

// need is how many rows the panel takes: to show every part whole, the
// steps with each answer in a line, and no blank line between the parts
// (whole); for no step to scroll (steps: once no question waits the
// event's text goes first, since the steps say it); and to show the open
// step and the event's title and alerts (first). The table gives up its
// blank lines, the Last line and its lesser status lines for whole, the
// big number's height for steps (issue 40 item 10: the steps scrolled
// while they stood), and the lines about whom it waits for only for first.
func (p panelParts) need() (whole, steps, first int) {
	first = len(p.step) + len(p.told) + len(p.ask) + len(p.head) + len(p.foot)
	steps = first + len(p.outcome)
	if len(p.list) > 0 {
		steps += p.list.toldRows()
	}
	whole = steps + len(p.about)
	if len(p.ask) > 0 {
		steps = whole // while a question waits the event's text claims rows before the steps
	}
	return whole, steps, first
}

// gaps is how many blank lines between the parts the panel puts when
// every part shows whole: under the event's title and alerts, what the
// steps decided and the event's text, when a step waits; over the steps.
func (p panelParts) gaps() int {
	top := len(p.head) + len(p.outcome) + len(p.about)
	cur := len(p.step) + len(p.told) + len(p.ask)
	n := 0
	if top > 0 && cur > 0 {
		n++
	}
	if len(p.list) > 0 && top+cur > 0 {
		n++
	}
	return n
}

// panel is the event and the steps in at most h lines of width width.
func (w StepWalker) panel(width, h int) []string {
	return w.fit(w.parts(width), h, w.ctx.Styles.Gaps.Under)
}

// fit lays p out in at most h lines: with gap blank lines between the
// parts, or without when only that way every part shows whole.
func (w StepWalker) fit(p panelParts, h, gap int) []string {
	cur := append(append(append(make([]string, 0, len(p.step)+len(p.told)+len(p.ask)), p.step...), p.told...), p.ask...)
	if len(cur)+len(p.foot) > h {
		return fitQuestion(p.step, p.told, p.ask, h)
	}
	out, whole := w.fitGaps(p, cur, h, gap)
	if !whole && gap > 0 {
		if tight, all := w.fitGaps(p, cur, h, 0); all || shown(tight) > shown(out) {
			return tight
		}
	}
	return out
}

// shown counts the lines that are not blank.
func shown(lines []string) int {
	n := 0
	for _, l := range lines {
		if l != "" {
			n++
		}
	}
	return n
}

// fitGaps lays p out in h lines with gap blank lines between the parts; it
// reports whether every part showed whole, the steps unscrolled. While a
// question waits the event's text claims rows before the steps to come;
// once answered, the steps left to do come first.
func (w StepWalker) fitGaps(p panelParts, cur []string, h, gap int) ([]string, bool) {
	left := h - len(cur) - len(p.foot)
	whole := true
	claim := func(part []string) []string {
		if len(part) <= left {
			left -= len(part)
			return part
		}
		whole = false
		return nil
	}
	head := claim(p.head)
	if head == nil && left > 0 { // the event's title alone
		head, left = p.head[p.title:p.title+1], left-1
	}
	outcome := claim(p.outcome)
	asking := len(p.ask) > 0
	var about []string
	if asking {
		about = claim(p.about)
	}
	top := len(head) + len(outcome) + len(about)
	topGap := 0
	if top > 0 && len(cur) > 0 && left > gap {
		topGap, left = gap, left-gap
	}
	var scrolled []string // the steps in a window, or
	var all checkLines    // all of them
	lgap := 0             // the blank lines over them
	if len(p.list) > 0 && left > 0 {
		lgap = gap
		if top+len(cur) == 0 {
			lgap = 0
		}
		room := left - lgap
		lines := p.list
		if len(lines) > room {
			lines = p.list.told() // what was answered is in the steps' own words
		}
		if room < 1 || len(lines) > room && len(lines) <= room+lgap {
			lgap, room = 0, left // the steps rather than a blank line
		}
		if len(lines) > room {
			scrolled = w.Scrolled(lines, room)
			whole = false
		} else {
			all = lines
		}
		left -= lgap + len(scrolled) + len(all)
	} else if len(p.list) > 0 {
		whole = false
	}
	if !asking {
		about = claim(p.about)
	}
	out := make([]string, 0, len(head)+len(outcome)+len(about)+topGap+len(cur)+lgap+len(scrolled)+len(all)+len(p.foot))
	out = append(append(append(out, head...), outcome...), about...)
	out = blank(append(blank(out, topGap), cur...), lgap)
	out = append(out, scrolled...)
	for _, l := range all {
		out = append(out, l.Text)
	}
	return append(out, p.foot...), whole
}

// fitQuestion fits the step waiting into h lines when it alone fills
// them: the question and its hint first, the hint last of all to go; then
// the step's title and what it tells.
func fitQuestion(title, told, ask []string, h int) []string {
	if len(ask) >= h {
		if h >= 2 && len(ask) > h {
			return append([]string{ask[0]}, ask[len(ask)-(h-1):]...)
		}
		return ask[len(ask)-h:]
	}
	out := ask
	if len(out)+len(title) <= h {
		out = append(append([]string{}, title...), out...)
	}
	if len(told) > 0 && len(out)+len(told) <= h {
		out = append(append(append([]string{}, title...), told...), ask...)
	}
	return out
}
