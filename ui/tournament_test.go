package ui

import (
	"strings"
	"testing"
)

// tournamentAfterPicks is a Card Game Tournament at 80×24 whose picks are
// done and handed back: Ann's turn to roll.
func tournamentAfterPicks(t *testing.T) Model {
	t.Helper()
	m, _ := cardGamePicks(t, []string{"1", "2", "3", "4"}, []string{"1", "2", "6", "7"})
	return press(m, "enter")
}

// flat is a view with its line breaks and runs of spaces as one space:
// text that wraps still reads as written.
func flat(v string) string { return strings.Join(strings.Fields(v), " ") }

// Play-test of the Tournament at 80×24: g showed "Game over." while what
// each player takes back sat below the fold ("↕ lines 3–7 of 10", ↓ ×3).
// It comes first, whole, with no key more.
func TestTournamentGameOverShowsWhatEachTakesBack(t *testing.T) {
	m := tournamentAfterPicks(t)
	for range 3 {
		m = finishTurn(press(m, "space"))
	}
	m = press(m, "g")
	v := view(m)
	checkFits(t, v, 80, 24)
	said := 0
	for _, st := range m.table.steps {
		if st.Outcome == "" {
			continue
		}
		said++
		if !strings.Contains(flat(v), flat(st.Outcome)) {
			t.Fatalf("%q is not on the screen:\n%s", st.Outcome, v)
		}
	}
	if said != 2 || !strings.Contains(v, "Ann takes back: ") || !strings.Contains(v, "Bob takes back: ") {
		t.Fatalf("the screen does not say what each player takes back:\n%s", v)
	}
}
