// Package qrtest reads a QR code back from a terminal's cells, for tests:
// the cells (with the escapes that coloured them, as tmux capture-pane -e
// gives them) become an image, each cell one module wide and two tall,
// and a QR decoder reads it.
package qrtest

import (
	"image"
	"image/color"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// A terminal's default colours, as a dark theme has them: the cells no
// escape colours are read so.
const (
	defaultFG = 0xd0
	defaultBG = 0x00
)

// Cell is one terminal cell: its character and the grey its foreground
// and background show.
type Cell struct {
	R        rune
	FG, BG   uint8
	ForcedBG bool // an escape set the background (not the terminal's default)
}

// Parse reads lines of text with SGR escapes into cells.
func Parse(lines []string) [][]Cell {
	out := make([][]Cell, len(lines))
	for i, l := range lines {
		fg, bg, forced := uint8(defaultFG), uint8(defaultBG), false
		for len(l) > 0 {
			if strings.HasPrefix(l, "\x1b[") {
				end := strings.IndexFunc(l[2:], func(r rune) bool { return r >= 0x40 && r <= 0x7e })
				if end < 0 {
					break
				}
				if l[2+end] == 'm' {
					fg, bg, forced = sgr(l[2:2+end], fg, bg, forced)
				}
				l = l[3+end:]
				continue
			}
			r, n := utf8.DecodeRuneInString(l)
			out[i] = append(out[i], Cell{R: r, FG: fg, BG: bg, ForcedBG: forced})
			l = l[n:]
		}
	}
	return out
}

// sgr applies one escape's parameters to the colours.
func sgr(params string, fg, bg uint8, forced bool) (uint8, uint8, bool) {
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			fg, bg, forced = defaultFG, defaultBG, false
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			fg = basic(n%10, n >= 90)
		case n == 39:
			fg = defaultFG
		case n >= 40 && n <= 47, n >= 100 && n <= 107:
			bg, forced = basic(n%10, n >= 100), true
		case n == 49:
			bg, forced = defaultBG, false
		case (n == 38 || n == 48) && i+2 < len(ps) && ps[i+1] == "5":
			c, _ := strconv.Atoi(ps[i+2])
			i += 2
			if n == 38 {
				fg = indexed(c)
			} else {
				bg, forced = indexed(c), true
			}
		case (n == 38 || n == 48) && i+4 < len(ps) && ps[i+1] == "2":
			r, _ := strconv.Atoi(ps[i+2])
			g, _ := strconv.Atoi(ps[i+3])
			b, _ := strconv.Atoi(ps[i+4])
			i += 4
			if n == 38 {
				fg = grey(r, g, b)
			} else {
				bg, forced = grey(r, g, b), true
			}
		}
	}
	return fg, bg, forced
}

// basic is the grey of one of the 16 colours.
func basic(c int, bright bool) uint8 {
	switch {
	case c == 0 && !bright:
		return 0
	case c == 7 && bright:
		return 0xff
	case c == 7:
		return 0xc0
	case bright:
		return 0xa0
	}
	return 0x60
}

// indexed is the grey of a colour of the 256.
func indexed(c int) uint8 {
	switch {
	case c < 16:
		return basic(c%8, c >= 8)
	case c < 232:
		c -= 16
		steps := []int{0, 95, 135, 175, 215, 255}
		return grey(steps[c/36], steps[c/6%6], steps[c%6])
	}
	return uint8(8 + 10*(c-232))
}

func grey(r, g, b int) uint8 { return uint8((299*r + 587*g + 114*b) / 1000) }

// Forced is the smallest box of cells that holds every cell with a
// forced light background: the code as drawn with forced colours, cut
// from a screen with other text about it.
func Forced(cells [][]Cell) [][]Cell {
	top, bottom, left, right := -1, -1, -1, -1
	for y, row := range cells {
		for x, c := range row {
			if !c.ForcedBG || c.BG < 0x80 {
				continue
			}
			if top < 0 {
				top = y
			}
			bottom = y
			if left < 0 || x < left {
				left = x
			}
			right = max(right, x)
		}
	}
	if top < 0 {
		return nil
	}
	out := make([][]Cell, 0, bottom-top+1)
	for _, row := range cells[top : bottom+1] {
		out = append(out, row[left:min(right+1, len(row))])
	}
	return out
}

// Image draws cells as modules of scale pixels: each cell's top half and
// bottom half are its glyph's colour where the half-block covers them,
// its background's elsewhere. A light margin of 4 modules surrounds it.
func Image(cells [][]Cell, scale int) image.Image {
	w := 0
	for _, row := range cells {
		w = max(w, len(row))
	}
	const margin = 4
	img := image.NewGray(image.Rect(0, 0, (w+2*margin)*scale, (2*len(cells)+2*margin)*scale))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y, row := range cells {
		for x, c := range row {
			top, bottom := c.BG, c.BG
			switch c.R {
			case '█':
				top, bottom = c.FG, c.FG
			case '▀':
				top = c.FG
			case '▄':
				bottom = c.FG
			}
			for half, g := range []uint8{top, bottom} {
				for dy := range scale {
					for dx := range scale {
						img.SetGray((x+margin)*scale+dx, (2*y+half+margin)*scale+dy, color.Gray{Y: g})
					}
				}
			}
		}
	}
	return img
}

// Decode reads the QR code in img.
func Decode(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}

// Read decodes the code drawn in lines (with or without escapes).
func Read(lines []string) (string, error) { return Decode(Image(Parse(lines), 4)) }
