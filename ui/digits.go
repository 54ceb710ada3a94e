package ui

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
)

// GlyphsFile is where the big digits live in the assets file system.
const GlyphsFile = "glyphs/digits.txt"

// glyphRows is how tall one big digit is.
const glyphRows = 5

// Glyphs are the big digits 0–9, each glyphRows rows of equal width.
type Glyphs struct {
	digits [10][glyphRows]string
	width  int
}

// LoadGlyphs reads the big digits from fsys.
func LoadGlyphs(fsys fs.FS) (Glyphs, error) {
	var g Glyphs
	f, err := fsys.Open(GlyphsFile)
	if err != nil {
		return g, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	digit, row := -1, glyphRows
	seen := 0
	for sc.Scan() {
		line := sc.Text()
		if row == glyphRows {
			if line == "" || strings.HasPrefix(line, "#") && len(line) > 1 && line[1] == ' ' {
				continue // comments and blank lines between glyphs
			}
			if len(line) != 1 || line[0] < '0' || line[0] > '9' {
				return g, fmt.Errorf("%s: %q is not a digit heading", GlyphsFile, line)
			}
			digit, row = int(line[0]-'0'), 0
			seen++
			continue
		}
		if g.width == 0 {
			g.width = len(line)
		}
		if len(line) != g.width {
			return g, fmt.Errorf("%s: digit %d row %d is %d wide, want %d", GlyphsFile, digit, row+1, len(line), g.width)
		}
		g.digits[digit][row] = strings.Map(func(r rune) rune {
			if r == '#' {
				return '█'
			}
			return ' '
		}, line)
		row++
	}
	if err := sc.Err(); err != nil {
		return g, err
	}
	if seen != 10 || row != glyphRows {
		return g, fmt.Errorf("%s: want 10 whole digits", GlyphsFile)
	}
	return g, nil
}

// Render draws n in big digits, each cell scale times wide and tall.
func (g Glyphs) Render(n, scale int) string {
	if scale < 1 {
		scale = 1
	}
	s := fmt.Sprint(n)
	var b strings.Builder
	for row := 0; row < glyphRows; row++ {
		var line strings.Builder
		for i, ch := range s {
			if i > 0 {
				line.WriteString(strings.Repeat(" ", scale))
			}
			for _, r := range g.digits[ch-'0'][row] {
				line.WriteString(strings.Repeat(string(r), scale))
			}
		}
		for k := 0; k < scale; k++ {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(line.String())
		}
	}
	return b.String()
}
