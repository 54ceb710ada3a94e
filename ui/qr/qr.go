// Package qr draws a QR code in a terminal: two modules a cell row, with
// the half-block characters ▀ ▄ █ and space, in colours forced so that the
// code scans whatever the terminal's theme (issue 29: the phone page's
// address on the host's screen).
package qr

import (
	"strings"

	"rsc.io/qr"
)

// Colours says how a code's cells are coloured.
type Colours int

const (
	// Plain colours nothing (NO_COLOR, or no colour known): the glyphs are
	// the light modules and the terminal's background the dark ones, so a
	// dark theme shows the code light-on-dark, as phone cameras read it.
	Plain Colours = iota
	// ANSI16 forces black glyphs (the dark modules) on a bright white
	// background, SGR 30 and 107, on every cell.
	ANSI16
	// ANSI256 forces #000000 on #ffffff from the 256-colour cube (16 and
	// 231), which themes leave alone, on every cell.
	ANSI256
)

// The escapes that colour a row of cells, and end it.
const (
	sgr16  = "\x1b[30;107m"
	sgr256 = "\x1b[38;5;16;48;5;231m"
	reset  = "\x1b[0m"
)

// Code is an encoded QR code.
type Code struct{ c *qr.Code }

// Encode encodes text at error correction M (15% of the code may be lost).
func Encode(text string) (*Code, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, err
	}
	return &Code{c}, nil
}

// Size is the number of modules on a side, without the quiet zone.
func (c *Code) Size() int { return c.c.Size }

// Cells is the size of the code drawn with quiet light modules on every
// side: one column a module, one row two modules (the bottom quiet zone
// takes one more module when the count is odd).
func (c *Code) Cells(quiet int) (w, h int) {
	n := c.c.Size + 2*quiet
	return n, (n + 1) / 2
}

// Lines draws the code with quiet light modules on every side, one string
// a row of cells, coloured as col says.
func (c *Code) Lines(quiet int, col Colours) []string {
	w, h := c.Cells(quiet)
	// dark reports whether the module at (x, y) of the drawing is dark;
	// the quiet zone is light.
	dark := func(x, y int) bool { return c.c.Black(x-quiet, y-quiet) }
	start := ""
	switch col {
	case ANSI16:
		start = sgr16
	case ANSI256:
		start = sgr256
	}
	// The glyph covers the dark modules when colours are forced (black on
	// white), the light ones when they are not (the terminal's text on its
	// background).
	glyphDark := col != Plain
	lines := make([]string, h)
	var b strings.Builder
	for row := range h {
		b.Reset()
		b.WriteString(start)
		for x := range w {
			top, bottom := dark(x, 2*row) == glyphDark, dark(x, 2*row+1) == glyphDark
			switch {
			case top && bottom:
				b.WriteRune('█')
			case top:
				b.WriteRune('▀')
			case bottom:
				b.WriteRune('▄')
			default:
				b.WriteByte(' ')
			}
		}
		if start != "" {
			b.WriteString(reset)
		}
		lines[row] = b.String()
	}
	return lines
}
