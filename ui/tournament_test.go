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
	for _, st := range m.table.Steps {
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

// Play-test: Year of Plenty asked four questions in a row (Toll Station,
// Pirate Fleet, Palace, Treasure Fleet). Each adds to its holder's take
// alone (rules/002), so one question does: nobody holds one, and each
// takes 1 resource, with one key.
func TestTournamentYearOfPlentyAsksOnce(t *testing.T) {
	m := tournamentAfterPicks(t)
	for range 40 {
		m = press(m, "space")
		if m.table.Question() == nil || m.table.Turn.Title != "Year of Plenty" {
			m = finishTurn(m)
			continue
		}
		if v := view(m); !strings.Contains(v, "Who has a Toll Station, Pirate Fleet, Palace or Treasure Fleet?") {
			t.Fatalf("Year of Plenty asks:\n%s", v)
		}
		asked := 0
		for q := m.table.Question(); q != nil && asked < 8; q = m.table.Question() {
			asked++
			m = press(m, "enter") // nobody
		}
		v := view(m)
		if asked != 1 || !strings.Contains(v, "Ann takes 1 resource of choice.") || !strings.Contains(v, "Bob takes 1 resource of choice.") {
			t.Fatalf("%d questions for a Year of Plenty:\n%s", asked, v)
		}
		return
	}
	t.Fatal("no Year of Plenty in 40 rolls")
}

// Play-test: after g ended a Tournament, the footer still offered
// "n next player", which only moved a turn that never comes. The footer
// offers only keys that work; the help lists n and p as not now, and n
// changes nothing.
func TestTournamentGameOverOffersNoNextPlayer(t *testing.T) {
	m := tournamentAfterPicks(t)
	m = finishTurn(press(m, "space"))
	if help := view(press(m, "?")); !strings.Contains(help, "n next player ") || strings.Contains(help, "n next player (not now)") {
		t.Fatalf("before game over the help does not offer n:\n%s", help)
	}
	m = finishTurn(press(m, "g"))
	foot := lastLine(view(m))
	if strings.Contains(foot, "next player") || strings.Contains(foot, "space") {
		t.Fatalf("after game over the footer offers %q", foot)
	}
	current := m.table.Now().Current
	if m = press(m, "n"); m.table.Now().Current != current {
		t.Fatal("n moved the turn after game over")
	}
	help := view(press(m, "?"))
	for _, k := range []string{"n next player (not now)", "p previous player (not now)"} {
		if !strings.Contains(help, k) {
			t.Fatalf("the help lacks %q:\n%s", k, help)
		}
	}
}

// lastLine is the last line of v: the footer.
func lastLine(v string) string { return v[strings.LastIndex(v, "\n")+1:] }
