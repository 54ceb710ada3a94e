package common

import (
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// A frame of the table styles some twenty lines; in true colour each
// Style.Render costs about ten allocations, most of a keypress. The lines
// repeat from turn to turn (a step's title, a hint, "No event"), so the
// context keeps them rendered, by everything they are made of: the style
// (one of the context's Styles, built once), the text and the width. The
// caches are bounded: past their size they start again.

// MaxRendered bounds each rendering cache.
const MaxRendered = 1024

// styledKey names a styled text: style is one of the context's Styles
// (nil: plain text), text is prefix+text, wrapped at width (0: not
// wrapped). whole styles the text before wrapping it (the wrap keeps the
// escapes), where the lines are otherwise styled one by one.
type styledKey struct {
	style        *lipgloss.Style
	prefix, text string
	width        int
	whole        bool
}

// Styled is text in style s, one of &c.Styles' fields, kept for the
// next frame: for a text that repeats.
func (c *Context) Styled(s *lipgloss.Style, text string) string {
	k := styledKey{style: s, text: text}
	if l, ok := c.styles[k]; ok {
		return l
	}
	if c.styles == nil || len(c.styles) >= MaxRendered {
		c.styles = map[styledKey]string{}
	}
	l := c.Paint(s, text)
	c.styles[k] = l
	return l
}

// sandwich is what a style puts around a line: s.Render(line) is
// before+line+after, for every line without a newline, tab or carriage
// return, when plain is set.
type sandwich struct {
	before, after string
	plain         bool
}

// Paint is s.Render(text), for s one of &c.Styles' fields: for a style
// that only colours and weights the text (most), without lipgloss's work
// on every call, the escapes found once put around the text.
func (c *Context) Paint(s *lipgloss.Style, text string) string {
	if strings.ContainsAny(text, "\n\t\r") {
		return s.Render(text)
	}
	w, ok := c.paints[s]
	if !ok {
		w = sandwichOf(s)
		if c.paints == nil {
			c.paints = map[*lipgloss.Style]sandwich{}
		}
		c.paints[s] = w
	}
	if !w.plain {
		return s.Render(text)
	}
	if w.before == "" && w.after == "" {
		return text // no colours (ASCII): the text itself
	}
	return w.before + text + w.after
}

// sandwichOf finds what s puts around a line, when s does nothing else to
// it: no size, padding, border, margin, transform, value, or underline or
// strikethrough (those style each space apart).
func sandwichOf(s *lipgloss.Style) sandwich {
	if s.GetWidth() != 0 || s.GetHeight() != 0 || s.GetMaxWidth() != 0 || s.GetMaxHeight() != 0 ||
		s.GetHorizontalFrameSize() != 0 || s.GetVerticalFrameSize() != 0 || s.GetTransform() != nil ||
		s.Value() != "" || s.GetUnderline() || s.GetStrikethrough() || s.GetUnderlineSpaces() || s.GetStrikethroughSpaces() {
		return sandwich{}
	}
	probe := s.Render("x")
	i := strings.Index(probe, "x")
	if i < 0 {
		return sandwich{}
	}
	w := sandwich{before: probe[:i], after: probe[i+1:], plain: true}
	for _, t := range []string{"", "a b", "✓ Ann · 8 ●●●"} { // to be sure: the same as Render
		if s.Render(t) != w.before+t+w.after {
			return sandwich{}
		}
	}
	return w
}

// Wrapped is prefix+text wrapped at width, each line in style s (nil:
// plain); with whole, the text is styled first and then wrapped. The
// lines are shared: callers read them, or append them to their own (the
// slice is clipped, so an append copies).
func (c *Context) Wrapped(s *lipgloss.Style, prefix, text string, width int, whole bool) []string {
	k := styledKey{style: s, prefix: prefix, text: text, width: width, whole: whole}
	if l, ok := c.wraps[k]; ok {
		return l
	}
	if c.wraps == nil || len(c.wraps) >= MaxRendered {
		c.wraps = map[styledKey][]string{}
	}
	var lines []string
	switch {
	case s == nil:
		lines = WrapLines(prefix+text, width)
	case whole:
		lines = WrapLines(c.Paint(s, prefix+text), width)
	default:
		lines = WrapLines(prefix+text, width)
		for i, l := range lines {
			lines[i] = c.Paint(s, l)
		}
	}
	lines = slices.Clip(lines)
	c.wraps[k] = lines
	return lines
}

// Then is a followed by b: b itself when a is empty (b's lines are then
// shared, as wrapped's are).
func Then(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	return append(a, b...)
}

// spaces are blanks to pad with, without building them each frame.
const spaces = "                                                                                                                                                                                                                                                                "

// Pad is n blanks.
func Pad(n int) string {
	if n <= 0 {
		return ""
	}
	if n <= len(spaces) {
		return spaces[:n]
	}
	return strings.Repeat(" ", n)
}

// LineWidth is lipgloss.Width(s), without splitting a single line.
func LineWidth(s string) int {
	if strings.IndexByte(s, '\n') < 0 {
		return CellWidth(s)
	}
	return lipgloss.Width(s)
}

// ForgetRendered empties what the context keeps rendered, as a screen with
// nothing drawn yet; restore puts it back. Tests compare the frames drawn
// with and without it.
func (c *Context) ForgetRendered() (restore func()) {
	saved := *c
	c.lines, c.styles, c.wraps, c.paints = nil, nil, nil, nil
	return func() {
		c.lines = saved.lines
		c.styles, c.wraps, c.paints = saved.styles, saved.wraps, saved.paints
	}
}
