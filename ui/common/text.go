package common

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/readout"
)

// WrapLines wraps text to w columns by display width. A non-breaking
// space (keep) holds a choice's key to its name; it is shown as a space.
// A hyphen holds too: "Anne-Marie" stays whole on a line (issue 23); only
// a word wider than w is broken.
func WrapLines(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.ReplaceAll(para, "-", keepHyphen)
		for _, l := range strings.Split(ansi.Wrap(para, w, ""), "\n") {
			out = append(out, strings.ReplaceAll(strings.ReplaceAll(l, Keep, " "), keepHyphen, "-"))
		}
	}
	return out
}

// keepHyphen is a non-breaking hyphen: wrapLines shows it as "-".
const keepHyphen = "\u2011"

// Says puts an action's label after a player's name: "rolls", "draws",
// "types the dice" (readout.Says: the page says it alike).
func Says(label string) string { return readout.Says(label) }

// Keep is a non-breaking space: wrapLines never breaks a line there.
const Keep = "\u00a0"

// Choice is a key and what it picks, kept on one line when wrapped.
func Choice(parts ...string) string {
	if len(parts) == 1 && !strings.Contains(parts[0], " ") {
		return parts[0]
	}
	n := 0 // the parts joined by keep, their spaces keep too: built once
	for i, p := range parts {
		if i > 0 {
			n += len(Keep)
		}
		n += len(p) + strings.Count(p, " ")*(len(Keep)-1)
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(Keep)
		}
		for j := strings.IndexByte(p, ' '); j >= 0; j = strings.IndexByte(p, ' ') {
			b.WriteString(p[:j])
			b.WriteString(Keep)
			p = p[j+1:]
		}
		b.WriteString(p)
	}
	return b.String()
}

// KeyTo is a key and what it takes, the key kept on a line with the first
// word only: a list of long names wraps at its words (issue 30).
func KeyTo(key, what string) string {
	first, rest, _ := strings.Cut(what, " ")
	if rest != "" {
		rest = " " + rest
	}
	return Choice(key, first) + rest
}

// Capital is s with its first letter upper case: an action's label as a
// title ("Look at the stack").
func Capital(s string) string { return readout.Capital(s) }

// FitLine fits a one-line text of parts into w columns without cutting a
// word: a closing "(…)" aside goes first, then " · " parts from the end;
// only a part alone wider than w is cut, at a word, with "…".
func FitLine(line string, w int) string {
	for CellWidth(line) > w {
		switch {
		case strings.HasSuffix(line, ")") && strings.LastIndex(line, " (") > 0:
			line = line[:strings.LastIndex(line, " (")]
		case strings.LastIndex(line, " · ") > 0:
			line = line[:strings.LastIndex(line, " · ")]
		default:
			return WrapLines(line, max(w-2, 1))[0] + " …"
		}
	}
	return line
}

// NameWidth is the player column's width in display cells.
const NameWidth = 12

// PadName cuts or pads a name to w display cells, so columns stay aligned
// with wide characters and emoji.
func PadName(name string, w int) string {
	if CellWidth(name) > w {
		name = ansi.Truncate(name, w, "…")
	}
	return name + strings.Repeat(" ", w-CellWidth(name))
}

// Plural says a count with its noun: "1 turn", "2 turns".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
