package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/readout"
)

// wrapLines wraps text to w columns by display width. A non-breaking
// space (keep) holds a choice's key to its name; it is shown as a space.
// A hyphen holds too: "Anne-Marie" stays whole on a line (issue 23); only
// a word wider than w is broken.
func wrapLines(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.ReplaceAll(para, "-", keepHyphen)
		for _, l := range strings.Split(ansi.Wrap(para, w, ""), "\n") {
			out = append(out, strings.ReplaceAll(strings.ReplaceAll(l, keep, " "), keepHyphen, "-"))
		}
	}
	return out
}

// keepHyphen is a non-breaking hyphen: wrapLines shows it as "-".
const keepHyphen = "\u2011"

// says puts an action's label after a player's name: "rolls", "draws",
// "types the dice" (readout.Says: the page says it alike).
func says(label string) string { return readout.Says(label) }

// keep is a non-breaking space: wrapLines never breaks a line there.
const keep = "\u00a0"

// choice is a key and what it picks, kept on one line when wrapped.
func choice(parts ...string) string {
	if len(parts) == 1 && !strings.Contains(parts[0], " ") {
		return parts[0]
	}
	n := 0 // the parts joined by keep, their spaces keep too: built once
	for i, p := range parts {
		if i > 0 {
			n += len(keep)
		}
		n += len(p) + strings.Count(p, " ")*(len(keep)-1)
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(keep)
		}
		for j := strings.IndexByte(p, ' '); j >= 0; j = strings.IndexByte(p, ' ') {
			b.WriteString(p[:j])
			b.WriteString(keep)
			p = p[j+1:]
		}
		b.WriteString(p)
	}
	return b.String()
}

// keyTo is a key and what it takes, the key kept on a line with the first
// word only: a list of long names wraps at its words (issue 30).
func keyTo(key, what string) string {
	first, rest, _ := strings.Cut(what, " ")
	if rest != "" {
		rest = " " + rest
	}
	return choice(key, first) + rest
}

// capital is s with its first letter upper case: an action's label as a
// title ("Look at the stack").
func capital(s string) string { return readout.Capital(s) }

// fitLine fits a one-line text of parts into w columns without cutting a
// word: a closing "(…)" aside goes first, then " · " parts from the end;
// only a part alone wider than w is cut, at a word, with "…".
func fitLine(line string, w int) string {
	for cellWidth(line) > w {
		switch {
		case strings.HasSuffix(line, ")") && strings.LastIndex(line, " (") > 0:
			line = line[:strings.LastIndex(line, " (")]
		case strings.LastIndex(line, " · ") > 0:
			line = line[:strings.LastIndex(line, " · ")]
		default:
			return wrapLines(line, max(w-2, 1))[0] + " …"
		}
	}
	return line
}

// nameWidth is the player column's width in display cells.
const nameWidth = 12

// padName cuts or pads a name to w display cells, so columns stay aligned
// with wide characters and emoji.
func padName(name string, w int) string {
	if cellWidth(name) > w {
		name = ansi.Truncate(name, w, "…")
	}
	return name + strings.Repeat(" ", w-cellWidth(name))
}

// plural says a count with its noun: "1 turn", "2 turns".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
