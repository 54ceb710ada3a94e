package table

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
)

// CheckCache keeps the checklist laid out for one width.
type CheckCache struct {
	w     int
	lines CheckLines
}

// checkLine is a line of the checklist; answered lines say an answer, the
// others what the table does. short is an answer's first line, cut to one
// line with "…" when the answer takes more (its other lines are marked
// cont).
type checkLine struct {
	Text     string
	Answered bool
	Cont     bool
	Short    string
}

// CheckLines are the checklist's lines.
type CheckLines []checkLine

// Lines are the checklist's lines as text.
func (c CheckLines) Lines() []string {
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = l.Text
	}
	return out
}

// Told keeps each answer to one line, and every line of the steps that
// tell: an answer told again by a later step ("Over the limit", then who
// discards) costs one line, and one no step tells (who damaged a road) is
// still there.
func (c CheckLines) Told() CheckLines {
	var out CheckLines
	for _, l := range c {
		switch {
		case !l.Answered:
			out = append(out, l)
		case !l.Cont:
			out = append(out, checkLine{Text: l.Short, Answered: true, Short: l.Short})
		}
	}
	return out
}

// checklist is the turn's steps: ✓ done (answers in words), ▶ the one
// waiting, · to come. Steps that only tell are done as soon as shown.
func (w StepWalker) checklist(width int) CheckLines {
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
func (w StepWalker) LayChecklist(width int) CheckLines {
	wait := w.questionIndex()
	var said map[string]string
	if o := w.Now().Open; o != nil {
		said = o.Said
	}
	out := make(CheckLines, 0, len(w.Steps)+4)
	for j, s := range w.Steps {
		var k CheckKey
		switch {
		case j == wait:
			continue // the question waiting stands above the list
		case wait >= 0 && j > wait:
			k = CheckKey{Kind: StepToCome, Title: s.Title}
		case s.Question != nil:
			k = CheckKey{Kind: StepAnswered, Title: said[s.Question.Key]}
		default:
			k = CheckKey{Kind: StepDone, Title: s.Title, Text: s.Text}
		}
		k.Width = width
		out = append(out, w.CheckStep(k)...)
	}
	return out
}

// CheckKey names a step's lines in the checklist: how it stands, its
// title (an answered step: the answer said), what it tells, the width.
type CheckKey struct {
	Kind        int
	Title, Text string
	Width       int
}

// How a step stands in the checklist.
const (
	StepDone     = iota // ✓ and what it told
	StepAnswered        // ✓ and the answer, in words
	StepToCome          // · to come
)

// CheckStep is a step's lines in the checklist, laid out once: they are
// shared, to be copied.
func (s *State) CheckStep(k CheckKey) []checkLine {
	if l, ok := s.Cache.checks[k]; ok {
		return l
	}
	if s.Cache.checks == nil || len(s.Cache.checks) >= common.MaxRendered {
		s.Cache.checks = map[CheckKey][]checkLine{}
	}
	c := s.Ctx
	dim := &c.Styles.Dim
	var line string
	answered := false
	switch k.Kind {
	case StepToCome:
		line = c.Paint(dim, "· "+k.Title)
	case StepAnswered:
		line, answered = c.Paint(dim, "✓ "+k.Title), true
	default:
		line = "✓ " + k.Title
		if k.Text != "" {
			line += c.Paint(dim, ": "+k.Text)
		}
	}
	wrapped := common.WrapLines(line, k.Width)
	short := wrapped[0]
	if len(wrapped) > 1 { // cut at a word, never in one (issue 23)
		short = common.WrapLines(line, max(k.Width-2, 1))[0] + " …" // "…" apart: a whole word before it
		if common.CellWidth(short) > k.Width {
			short = ansi.Truncate(line, k.Width, "…")
		}
	}
	out := make([]checkLine, len(wrapped))
	for i, l := range wrapped {
		out[i] = checkLine{Text: l, Answered: answered, Cont: i > 0, Short: short}
	}
	s.Cache.checks[k] = out
	return out
}
