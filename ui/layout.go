package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// centerIn places block in the middle of a w × h area, cutting what does
// not fit. blockW is the block's width when known (-1: measure it). A line
// is measured only when its bytes could be wider than the room: no
// character takes more cells than bytes. lipgloss.Place would measure every
// line several times, most of a frame's work on a large screen.
func centerIn(block string, w, h, blockW int) string {
	var b strings.Builder
	centerLines(&b, strings.Split(block, "\n"), w, h, blockW)
	return b.String()
}

// centerLines writes lines to b as centerIn places them. The lines are
// the caller's own: a line cut to the room is cut in place.
func centerLines(b *strings.Builder, lines []string, w, h, blockW int) {
	if w <= 0 || h <= 0 {
		return
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	var buf [64]int
	widths := buf[:0]
	if len(lines) > len(buf) {
		widths = make([]int, 0, len(lines))
	}
	measure := blockW < 0
	if measure {
		blockW = 0
	}
	left := 0
	if !measure {
		left = max((w-blockW)/2, 0)
	}
	for _, l := range lines {
		lw := -1
		if measure || left+len(l) > w {
			lw = cellWidth(l)
		}
		widths = append(widths, lw)
		if measure {
			blockW = max(blockW, lw)
		}
	}
	if measure {
		left = max((w-blockW)/2, 0)
	}
	size := h - 1
	for j, l := range lines {
		if lw := widths[j]; lw >= 0 && left+lw > w {
			lines[j] = ansi.Truncate(l, w-left, "")
			widths[j] = cellWidth(lines[j])
		}
		size += left + len(lines[j])
		if widths[j] >= 0 {
			size += max(w-left-widths[j], 0)
		}
	}
	top := (h - len(lines)) / 2
	size += (h - len(lines)) * w
	b.Grow(size)
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		j := i - top
		if j < 0 || j >= len(lines) {
			b.WriteString(pad(w))
			continue
		}
		b.WriteString(pad(left))
		b.WriteString(lines[j])
		if lw := widths[j]; lw >= 0 {
			b.WriteString(pad(w - left - lw))
		}
	}
}

// fitTop places block at the top left of a w × h area, cutting what does
// not fit and padding with blank lines.
func fitTop(block string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := strings.Split(block, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if len(l) > w && cellWidth(l) > w { // bytes bound the width: most lines skip the count
			lines[i] = ansi.Truncate(l, w, "")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
