package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Issue 28: runes that arrive in one read (typed fast, or over a laggy
// ssh link) are typed one by one: "year end" in the reference's search is
// "year end", not "year" and the End key; "x esc" does not close it.
func TestRunesInOneReadAreTypedOneByOne(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	m = press(m, "/")
	for _, chunk := range []string{"year", " ", "end", " x", " esc", " home"} {
		m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(chunk)})
	}
	if v := view(m); !strings.Contains(v, "year end x esc home") {
		t.Fatalf("the search after typing in chunks:\n%s", v)
	}
}

// Issue 28: only space draws. Enter after a turn is done says so and
// draws nothing, as does a second enter after an answer.
func TestEnterDrawsNothing(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	m = press(m, "enter")
	if d := m.table.Now().Draws; d != 0 {
		t.Fatalf("enter drew: %d draws", d)
	}
	if v := view(m); !strings.Contains(v, "Space draws; enter only answers a question.") {
		t.Fatalf("enter said nothing:\n%s", v)
	}
	for range 30 { // through turns, answering with enter, twice each
		m = press(m, "space")
		for m.table.Question() != nil {
			m = press(m, "x")
		}
		d := m.table.Now().Draws
		m = press(m, "enter", "enter")
		if m.table.Now().Draws != d {
			t.Fatal("enter drew the next turn")
		}
	}
}
