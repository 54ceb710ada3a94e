package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// field is a one-line text field: the names in setup, a player's name, the
// reference's filter. bubbles/textinput would do, but it links
// atotto/clipboard, whose init searches PATH for four clipboard programs on
// every start, `eventdeck draw` included (issue 12); a terminal's paste
// arrives as keys anyway. The cursor never blinks: nothing moves on a
// screen read from across the table.
//
// The text is kept as grapheme clusters, what a reader sees as one
// character ("é" written as e and an accent, an emoji with its variation
// selector): the cursor moves, deletes and measures by them.
type field struct {
	prompt      string // shown before the text
	placeholder string // shown while the text is empty
	limit       int    // the most runes the text takes; 0 for no limit
	lineBreak   string // what a pasted line break becomes; "" for a space
	value       []string
	pos         int // the cursor, a cluster index in 0..len(value)
	focused     bool
}

// clusters splits s into grapheme clusters.
func clusters(s string) []string {
	var out []string
	state := -1
	for s != "" {
		var c string
		c, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		out = append(out, c)
	}
	return out
}

// Value is the text typed.
func (f field) Value() string { return strings.Join(f.value, "") }

// SetValue replaces the text, cut to the limit, with the cursor at its end.
func (f *field) SetValue(s string) {
	f.value, f.pos = nil, 0
	f.insert(s)
}

// CursorEnd moves the cursor after the last character.
func (f *field) CursorEnd() { f.pos = len(f.value) }

// Focus shows the cursor and lets Update type.
func (f *field) Focus() { f.focused = true }

// Blur hides the cursor; Update then ignores keys.
func (f *field) Blur() { f.focused = false }

// clean keeps what one line can hold: a tab becomes a space, line breaks
// (\n, \r, \r\n, blank lines between) become one lineBreak, other
// control characters go.
func (f field) clean(s string) string {
	brk := f.lineBreak
	if brk == "" {
		brk = " "
	}
	var b strings.Builder
	broken := false // the last thing written was a break
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			if !broken {
				b.WriteString(brk)
			}
			broken = true
			continue
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r):
			continue
		default:
			b.WriteRune(r)
		}
		broken = false
	}
	return b.String()
}

// edit replaces the characters from a to b with s and puts the cursor
// after s. The text is split again: an accent typed after a letter joins
// it. Each edit makes a new slice, so a copy of the field (models are
// copied) never sees another's edits.
func (f *field) edit(a, b int, s string) {
	before := strings.Join(f.value[:a], "") + s
	f.value = clusters(before + strings.Join(f.value[b:], ""))
	f.pos = 0
	for n := 0; f.pos < len(f.value) && n < len(before); f.pos++ {
		n += len(f.value[f.pos])
	}
}

// insert types s at the cursor, as far as the limit lets.
func (f *field) insert(s string) {
	s = f.clean(s)
	if f.limit > 0 {
		room := max(0, f.limit-utf8.RuneCountInString(f.Value()))
		if utf8.RuneCountInString(s) > room {
			s = string([]rune(s)[:room])
		}
	}
	f.edit(f.pos, f.pos, s)
}

// cut removes the characters from a to b.
func (f *field) cut(a, b int) { f.edit(a, b, "") }

// space reports whether character i is a space.
func (f field) space(i int) bool {
	r, _ := utf8.DecodeRuneInString(f.value[i])
	return unicode.IsSpace(r)
}

// wordLeft is where the word before the cursor starts.
func (f field) wordLeft() int {
	i := f.pos
	for i > 0 && f.space(i-1) {
		i--
	}
	for i > 0 && !f.space(i-1) {
		i--
	}
	return i
}

// wordRight is where the word after the cursor ends.
func (f field) wordRight() int {
	i := f.pos
	for i < len(f.value) && f.space(i) {
		i++
	}
	for i < len(f.value) && !f.space(i) {
		i++
	}
	return i
}

// Update types a key into the field: letters and pastes insert; the
// usual line-editing keys move and delete (backspace or ctrl+h, delete or
// ctrl+d, ←/→, alt+←/→ or alt+b/alt+f by word, home/end or
// ctrl+a/ctrl+e, ctrl+u and ctrl+k to either end, ctrl+w or alt+backspace
// a word back, alt+d a word on).
func (f field) Update(msg tea.Msg) (field, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || !f.focused {
		return f, nil
	}
	switch km.Type {
	case tea.KeyRunes, tea.KeySpace:
		if km.Alt && !km.Paste {
			switch string(km.Runes) {
			case "b":
				f.pos = f.wordLeft()
			case "f":
				f.pos = f.wordRight()
			case "d":
				f.cut(f.pos, f.wordRight())
			}
			break
		}
		if km.Type == tea.KeySpace {
			f.insert(" ")
			break
		}
		f.insert(string(km.Runes))
	case tea.KeyBackspace, tea.KeyCtrlH:
		if km.Alt {
			f.cut(f.wordLeft(), f.pos)
		} else if f.pos > 0 {
			f.cut(f.pos-1, f.pos)
		}
	case tea.KeyCtrlW:
		f.cut(f.wordLeft(), f.pos)
	case tea.KeyDelete, tea.KeyCtrlD:
		if f.pos < len(f.value) {
			f.cut(f.pos, f.pos+1)
		}
	case tea.KeyLeft, tea.KeyCtrlB:
		if km.Alt {
			f.pos = f.wordLeft()
		} else if f.pos > 0 {
			f.pos--
		}
	case tea.KeyRight, tea.KeyCtrlF:
		if km.Alt {
			f.pos = f.wordRight()
		} else if f.pos < len(f.value) {
			f.pos++
		}
	case tea.KeyCtrlLeft:
		f.pos = f.wordLeft()
	case tea.KeyCtrlRight:
		f.pos = f.wordRight()
	case tea.KeyHome, tea.KeyCtrlA:
		f.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		f.pos = len(f.value)
	case tea.KeyCtrlU:
		f.cut(0, f.pos)
	case tea.KeyCtrlK:
		f.cut(f.pos, len(f.value))
	}
	return f, nil
}

// View is the prompt and the text in at most width columns (0: no limit),
// the cursor shown on the character under it (a space after the end);
// while empty, the placeholder in st.Dim. A text too long to fit shows the
// part around the cursor, with "…" where it is cut.
func (f field) View(st Styles, width int) string {
	var b strings.Builder
	b.WriteString(f.prompt)
	room := 0 // no limit
	if width > 0 {
		room = max(width-ansi.StringWidth(f.prompt), 1)
	}
	cursor := func(s string) string {
		if f.focused {
			return st.Cursor.Render(s)
		}
		return s
	}
	if len(f.value) == 0 && f.placeholder != "" {
		p := f.placeholder
		if room > 0 {
			p = ansi.Truncate(p, room, "…")
		}
		first := clusters(p)[0]
		b.WriteString(cursor(first))
		b.WriteString(st.Dim.Render(p[len(first):]))
		return b.String()
	}
	lo, hi := f.window(room)
	dots := room == 0 || room >= 3 // a narrower room holds the cursor alone
	if lo > 0 && dots {
		b.WriteString("…")
	}
	b.WriteString(strings.Join(f.value[lo:f.pos], ""))
	if f.pos < len(f.value) {
		b.WriteString(cursor(f.value[f.pos]))
		b.WriteString(strings.Join(f.value[f.pos+1:hi], ""))
	} else {
		b.WriteString(cursor(" "))
	}
	if hi < len(f.value) && dots {
		b.WriteString("…")
	}
	return b.String()
}

// window is the characters lo..hi to show in room columns (0: no limit):
// all of them if they fit (with the cursor's cell after the end), else as
// many as fit around the cursor, the text before it first, leaving a
// column for each "…".
func (f field) window(room int) (lo, hi int) {
	w := func(i int) int {
		if i == len(f.value) {
			return 1 // the cursor after the end
		}
		return ansi.StringWidth(f.value[i])
	}
	total := 0
	for i := 0; i <= len(f.value); i++ {
		total += w(i)
	}
	if room == 0 || total <= room {
		return 0, len(f.value)
	}
	if room >= 3 {
		room -= 2 // a "…" on each side at most
	}
	used := w(f.pos)
	lo, hi = f.pos, min(f.pos+1, len(f.value))
	for lo > 0 && used+w(lo-1) <= room {
		lo--
		used += w(lo)
	}
	for hi < len(f.value) && used+w(hi) <= room {
		used += w(hi)
		hi++
	}
	return lo, hi
}
