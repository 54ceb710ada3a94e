package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// pager scrolls a list of lines already rendered for the screen's width: a
// bubbles viewport, and under it a row that says where we are when the
// lines do not all fit.
type pager struct {
	lines  []string
	offset int // the first line in view; past the end means the last page
}

// viewport is the pager's lines in a bubbles viewport of w × h, at the
// pager's offset.
func (p pager) viewport(w, h int) viewport.Model {
	vp := viewport.New(w, h)
	vp.SetContent(strings.Join(p.lines, "\n"))
	vp.SetYOffset(p.offset)
	return vp
}

// room is the viewport's height within h rows: one goes to the position
// row when the lines overflow.
func (p pager) room(h int) int {
	if len(p.lines) > h {
		return h - 1
	}
	return h
}

// scroll moves by the keys that scroll: up/down a line, page up/down a
// screen of h lines, home and end. It reports whether the key scrolled.
func (p *pager) scroll(k PagerKeys, msg tea.KeyMsg, h int) bool {
	vp := p.viewport(1, max(p.room(h), 1))
	switch {
	case key.Matches(msg, k.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		vp.ScrollUp(max(vp.Height-1, 1))
	case key.Matches(msg, k.PageDown):
		vp.ScrollDown(max(vp.Height-1, 1))
	case key.Matches(msg, k.Home):
		vp.GotoTop()
	case key.Matches(msg, k.End):
		vp.GotoBottom()
	default:
		return false
	}
	p.offset = vp.YOffset
	return true
}

// view shows h lines of width w from the offset, the last one saying where
// we are when the lines do not all fit.
func (p pager) view(w, h int, st Styles) string {
	if h <= 0 {
		return ""
	}
	if len(p.lines) <= h {
		return strings.Join(p.lines, "\n")
	}
	vp := p.viewport(w, h-1)
	first := vp.YOffset + 1
	last := min(vp.YOffset+vp.Height, len(p.lines))
	where := st.Dim.Render(fmt.Sprintf("── lines %d–%d of %d (↑/↓, pgup/pgdn) ──", first, last, len(p.lines)))
	return vp.View() + "\n" + where
}
