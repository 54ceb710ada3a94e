package deck

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Every text that comes from outside (a player's name, a card file, a save)
// is checked here before it is kept or shown: a terminal obeys control
// characters and escape sequences (a window title, a cleared screen), and
// bidi controls make text read in another order than it is written.

// MaxName is the most characters a player's name takes: names stand in
// the table's columns.
const MaxName = 24

// MaxText is the most characters one text of a save may hold (a table
// note, an answer in words, an option's value): more than any screen line.
const MaxText = 200

// CheckName says why name cannot be a player's, or nil: it is empty, longer
// than MaxName, holds a character a terminal would obey (see CheckText), or
// holds a comma or a colon, which separate names and pick colours in setup
// and --players ("Ann:blue, Bob").
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a name cannot be empty")
	case utf8.RuneCountInString(name) > MaxName:
		return fmt.Errorf("%s is longer than %d characters", Quote(name), MaxName)
	}
	if err := CheckText(name); err != nil {
		return fmt.Errorf("the name %s %w", Quote(name), err)
	}
	if err := checkShown(name); err != nil {
		return err
	}
	switch {
	case strings.Contains(name, ","):
		return fmt.Errorf("%s holds a comma, which separates names", Quote(name))
	case strings.Contains(name, ":"):
		return fmt.Errorf("%s holds a colon, which picks a colour in setup", Quote(name))
	}
	return nil
}

// checkShown says why name, text a terminal may show, still cannot stand
// in the table's columns: no character of it can be seen (zero-width
// spaces, joiners, fillers: a player nobody could read), it holds a
// byte-order mark (invisible, and a copy from a file's start), or it takes
// more than MaxName columns (fullwidth letters take two each).
func checkShown(name string) error {
	switch {
	case strings.ContainsRune(name, '\uFEFF'):
		return fmt.Errorf("%s holds a byte-order mark (U+FEFF), which cannot be seen", Quote(name))
	case !strings.ContainsFunc(name, func(r rune) bool { return !invisible(r) }):
		return fmt.Errorf("%s has no character that can be seen", Quote(name))
	case ansi.StringWidth(name) > MaxName:
		return fmt.Errorf("%s is wider than %d columns (%d)", Quote(name), MaxName, ansi.StringWidth(name))
	}
	return nil
}

// invisible reports whether r shows nothing on its own: a space, a
// format character (zero-width space, joiners, the byte-order mark), a
// combining mark or variation selector, or a letter drawn blank (Hangul
// fillers, the blank Braille pattern).
func invisible(r rune) bool {
	switch r {
	case '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800':
		return true
	}
	return unicode.IsSpace(r) || unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me)
}

// CheckText says why s cannot be shown as one line of text, or nil: it is
// not UTF-8, or holds a control character (C0, DEL, C1: tabs, line breaks,
// the escape that starts a terminal sequence), a line or paragraph
// separator, or a bidi control. The error reads after the text's name:
// "the title holds a control character (U+001B)".
func CheckText(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("is not UTF-8 text")
	}
	for _, r := range s {
		if what := unsafeRune(r); what != "" {
			return fmt.Errorf("holds %s (U+%04X)", what, r)
		}
	}
	return nil
}

// unsafeRune names what r is when a terminal or a reader must not get it,
// or "" when r may be shown.
func unsafeRune(r rune) string {
	switch {
	case unicode.IsControl(r): // C0, DEL and C1
		return "a control character"
	case r == '\u2028' || r == '\u2029':
		return "a line break"
	case isBidi(r):
		return "a bidi control"
	}
	return ""
}

// isBidi reports whether r changes the direction text is shown in: the
// marks, embeddings, overrides and isolates of Unicode's bidi algorithm.
func isBidi(r rune) bool {
	return r == '\u061C' || r == '\u200E' || r == '\u200F' ||
		r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069'
}

// Printable is s with every character CheckText refuses replaced by U+FFFD,
// and invalid UTF-8 too: the last guard where text leaves eventdeck (an
// export), for text that should have been refused before.
func Printable(s string) string {
	if CheckText(s) == nil {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unsafeRune(r) != "" {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, string(utf8.RuneError)))
}

// Quote is s quoted for a one-line message: Go's quoting escapes every
// control character, and a long text is cut to its first MaxName
// characters.
func Quote(s string) string {
	if utf8.RuneCountInString(s) > MaxName {
		return strconv.Quote(string([]rune(s)[:MaxName])) + "…"
	}
	return strconv.Quote(s)
}
