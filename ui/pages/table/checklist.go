package table

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/readout"
)

// CheckCache keeps the checklist laid out for one width.
type CheckCache struct {
	w     int
	lines checkLines
}

// checkLine is a line of the checklist; answered lines say an answer, the
// others what the table does. short is an answer's first line, cut to one
// line with "…" when the answer takes more (its other lines are marked
// cont).
type checkLine struct {
	Text     string
	answered bool
	Cont     bool
	short    string
}

// checkLines are the checklist's lines.
type checkLines []checkLine

// lines are the checklist's lines as text.
func (c checkLines) lines() []string {
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = l.Text
	}
	return out
}

// told keeps each answer to one line, and every line of the steps that
// tell: an answer told again by a later step ("Over the limit", then who
// discards) costs one line, and one no step tells (who damaged a road) is
// still there.
func (c checkLines) told() checkLines {
	var out checkLines
	for _, l := range c {
		switch {
		case !l.answered:
			out = append(out, l)
		case !l.Cont:
			out = append(out, checkLine{Text: l.short, answered: true, short: l.short})
		}
	}
	return out
}

// toldRows is len(c.told()), counted without laying the lines out.
func (c checkLines) toldRows() int {
	n := 0
	for _, l := range c {
		if !l.answered || !l.Cont {
			n++
		}
	}
	return n
}

// checklist is the turn's steps: ✓ done (answers in words), ▶ the one
// waiting, · to come. Steps that only tell are done as soon as shown.
func (w StepWalker) checklist(width int) checkLines {
	if c := w.Checks; c != nil && c.w == width && c.lines != nil {
		return c.lines
	}
	lines := w.LayChecklist(width)
	if w.Checks != nil {
		w.Checks.w, w.Checks.lines = width, lines
	}
	return lines
}

// LayChecklist lays the checklist out for width w.
func (w StepWalker) LayChecklist(width int) checkLines {
	wait := w.questionIndex()
	var said map[string]string
	if o := w.Now().Open; o != nil {
		said = o.Said
	}
	// How each step stands is the view's (readout), as every phone shows
	// it: a question after the one waiting that another screen has
	// answered already is done, not to come (play-test: Cy's count,
	// answered on her phone, stood as "· Hand: Cy" on the host).
	var states []readout.Step
	if t := w.view.Turn; t != nil && len(t.Steps) == len(w.Steps) {
		states = t.Steps
	}
	toCome := func(j int) bool {
		if states != nil {
			return states[j].State == "todo"
		}
		return wait >= 0 && j > wait
	}
	out := make(checkLines, 0, len(w.Steps)+4)
	for j, s := range w.Steps {
		var k checkKey
		switch {
		case j == wait:
			continue // the question waiting stands above the list
		case toCome(j):
			k = checkKey{kind: stepToCome, title: s.Title}
		case s.Question != nil:
			k = checkKey{kind: stepAnswered, title: said[s.Question.Key]}
		default:
			k = checkKey{kind: stepDone, title: s.Title, text: s.Text}
		}
		k.width = width
		out = append(out, w.checkStep(k)...)
	}
	return out
}

// checkKey names a step's lines in the checklist: how it stands, its
// title (an answered step: the answer said), what it tells, the width.
type checkKey struct {
	kind        int
	title, text string
	width       int
}

// How a step stands in the checklist.
const (
	stepDone     = iota // ✓ and what it told
	stepAnswered        // ✓ and the answer, in words
	stepToCome          // · to come
)

// checkStep is a step's lines in the checklist, laid out once: they are
// shared, to be copied.
func (s *State) checkStep(k checkKey) []checkLine {
	if l, ok := s.cache.checks[k]; ok {
		return l
	}
	if s.cache.checks == nil || len(s.cache.checks) >= common.MaxRendered {
		s.cache.checks = map[checkKey][]checkLine{}
	}
	c := s.ctx
	dim := &c.Styles.Dim
	var line string
	answered := false
	switch k.kind {
	case stepToCome:
		line = c.Paint(dim, "· "+k.title)
	case stepAnswered:
		line, answered = c.Paint(dim, "✓ "+k.title), true
	default:
		line = "✓ " + k.title
		if k.text != "" {
			line += c.Paint(dim, ": "+k.text)
		}
	}
	wrapped := common.WrapLines(line, k.width)
	short := wrapped[0]
	if len(wrapped) > 1 { // cut at a word, never in one (issue 23)
		short = common.WrapLines(line, max(k.width-2, 1))[0] + " …" // "…" apart: a whole word before it
		if common.CellWidth(short) > k.width {
			short = ansi.Truncate(line, k.width, "…")
		}
	}
	out := make([]checkLine, len(wrapped))
	for i, l := range wrapped {
		out[i] = checkLine{Text: l, answered: answered, Cont: i > 0, short: short}
	}
	s.cache.checks[k] = out
	return out
}
