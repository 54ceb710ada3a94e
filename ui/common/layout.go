package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// CenterIn places block in the middle of a w × h area, cutting what does
// not fit. blockW is the block's width when known (-1: measure it). A line
// is measured only when its bytes could be wider than the room: no
// character takes more cells than bytes. lipgloss.Place would measure every
// line several times, most of a frame's work on a large screen.
func CenterIn(block string, w, h, blockW int) string {
	var b strings.Builder
	CenterLines(&b, RowsOf(strings.Split(block, "\n")), w, h, blockW)
	return b.String()
}

// Row is a line to lay out: pre, preW columns wide (known, not measured:
// the number's lines beside the steps), then text.
type Row struct {
	Pre  string // what comes first (the number's line)
	PreW int    // how wide Pre is, in columns
	Text string // what follows it
}

// RowsOf is lines as rows of text.
func RowsOf(lines []string) []Row {
	rows := make([]Row, len(lines))
	for i, l := range lines {
		rows[i].Text = l
	}
	return rows
}

// BlankRows adds n blank rows to rows.
func BlankRows(rows []Row, n int) []Row {
	for range n {
		rows = append(rows, Row{})
	}
	return rows
}

// CenterLines writes rows to b as centerIn places them. The rows are the
// caller's own: a row cut to the room is cut in place.
func CenterLines(b *strings.Builder, rows []Row, w, h, blockW int) {
	if w <= 0 || h <= 0 {
		return
	}
	if len(rows) > h {
		rows = rows[:h]
	}
	var buf [64]int
	widths := buf[:0]
	if len(rows) > len(buf) {
		widths = make([]int, 0, len(rows))
	}
	measure := blockW < 0
	if measure {
		blockW = 0
	}
	left := 0
	if !measure {
		left = max((w-blockW)/2, 0)
	}
	for _, r := range rows {
		lw := -1
		if measure || left+len(r.Pre)+len(r.Text) > w {
			lw = r.PreW + CellWidth(r.Text)
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
	for j, r := range rows {
		if lw := widths[j]; lw >= 0 && left+lw > w {
			rows[j] = Row{Text: ansi.Truncate(r.Pre+r.Text, w-left, "")}
			widths[j] = CellWidth(rows[j].Text)
		}
		size += left + len(rows[j].Pre) + len(rows[j].Text)
		if widths[j] >= 0 {
			size += max(w-left-widths[j], 0)
		}
	}
	top := (h - len(rows)) / 2
	size += (h - len(rows)) * w
	b.Grow(size)
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		j := i - top
		if j < 0 || j >= len(rows) {
			b.WriteString(Pad(w))
			continue
		}
		b.WriteString(Pad(left))
		b.WriteString(rows[j].Pre)
		b.WriteString(rows[j].Text)
		if lw := widths[j]; lw >= 0 {
			b.WriteString(Pad(w - left - lw))
		}
	}
}

// FitTop places block at the top left of a w × h area, cutting what does
// not fit and padding with blank lines.
func FitTop(block string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := strings.Split(block, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if len(l) > w && CellWidth(l) > w { // bytes bound the width: most lines skip the count
			lines[i] = ansi.Truncate(l, w, "")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
