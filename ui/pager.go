package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// above is how many lines head takes above a pager: measured from what
// the screen draws, so the pager fits under it at any size.
func above(head string) int { return lipgloss.Height(head) - 1 }

// pager scrolls a list of lines already rendered for the screen's width: a
// bubbles viewport kept by its screen, sized when the screen is and given
// its content when the lines change, and under it a row that says where
// we are when the lines do not all fit.
type pager struct {
	vp    viewport.Model
	text  string // the lines, joined
	lines int    // how many lines there are
	w, h  int    // the room, the position row included
}

// setLines gives the pager new content; the offset stays where it can.
func (p *pager) setLines(lines []string) {
	p.lines, p.text = len(lines), strings.Join(lines, "\n")
	p.vp.SetContent(p.text)
	p.fit()
}

// setSize gives the pager w × h; at the bottom, it stays there.
func (p *pager) setSize(w, h int) {
	bottom := p.vp.AtBottom()
	p.w, p.h = w, h
	p.fit()
	if bottom {
		p.vp.GotoBottom()
	}
}

// fit sizes the viewport: one row goes to the position when the lines
// overflow.
func (p *pager) fit() {
	p.vp.Width, p.vp.Height = p.w, max(p.h, 1)
	if p.lines > p.h {
		p.vp.Height = max(p.h-1, 1)
	}
	p.vp.SetYOffset(p.vp.YOffset)
}

// scroll moves by the keys that scroll: up/down a line, page up/down a
// screen, home and end. It reports whether the key scrolled.
func (p *pager) scroll(k PagerKeys, msg tea.KeyMsg) bool {
	switch {
	case key.Matches(msg, k.Up):
		p.vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		p.vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		p.vp.ScrollUp(max(p.vp.Height-1, 1))
	case key.Matches(msg, k.PageDown):
		p.vp.ScrollDown(max(p.vp.Height-1, 1))
	case key.Matches(msg, k.Home):
		p.vp.GotoTop()
	case key.Matches(msg, k.End):
		p.vp.GotoBottom()
	default:
		return false
	}
	return true
}

// view shows the lines in view, the last row saying where we are when
// they do not all fit.
func (p pager) view(st Styles) string {
	if p.h <= 0 {
		return ""
	}
	if p.lines <= p.h {
		return p.text
	}
	first := p.vp.YOffset + 1
	last := min(p.vp.YOffset+p.vp.Height, p.lines)
	where := st.Dim.Render(fmt.Sprintf("── lines %d–%d of %d (↑/↓, pgup/pgdn) ──", first, last, p.lines))
	return p.vp.View() + "\n" + where
}
