package ui

import (
	"strings"
	"testing"
)

// issue 23 item 10: the full help lists every key, those that do not apply
// now marked; the players screen's key bar has + and -.
func TestFullHelpListsEveryKey(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	v := view(press(m, "?"))
	for _, want := range []string{"a      accept all defaults", "ctrl+r", "(not now)"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
	v = view(press(m, "?", "?", "e"))
	for _, want := range []string{"+ add", "- remove"} {
		if !strings.Contains(v, want) {
			t.Errorf("players screen's key bar lacks %q:\n%s", want, v)
		}
	}
}
