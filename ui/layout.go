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
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(block, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	widths := make([]int, len(lines))
	if blockW < 0 {
		blockW = 0
		for i, l := range lines {
			widths[i] = cellWidth(l)
			blockW = max(blockW, widths[i])
		}
	} else {
		for i := range widths {
			widths[i] = -1
		}
	}
	left := max((w-blockW)/2, 0)
	top := (h - len(lines)) / 2
	blank := strings.Repeat(" ", w)
	var b strings.Builder
	b.Grow(h * (w + 1))
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		j := i - top
		if j < 0 || j >= len(lines) {
			b.WriteString(blank)
			continue
		}
		line, lw := lines[j], widths[j]
		if lw < 0 && left+len(line) > w {
			lw = cellWidth(line)
		}
		if left+lw > w {
			line = ansi.Truncate(line, w-left, "")
		}
		b.WriteString(blank[:left])
		b.WriteString(line)
		if lw >= 0 {
			b.WriteString(blank[:max(w-left-cellWidth(line), 0)])
		}
	}
	return b.String()
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
