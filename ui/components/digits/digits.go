package digits

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
)

// File is where the big digits live in the assets file system.
const File = "glyphs/digits.txt"

// GlyphRows is how tall one big digit is.
const GlyphRows = 5

// Glyphs are the big digits 0–9, each GlyphRows rows of equal width.
type Glyphs struct {
	digits [10][GlyphRows]string
	Width  int // the width of one digit, in columns
}

// Load reads the big digits from fsys.
func Load(fsys fs.FS) (Glyphs, error) {
	var g Glyphs
	f, err := fsys.Open(File)
	if err != nil {
		return g, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	digit, row := -1, GlyphRows
	seen := 0
	for sc.Scan() {
		line := sc.Text()
		if row == GlyphRows {
			if line == "" || strings.HasPrefix(line, "#") && len(line) > 1 && line[1] == ' ' {
				continue // comments and blank lines between glyphs
			}
			if len(line) != 1 || line[0] < '0' || line[0] > '9' {
				return g, fmt.Errorf("%s: %q is not a digit heading", File, line)
			}
			digit, row = int(line[0]-'0'), 0
			seen++
			continue
		}
		if g.Width == 0 {
			g.Width = len(line)
		}
		if len(line) != g.Width {
			return g, fmt.Errorf("%s: digit %d row %d is %d wide, want %d", File, digit, row+1, len(line), g.Width)
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
	if seen != 10 || row != GlyphRows {
		return g, fmt.Errorf("%s: want 10 whole digits", File)
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
	for row := 0; row < GlyphRows; row++ {
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
