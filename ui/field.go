package ui

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// field is a one-line text field: the names in setup, a player's name, the
// reference's filter. bubbles/textinput would do, but it links
// atotto/clipboard, whose init searches PATH for four clipboard programs on
// every start, `eventdeck draw` included (issue 12); a terminal's paste
// arrives as keys anyway. The cursor never blinks: nothing moves on a
// screen read from across the table.
type field struct {
	prompt      string // shown before the text
	placeholder string // shown while the text is empty
	limit       int    // the most runes the text takes; 0 for no limit
	lineBreak   string // what a pasted line break becomes; "" for a space
	value       []rune
	pos         int // the cursor, a rune index in 0..len(value)
	focused     bool
}

// Value is the text typed.
func (f field) Value() string { return string(f.value) }

// SetValue replaces the text, cut to the limit, with the cursor at its end.
func (f *field) SetValue(s string) {
	f.value = f.clean([]rune(s))
	f.pos = len(f.value)
}

// CursorEnd moves the cursor after the last rune.
func (f *field) CursorEnd() { f.pos = len(f.value) }

// Focus shows the cursor and lets Update type.
func (f *field) Focus() { f.focused = true }

// Blur hides the cursor; Update then ignores keys.
func (f *field) Blur() { f.focused = false }

// clean keeps what one line can hold: a tab becomes a space, a line break
// (\n, \r or \r\n) becomes lineBreak, other control characters go.
func (f field) clean(rs []rune) []rune {
	brk := []rune(f.lineBreak)
	if len(brk) == 0 {
		brk = []rune{' '}
	}
	out := make([]rune, 0, len(rs))
	for i, r := range rs {
		switch {
		case r == '\t':
			out = append(out, ' ')
		case r == '\r' && i+1 < len(rs) && rs[i+1] == '\n': // the \n that follows breaks the line
		case r == '\n' || r == '\r':
			out = append(out, brk...)
		case unicode.IsControl(r):
		default:
			out = append(out, r)
		}
	}
	return out
}

// insert types rs at the cursor, as far as the limit lets.
func (f *field) insert(rs []rune) {
	rs = f.clean(rs)
	if f.limit > 0 {
		rs = rs[:min(len(rs), max(0, f.limit-len(f.value)))]
	}
	// A new slice each time: models are copied, and a copy must not see
	// another's edits.
	v := make([]rune, 0, len(f.value)+len(rs))
	v = append(append(append(v, f.value[:f.pos]...), rs...), f.value[f.pos:]...)
	f.value, f.pos = v, f.pos+len(rs)
}

// cut removes the runes from a to b.
func (f *field) cut(a, b int) {
	v := make([]rune, 0, len(f.value)-(b-a))
	f.value, f.pos = append(append(v, f.value[:a]...), f.value[b:]...), a
}

// wordLeft is where the word before the cursor starts.
func (f field) wordLeft() int {
	i := f.pos
	for i > 0 && unicode.IsSpace(f.value[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(f.value[i-1]) {
		i--
	}
	return i
}

// wordRight is where the word after the cursor ends.
func (f field) wordRight() int {
	i := f.pos
	for i < len(f.value) && unicode.IsSpace(f.value[i]) {
		i++
	}
	for i < len(f.value) && !unicode.IsSpace(f.value[i]) {
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
			f.insert([]rune{' '})
			break
		}
		f.insert(km.Runes)
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
// the cursor shown on the rune under it (a space after the end); while
// empty, the placeholder in st.Dim. A text too long to fit shows the part
// around the cursor, with "…" where it is cut.
func (f field) View(st Styles, width int) string {
	var b strings.Builder
	b.WriteString(f.prompt)
	cursor := func(s string) string {
		if f.focused {
			return st.Cursor.Render(s)
		}
		return s
	}
	if len(f.value) == 0 && f.placeholder != "" {
		p := f.placeholder
		if width > 0 {
			p = ansi.Truncate(p, max(width-ansi.StringWidth(f.prompt), 1), "…")
		}
		first := []rune(p)[:1]
		b.WriteString(cursor(string(first)))
		b.WriteString(st.Dim.Render(p[len(string(first)):]))
		return b.String()
	}
	lo, hi := 0, len(f.value)
	if width > 0 {
		lo, hi = f.window(width - ansi.StringWidth(f.prompt))
	}
	if lo > 0 {
		b.WriteString("…")
	}
	b.WriteString(string(f.value[lo:f.pos]))
	if f.pos < len(f.value) {
		b.WriteString(cursor(string(f.value[f.pos])))
		b.WriteString(string(f.value[f.pos+1 : hi]))
	} else {
		b.WriteString(cursor(" "))
	}
	if hi < len(f.value) {
		b.WriteString("…")
	}
	return b.String()
}

// window is the runes lo..hi to show in room columns: all of them if they
// fit (with the cursor's cell after the end), else as many as fit around
// the cursor, the text before it first, leaving a column for each "…".
func (f field) window(room int) (lo, hi int) {
	w := func(i int) int {
		if i == len(f.value) {
			return 1 // the cursor after the end
		}
		return ansi.StringWidth(string(f.value[i]))
	}
	total := 0
	for i := 0; i <= len(f.value); i++ {
		total += w(i)
	}
	if total <= room {
		return 0, len(f.value)
	}
	room -= 2 // a "…" on each side at most
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
