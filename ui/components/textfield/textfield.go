package textfield

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/rivo/uniseg"

	"github.com/eventdeck/eventdeck/ui/common"
)

// Model is a one-line text field, a bubbles textinput: the names in
// setup, a player's name, the reference's filter. Around it, what names
// need: a limit counted in what a reader sees as one character (a
// grapheme cluster: "ë" written as e and an accent, an emoji with its
// variation selector), the cursor and the deletes stepping over whole
// characters, and a pasted line break turned into lineBreak, so that a
// pasted list of names, a name a line, becomes "Ann, Bob". The cursor
// never blinks: nothing moves on a screen read from across the table.
type Model struct {
	textinput.Model
	limit     int    // the most characters the text takes; 0 for no limit
	lineBreak string // what a pasted line break becomes; "" for a space
}

// New is a field with prompt, placeholder and limit, drawn in st.
func New(st common.Styles, prompt, placeholder string, limit int, lineBreak string) Model {
	in := textinput.New()
	in.Prompt, in.Placeholder = prompt, placeholder
	in.PlaceholderStyle = st.Dim
	in.Cursor.Style = st.Cursor
	in.Cursor.SetMode(cursor.CursorStatic)
	// ctrl+v would read the clipboard of the machine eventdeck runs on,
	// a server's with eventdeck serve; a terminal's paste arrives as keys.
	in.KeyMap.Paste.SetEnabled(false)
	in.KeyMap.AcceptSuggestion.SetEnabled(false)
	return Model{Model: in, limit: limit, lineBreak: lineBreak}
}

// SetValue replaces the text, cut to the limit, with the cursor at its end.
func (f *Model) SetValue(s string) {
	f.Model.SetValue(f.fit(f.clean(s), 0))
	f.CursorEnd()
}

// clean keeps what one line can hold (oneLine), a line break becoming
// the field's lineBreak.
func (f Model) clean(s string) string { return oneLine(s, f.lineBreak) }

// oneLine keeps what one line can hold: a tab becomes a space, line breaks
// (\n, \r, \r\n, U+2028, U+2029, blank lines between) become one brk (""
// for a space), and what may not be typed (typable) goes.
func oneLine(s, brk string) string {
	if brk == "" {
		brk = " "
	}
	var b strings.Builder
	broken := false // the last thing written was a break
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if !broken {
				b.WriteString(brk)
			}
			broken = true
			continue
		case r == '\t':
			b.WriteByte(' ')
		case typable(r):
			b.WriteRune(r)
		}
		broken = false
	}
	return b.String()
}

// typable reports whether r may reach a field, and so the terminal, as
// typed or pasted: not a control character (C0, DEL, C1), not a format
// character, which shows nothing and may turn the text around (the bidi
// controls U+202E, U+2067, U+200F… that deck.CheckName refuses, the
// zero-width space, the byte-order mark), but the joiners that emoji and
// some scripts need (U+200C, U+200D) and the tags of flag emoji.
func typable(r rune) bool {
	switch {
	case unicode.IsControl(r), r == utf8.RuneError:
		return false
	case r == '\u200C' || r == '\u200D', r >= '\U000E0020' && r <= '\U000E007F':
		return true
	}
	return !unicode.Is(unicode.Cf, r)
}

// fit cuts s to the characters the limit leaves beside used ones.
func (f Model) fit(s string, used int) string {
	if f.limit <= 0 {
		return s
	}
	room, state, cut := max(f.limit-used, 0), -1, 0
	for rest := s; rest != "" && room > 0; room-- {
		var c string
		c, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		cut += len(c)
	}
	return s[:cut]
}

// step is the cursor's position one whole character to the left (dir -1)
// or right (+1), in runes as textinput counts them.
func (f Model) step(dir int) int {
	pos, at, state := f.Position(), 0, -1
	for rest := f.Value(); rest != ""; {
		var c string
		c, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		next := at + len([]rune(c))
		if dir < 0 && next >= pos {
			return at
		}
		if dir > 0 && next > pos {
			return next
		}
		at = next
	}
	return at
}

// cut removes the runes from a to b and puts the cursor at a.
func (f *Model) cut(a, b int) {
	r := []rune(f.Value())
	f.Model.SetValue(string(r[:a]) + string(r[b:]))
	f.SetCursor(a)
}

// Update types a key into the field with textinput's line-editing keys;
// text typed or pasted is cleaned and cut to the limit first, and ←/→,
// backspace and delete take whole characters.
func (f Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || !f.Focused() {
		return f, nil
	}
	k := f.KeyMap
	switch {
	case km.Type == tea.KeySpace || km.Type == tea.KeyRunes && (km.Paste || !km.Alt):
		s := f.fit(f.clean(string(km.Runes)), uniseg.GraphemeClusterCount(f.Value()))
		if km.Type == tea.KeySpace {
			s = f.fit(" ", uniseg.GraphemeClusterCount(f.Value()))
		}
		f.Model.SetValue(f.Value()) // a fresh copy: a copied field keeps its text
		km = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
	case km.Type == tea.KeyRunes: // alt+runes: textinput's word keys, or typed all the same
		if km.Runes = []rune(f.clean(string(km.Runes))); len(km.Runes) == 0 {
			return f, nil
		}
	case key.Matches(km, k.CharacterBackward) && !km.Alt:
		f.SetCursor(f.step(-1))
		return f, nil
	case key.Matches(km, k.CharacterForward) && !km.Alt:
		f.SetCursor(f.step(1))
		return f, nil
	case key.Matches(km, k.DeleteCharacterBackward) && !km.Alt:
		f.cut(f.step(-1), f.Position())
		return f, nil
	case key.Matches(km, k.DeleteCharacterForward) && !km.Alt:
		f.cut(f.Position(), f.step(1))
		return f, nil
	}
	var cmd tea.Cmd
	f.Model, cmd = f.Model.Update(km)
	return f, cmd
}

// SetWidth gives the field width columns, the prompt's included (0: no
// limit): a text too long shows the part around the cursor.
func (f *Model) SetWidth(width int) {
	w := 0
	if width > 0 {
		w = max(width-lipgloss.Width(f.Prompt)-1, 1) // a cell for the cursor at the end
	}
	if w == f.Width {
		return
	}
	pos := f.Position()
	f.Width = 0
	f.SetCursor(0) // textinput forgets its window…
	f.Width = w
	f.CursorEnd() // …and lays it out again, to the end, then to the cursor
	f.SetCursor(pos)
}
