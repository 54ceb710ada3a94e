package common

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// A hyphenated name is never split at its hyphen; a word wider than the
// line is still broken, never overflows.
func TestWrapKeepsHyphenatedNames(t *testing.T) {
	for w := 12; w < 40; w++ {
		for _, l := range WrapLines("Steal from Anne-Marie or Jean-Baptiste now, then Bob takes 2.", w) {
			if strings.HasSuffix(l, "Anne-") || strings.HasSuffix(l, "Jean-") || len([]rune(l)) > w {
				t.Fatalf("width %d: %q", w, l)
			}
		}
	}
}

// A choice's key stays on the line of the name it picks.
func TestChoicesWrapWhole(t *testing.T) {
	lines := WrapLines(strings.Join([]string{Choice("1", "Alexandra Konstantinova"), Choice("2", "Bartholomew Fairweather"), Choice("0", "nobody")}, " · "), 30)
	for _, l := range lines {
		if strings.HasSuffix(l, " 1") || strings.HasSuffix(l, " 2") || strings.HasPrefix(l, "Konstantinova") || strings.Contains(l, Keep) {
			t.Fatalf("a choice split or a keep shown: %q", lines)
		}
	}
	if len(lines) != 3 || lines[0] != "1 Alexandra Konstantinova ·" {
		t.Fatalf("lines %q", lines)
	}
}

func TestSaysPutsTheLabelAfterAName(t *testing.T) {
	for label, want := range map[string]string{"roll": "rolls", "draw": "draws", "type the dice": "types the dice", "push": "pushes"} {
		if got := Says(label); got != want {
			t.Errorf("says(%q) = %q, want %q", label, got, want)
		}
	}
}

// choice joins its parts, and the spaces in them, by non-breaking spaces.
func TestChoiceKeepsItsWordsTogether(t *testing.T) {
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"x"}, "x"},
		{[]string{"x", "skip"}, "x" + Keep + "skip"},
		{[]string{"a digit ticks or unticks"}, "a" + Keep + "digit" + Keep + "ticks" + Keep + "or" + Keep + "unticks"},
		{[]string{"1", "[ ]", "Anne Marie"}, "1" + Keep + "[" + Keep + "]" + Keep + "Anne" + Keep + "Marie"},
		{[]string{"", " ", ""}, Keep + Keep + Keep},
	} {
		if got := Choice(c.parts...); got != c.want {
			t.Errorf("choice(%q) = %q, want %q", c.parts, got, c.want)
		}
	}
}

// keyName is what tea names a key, and keyIs matches as key.Matches does.
func TestKeyNameIsTeas(t *testing.T) {
	var keys []tea.KeyMsg
	for typ := tea.KeyType(-60); typ < 130; typ++ {
		keys = append(keys, tea.KeyMsg{Type: typ}, tea.KeyMsg{Type: typ, Alt: true})
	}
	for r := rune(0); r < 300; r++ {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: true}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Paste: true})
	}
	keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("ab")}, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	bindings := DefaultKeyMap().Table
	off := key.NewBinding(key.WithKeys("space", " ", "a"))
	off.SetEnabled(false)
	for _, km := range keys {
		if got, want := KeyName(km), km.String(); got != want {
			t.Fatalf("%#v: keyName %q, String %q", km, got, want)
		}
		for _, b := range []key.Binding{bindings.Draw, bindings.Undo, bindings.Walker.Up, bindings.Walker.Confirm, off} {
			if got, want := KeyIs(km, b), key.Matches(km, b); got != want {
				t.Fatalf("%#v on %v: keyIs %v, Matches %v", km, b.Keys(), got, want)
			}
		}
	}
}
