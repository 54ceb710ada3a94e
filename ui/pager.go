package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// pager scrolls a list of lines already rendered for the screen's width.
type pager struct {
	lines  []string
	offset int
}

// scroll moves by the keys that scroll: up/down a line, page up/down a
// screen of h lines, home and end. It reports whether the key scrolled.
func (p *pager) scroll(k PagerKeys, msg tea.KeyMsg, h int) bool {
	switch {
	case key.Matches(msg, k.Up):
		p.offset--
	case key.Matches(msg, k.Down):
		p.offset++
	case key.Matches(msg, k.PageUp):
		p.offset -= max(h-1, 1)
	case key.Matches(msg, k.PageDown):
		p.offset += max(h-1, 1)
	case key.Matches(msg, k.Home):
		p.offset = 0
	case key.Matches(msg, k.End):
		p.offset = len(p.lines)
	default:
		return false
	}
	p.clamp(h)
	return true
}

// clamp keeps the offset in range: when the lines overflow, one row of the
// h goes to the position line.
func (p *pager) clamp(h int) {
	if len(p.lines) > h {
		h--
	}
	p.offset = min(p.offset, len(p.lines)-h)
	p.offset = max(p.offset, 0)
}

// view shows h lines from the offset, the last one saying where we are when
// the lines do not all fit.
func (p pager) view(h int, st Styles) string {
	if h <= 0 {
		return ""
	}
	p.clamp(h)
	if len(p.lines) <= h {
		return strings.Join(p.lines, "\n")
	}
	end := min(p.offset+h-1, len(p.lines))
	where := st.Dim.Render(fmt.Sprintf("── lines %d–%d of %d (↑/↓, pgup/pgdn) ──", p.offset+1, end, len(p.lines)))
	return strings.Join(p.lines[p.offset:end], "\n") + "\n" + where
}
