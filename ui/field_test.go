package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func typeKeys(f field, keys ...tea.KeyMsg) field {
	for _, k := range keys {
		f, _ = f.Update(k)
	}
	return f
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

func TestFieldEditsALine(t *testing.T) {
	f := field{limit: 20}
	f.Focus()
	cases := []struct {
		name string
		keys []tea.KeyMsg
		want string
		pos  int
	}{
		{"typing", []tea.KeyMsg{runes("Ann"), {Type: tea.KeySpace}, runes("Bob")}, "Ann Bob", 7},
		{"backspace", []tea.KeyMsg{runes("Annx"), {Type: tea.KeyBackspace}}, "Ann", 3},
		{"insert in the middle", []tea.KeyMsg{runes("An"), {Type: tea.KeyLeft}, runes("n")}, "Ann", 2},
		{"home and delete", []tea.KeyMsg{runes("xAnn"), {Type: tea.KeyHome}, {Type: tea.KeyDelete}}, "Ann", 0},
		{"ctrl+w takes a word", []tea.KeyMsg{runes("Ann, Bob"), {Type: tea.KeyCtrlW}}, "Ann, ", 5},
		{"alt+backspace takes a word", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyBackspace, Alt: true}}, "Ann ", 4},
		{"ctrl+u to the start", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyLeft}, {Type: tea.KeyCtrlU}}, "b", 0},
		{"ctrl+k to the end", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyCtrlA}, {Type: tea.KeyRight}, {Type: tea.KeyCtrlK}}, "A", 1},
		{"alt+← a word back", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyLeft, Alt: true}, runes("x")}, "Ann xBob", 5},
		{"alt+d a word on", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyHome}, {Type: tea.KeyRunes, Runes: []rune("d"), Alt: true}}, " Bob", 0},
		{"a paste's breaks become spaces", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("Ann\nBob\tCy\x07"), Paste: true}}, "Ann Bob Cy", 10},
		{"the limit", []tea.KeyMsg{runes("Annabel, Bartholomew, Cy")}, "Annabel, Bartholomew", 20},
		{"backspace at the start", []tea.KeyMsg{{Type: tea.KeyBackspace}}, "", 0},
	}
	for _, c := range cases {
		got := typeKeys(f, c.keys...)
		if got.Value() != c.want || got.pos != c.pos {
			t.Errorf("%s: %q at %d, want %q at %d", c.name, got.Value(), got.pos, c.want, c.pos)
		}
	}
}

func TestFieldTypesOnlyWhenFocused(t *testing.T) {
	f := field{}
	if f = typeKeys(f, runes("Ann")); f.Value() != "" {
		t.Fatalf("a blurred field took %q", f.Value())
	}
}

func TestFieldCopiesDoNotShareEdits(t *testing.T) {
	f := field{}
	f.Focus()
	f.SetValue("Ann Bob")
	f.pos = 3
	g := typeKeys(f, runes("x"))
	h := typeKeys(f, tea.KeyMsg{Type: tea.KeyBackspace})
	if f.Value() != "Ann Bob" || g.Value() != "Annx Bob" || h.Value() != "An Bob" {
		t.Fatalf("copies shared edits: %q %q %q", f.Value(), g.Value(), h.Value())
	}
}

func TestFieldView(t *testing.T) {
	st := NewStyles(asciiRenderer()) // no colours: the cursor is the plain rune
	f := field{prompt: "Find: ", placeholder: "type words"}
	f.Focus()
	if got := f.View(st); got != "Find: type words" {
		t.Errorf("empty: %q", got)
	}
	f.SetValue("calm")
	if got := f.View(st); got != "Find: calm " {
		t.Errorf("cursor at the end: %q", got)
	}
	f.pos = 1
	if got := f.View(st); got != "Find: calm" {
		t.Errorf("cursor inside: %q", got)
	}
}
