package ui

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
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

// clean keeps what one line can hold: tabs and line breaks become spaces,
// other control characters go, and the text stops at the limit room left.
func (f field) clean(rs []rune) []rune {
	out := make([]rune, 0, len(rs))
	for _, r := range rs {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			out = append(out, ' ')
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
// usual line-editing keys move and delete (backspace, delete, ←/→ and
// alt+←/→ by word, home/end or ctrl+a/ctrl+e, ctrl+u and ctrl+k to either
// end, ctrl+w or alt+backspace a word back, alt+d a word on).
func (f field) Update(msg tea.Msg) (field, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || !f.focused {
		return f, nil
	}
	switch km.Type {
	case tea.KeyRunes, tea.KeySpace:
		if km.Alt && string(km.Runes) == "d" {
			f.cut(f.pos, f.wordRight())
			break
		}
		if km.Type == tea.KeySpace {
			f.insert([]rune{' '})
			break
		}
		f.insert(km.Runes)
	case tea.KeyBackspace:
		if km.Alt {
			f.cut(f.wordLeft(), f.pos)
		} else if f.pos > 0 {
			f.cut(f.pos-1, f.pos)
		}
	case tea.KeyCtrlW:
		f.cut(f.wordLeft(), f.pos)
	case tea.KeyDelete:
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

// View is the prompt and the text, the cursor shown on the rune under it
// (a space after the end); while empty, the placeholder in st.Dim.
func (f field) View(st Styles) string {
	var b strings.Builder
	b.WriteString(f.prompt)
	cursor := func(s string) string {
		if f.focused {
			return st.Cursor.Render(s)
		}
		return s
	}
	if len(f.value) == 0 && f.placeholder != "" {
		first := []rune(f.placeholder)[:1]
		b.WriteString(cursor(string(first)))
		b.WriteString(st.Dim.Render(f.placeholder[len(string(first)):]))
		return b.String()
	}
	b.WriteString(string(f.value[:f.pos]))
	if f.pos < len(f.value) {
		b.WriteString(cursor(string(f.value[f.pos])))
		b.WriteString(string(f.value[f.pos+1:]))
	} else {
		b.WriteString(cursor(" "))
	}
	return b.String()
}
