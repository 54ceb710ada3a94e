package table

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
)

// stack is how the number, the steps and the status share the rows when
// the steps go under the number.
type stack struct {
	parts  panelParts
	card   *cardView    // the big number, or the number in a line
	status []statusLine // the status lines kept
	under  int          // blank lines under the number
	gap    int          // blank lines over the status
	panel  int          // blank lines between two of the panel's parts
}

// What gives way for the panel, in turn (issues 30 and 40).
const (
	giveUnder  = iota // the blank lines under the number
	giveGap           // the blank lines over the status
	givePanel         // the blank lines between the panel's parts
	giveLast          // the Last line
	giveLesser        // the trackers, the counting aid, how the game was set up
	giveNumber        // the big number, for a line that says it
	giveWaits         // whom the table waits for, and what they said
	gives
)

// room shares h rows between the number, the steps and the status when
// the steps go under the number. Every part of the panel claims rows: for
// them the table gives way in the order above, each only while the panel
// lacks rows, and only once the big number has may the steps scroll
// (issue 40 item 10: they scrolled while blank lines stood). The lines
// that say whom the table waits for give way for the open step alone. The
// big number stays when only the event's text, which the steps say once
// no question waits, lacks rows. What the last to give way freed beyond
// the panel's need comes back, the most useful first.
func (m Model) room(h int, status []statusLine) stack {
	g := &m.ctx.Styles.Gaps
	s := stack{parts: m.StepWalker.parts(min(m.W, 80)), card: m.Number.Card, status: status, under: g.Under, gap: g.Status, panel: g.Under}
	free := [gives]int{giveUnder: g.Under, giveGap: g.Status, givePanel: s.parts.gaps() * g.Under} // the rows each frees
	for _, l := range status {
		if i := l.givesWay(); i >= 0 {
			free[i]++
		}
	}
	whole, steps, first := s.parts.need()
	until := func(i int) int { // the panel's need that i gives way for
		switch {
		case i < giveNumber:
			return whole
		case i == giveNumber:
			return steps
		}
		return first
	}
	rows := h - len(s.card.lines) - len(status) - free[giveUnder] - free[giveGap] - free[givePanel] // the panel's, but its blank lines
	given := 0
	for ; given < gives && rows < until(given); given++ {
		if given == giveNumber {
			s.card = m.Number.compact(min(m.W, 80))
			free[giveNumber] = len(m.Number.Card.lines) - len(s.card.lines)
		}
		rows += free[given]
	}
	if given == 0 {
		return s
	}
	var gone [gives]bool
	spare := rows - whole // the rows the panel does not need
	if spare < 0 {
		spare = rows - steps // the event's text gives way, or the steps scroll: none
	}
	for i := given - 1; i >= 0; i-- {
		if gone[i] = free[i] > spare; !gone[i] {
			spare -= free[i]
		}
	}
	if gone[giveUnder] {
		s.under = 0
	}
	if gone[giveGap] {
		s.gap = 0
	}
	if gone[givePanel] {
		s.panel = 0
	}
	if gone[giveLast] || gone[giveLesser] || gone[giveWaits] {
		s.status = make([]statusLine, 0, len(status))
		for _, l := range status {
			if i := l.givesWay(); i < 0 || !gone[i] {
				s.status = append(s.status, l)
			}
		}
	}
	return s
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
