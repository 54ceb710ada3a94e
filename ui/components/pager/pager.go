package pager

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
)

// Above is how many lines head takes above a pager: measured from what
// the screen draws, so the pager fits under it at any size.
func Above(head string) int { return lipgloss.Height(head) - 1 }

// Model scrolls a list of lines already rendered for the screen's width: a
// bubbles viewport kept by its screen, sized when the screen is and given
// its content when the lines change, and under it a row that says where
// we are when the lines do not all fit.
type Model struct {
	Vp    viewport.Model // the lines in view
	text  string         // the lines, joined
	lines int            // how many lines there are
	w, h  int            // the room, the position row included
}

// SetLines gives the pager new content; the offset stays where it can.
func (p *Model) SetLines(lines []string) {
	p.lines, p.text = len(lines), strings.Join(lines, "\n")
	p.Vp.SetContent(p.text)
	p.fit()
}

// SetSize gives the pager w × h; at the bottom, it stays there.
func (p *Model) SetSize(w, h int) {
	bottom := p.Vp.AtBottom()
	p.w, p.h = w, h
	p.fit()
	if bottom {
		p.Vp.GotoBottom()
	}
}

// fit sizes the viewport: one row goes to the position when the lines
// overflow.
func (p *Model) fit() {
	p.Vp.Width, p.Vp.Height = p.w, max(p.h, 1)
	if p.lines > p.h {
		p.Vp.Height = max(p.h-1, 1)
	}
	p.Vp.SetYOffset(p.Vp.YOffset)
}

// Scroll moves by the keys that scroll: up/down a line, page up/down a
// screen, home and end. It reports whether the key scrolled.
func (p *Model) Scroll(k common.PagerKeys, msg tea.KeyMsg) bool {
	switch {
	case key.Matches(msg, k.Up):
		p.Vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		p.Vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		p.Vp.ScrollUp(max(p.Vp.Height-1, 1))
	case key.Matches(msg, k.PageDown):
		p.Vp.ScrollDown(max(p.Vp.Height-1, 1))
	case key.Matches(msg, k.Home):
		p.Vp.GotoTop()
	case key.Matches(msg, k.End):
		p.Vp.GotoBottom()
	default:
		return false
	}
	return true
}

// View shows the lines in view, the last row saying where we are when
// they do not all fit.
func (p Model) View(st common.Styles) string {
	if p.h <= 0 {
		return ""
	}
	if p.lines <= p.h {
		return p.text
	}
	first := p.Vp.YOffset + 1
	last := min(p.Vp.YOffset+p.Vp.Height, p.lines)
	where := st.Dim.Render(fmt.Sprintf("── lines %d–%d of %d (↑/↓, pgup/pgdn) ──", first, last, p.lines))
	return p.Vp.View() + "\n" + where
}

// Scrolled is the first line in view after km, a key that may scroll.
func (p Model) Scrolled(k common.PagerKeys, km tea.KeyMsg) int {
	p.Scroll(k, km)
	return p.Vp.YOffset
}
