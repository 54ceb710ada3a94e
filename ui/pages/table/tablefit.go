package table

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
)

// room shares h rows between the number, the steps and the status when
// the steps go under the number (issue 30): the open step and the event's
// title claim rows first, then the event's text and the checklist's line.
// For them the blank lines over the steps and the status go first, then
// the status lines but whose turn it is and what the last key did, then
// the big number, for a line that says it.
func (m Model) room(h int, status []string) (p panelParts, c *cardView, out []string, under, gap int) {
	st := &m.ctx.Styles
	p = m.StepWalker.parts(min(m.W, 80))
	first, all := p.need()
	c, out = m.Number.Card, status
	under, gap = st.Gaps.Under, st.Gaps.Status
	left := func() int { return h - len(c.lines) - under - gap - len(out) }
	if left() < all {
		under = 0
	}
	if left() < all {
		gap = 0
	}
	if left() < all && len(out) > 1 {
		out = slices.DeleteFunc(slices.Clone(out), func(l string) bool { return strings.HasPrefix(ansi.Strip(l), "Last: ") })
	}
	if left() < first && len(out) > 1 {
		out = append(out[:1:1], m.noteLines()...)
	}
	if left() < first {
		c = m.Number.compact(min(m.W, 80))
		under = min(st.Gaps.Under, max(left()-all, 0))
	}
	return p, c, out, under, gap
}

// compact is the turn's number and dice in a line, for a screen with no
// room for the big number under the steps: "8 ●●●●● robber · R red 5 · W white 2".
func (n numberView) compact(w int) *cardView {
	st, t := &n.ctx.Styles, n.Turn
	var parts []string
	if t.Number > 0 {
		num := st.Title.Render(strconv.Itoa(t.Number))
		if t.NumberAlert {
			num = st.Hot.Render(strconv.Itoa(t.Number))
		}
		caption := strings.Repeat("●", t.Pips)
		if t.NumberNote != "" {
			caption += " " + t.NumberNote
		}
		parts = append(parts, num+" "+st.Dim.Render(caption))
	}
	for _, f := range t.Dice {
		parts = append(parts, f.Label())
	}
	lines := common.WrapLines(strings.Join(parts, common.Choice(" ·")+" "), w)
	c := &cardView{lines: lines}
	for _, l := range lines {
		c.widths = append(c.widths, lipgloss.Width(l))
		c.width = max(c.width, c.widths[len(c.widths)-1])
	}
	return c
}
