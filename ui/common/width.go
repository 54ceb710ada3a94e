package common

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// CellWidth is how many terminal cells s takes, as ansi.StringWidth says,
// with a fast path for what the table draws on every frame: escape
// sequences and characters that each take one cell (ASCII, Latin letters,
// punctuation, arrows, box drawing, blocks, shapes) are counted without
// segmenting graphemes. Anything else (a wide or combining character, an
// emoji, a joiner) goes to ansi.StringWidth, so the answer is the same.
func CellWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			j := skipEscape(s, i)
			if j < 0 {
				return ansi.StringWidth(s)
			}
			i = j
			continue
		case c < 0x20 || c == 0x7f:
			return ansi.StringWidth(s)
		case c < utf8.RuneSelf:
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !oneCell(r) {
			return ansi.StringWidth(s)
		}
		n++
		i += size
	}
	return n
}

// skipEscape is the index after the CSI (ESC [ … final) or OSC (ESC ] …
// BEL or ESC \) sequence at s[i], or -1 for any other.
func skipEscape(s string, i int) int {
	if i+1 >= len(s) {
		return -1
	}
	switch s[i+1] {
	case '[':
		for j := i + 2; j < len(s); j++ {
			switch c := s[j]; {
			case c >= 0x40 && c <= 0x7e:
				return j + 1
			case c < 0x20 || c > 0x3f && c < 0x40:
				return -1
			}
		}
	case ']':
		for j := i + 2; j < len(s); j++ {
			switch s[j] {
			case 0x07:
				return j + 1
			case 0x1b:
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2
				}
				return -1
			}
		}
	}
	return -1
}

// oneCell reports whether r alone takes one cell and never joins another
// character into one: Latin letters and signs, general punctuation,
// arrows, box drawing, blocks and geometric shapes (less the two shapes
// shown as emoji), ✓ and ✗.
func oneCell(r rune) bool {
	switch {
	case r >= 0xa0 && r <= 0x2ff:
		return r != 0xad // a soft hyphen takes none
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205e:
		return true
	case r >= 0x2190 && r <= 0x21ff:
		return true
	case r >= 0x2500 && r <= 0x25ff:
		return r != 0x25fd && r != 0x25fe
	case r == 0x2713, r == 0x2717:
		return true
	}
	return false
}
