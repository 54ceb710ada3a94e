package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// tableAfter is the quick-start table at 80×24 after n draws.
func tableAfter(t *testing.T, n int) Model {
	t.Helper()
	return drawTurns(newTestModel(t, true, 80, 24), n)
}

func TestHistoryScreen(t *testing.T) {
	m := tableAfter(t, 34) // across New Year
	want := drawnBy(t, 1, 34)
	m = press(m, "h")
	v := view(m)
	checkFits(t, v, 80, 24)
	if !strings.Contains(v, "History") || !strings.Contains(v, "lines") {
		t.Fatalf("history:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
	// The newest turn is in view; home shows the first.
	last := want[33]
	red, _ := last.Die("red")
	white, _ := last.Die("white")
	if !strings.Contains(v, "   34  ") || !strings.Contains(v, fmt.Sprintf("R%d W%d", red.Pips, white.Pips)) {
		t.Fatalf("draw 34 not in view:\n%s", v)
	}
	m = press(m, "home")
	if v := view(m); !strings.Contains(v, "    1  Ann") {
		t.Fatalf("home does not show draw 1:\n%s", v)
	}
	m = press(m, "end")
	if !strings.Contains(view(m), "New Year: the deck is reshuffled. Year 2 begins.") {
		t.Fatalf("no New Year line near the end:\n%s", view(m))
	}
	m = press(m, "esc")
	if !m.onTable() || m.table.Now().Draws != 34 {
		t.Fatal("esc did not go back to the table as it was")
	}
}

func TestStatsScreen(t *testing.T) {
	m := tableAfter(t, 40)
	m = press(m, "s")
	v := view(m)
	checkFits(t, v, 80, 24)
	golden.RequireEqual(t, []byte(v))
	for _, want := range []string{"Year 2: 9 turns", "Whole game: 40 turns", "expected"} {
		if !strings.Contains(v, want) {
			t.Fatalf("stats lacks %q:\n%s", want, v)
		}
	}
	// Counts agree with the draws.
	counts := map[int]int{}
	for _, d := range drawnBy(t, 1, 40) {
		counts[d.Number]++
	}
	if got := m.statsScreen().Game.Numbers[7]; got != counts[7] {
		t.Fatalf("stats count %d sevens, the draws %d", got, counts[7])
	}
	sum := 0
	for _, n := range m.statsScreen().Turns {
		sum += n
	}
	if sum != 40 || m.statsScreen().Turns[0] != 14 { // Ann draws 1st, 4th, … 40th
		t.Fatalf("turns per player %v", m.statsScreen().Turns)
	}
	m = press(m, "pgdown", "pgdown")
	if v := view(m); !strings.Contains(v, "Events seen") && !strings.Contains(v, "Players") {
		t.Fatalf("scrolling did not reach the players and events:\n%s", v)
	}
	m = press(m, "q")
	if !m.onTable() {
		t.Fatal("q did not go back to the table")
	}
}

func TestReferenceScreen(t *testing.T) {
	m := tableAfter(t, 2)
	before := view(m)
	m = press(m, "/")
	if v := view(m); !strings.Contains(v, "Find:") || !strings.Contains(v, "How the Event Card deck works") {
		t.Fatalf("reference:\n%s", v)
	}
	m = press(m, "calm")
	v := view(m)
	checkFits(t, v, 80, 24)
	golden.RequireEqual(t, []byte(v))
	if !strings.Contains(v, "Calm Seas (Calm Sea before the 6th edition)") || m.refScreen().Matches != 3 { // the event, where it is, editions
		t.Fatalf("filter calm:\n%s", v)
	}
	// q and ? type into the filter here; esc goes back exactly where we were.
	m = press(m, "?q")
	if m.refScreen().Filter.Value() != "calm?q" || m.fullHelp {
		t.Fatalf("filter is %q", m.refScreen().Filter.Value())
	}
	if !strings.Contains(view(m), "Nothing matches") {
		t.Fatalf("no-match text missing:\n%s", view(m))
	}
	m = press(m, "esc")
	if got := view(m); got != before {
		t.Fatalf("esc did not return to the table as it was:\n%s\nwant\n%s", got, before)
	}
	// r opens it too, with an empty filter.
	m = press(m, "r")
	if !m.onReference() || m.refScreen().Filter.Value() != "" {
		t.Fatal("r did not open a fresh reference")
	}
}

func TestScreensAtEverySize(t *testing.T) {
	m := tableAfter(t, 50)
	for _, k := range []string{"h", "s", "/"} {
		s := press(m, k)
		for _, size := range [][2]int{{60, 20}, {61, 33}, {120, 40}, {300, 100}, {40, 10}} {
			s = update(s, sizeMsg(size[0], size[1]))
			checkFits(t, view(s), size[0], size[1])
		}
	}
}

// The history keeps its place while the window changes: opened at the
// newest turn, it stays there when the window grows or shrinks, and a
// place scrolled to stays in view.
func TestHistoryKeepsItsPlaceOnResize(t *testing.T) {
	m := press(tableAfter(t, 34), "h")
	for _, size := range [][2]int{{100, 40}, {60, 20}, {80, 24}} {
		m = update(m, sizeMsg(size[0], size[1]))
		v := view(m)
		checkFits(t, v, size[0], size[1])
		if !strings.Contains(v, "   34  ") {
			t.Fatalf("at %d×%d the newest turn is out of view:\n%s", size[0], size[1], v)
		}
	}
	m = press(m, "home")
	m = update(m, sizeMsg(100, 30))
	if v := view(m); !strings.Contains(v, "    1  Ann") || !strings.Contains(v, "lines 1–") {
		t.Fatalf("the first turn is out of view after a resize:\n%s", v)
	}
}

// Issue 24: a word that belongs to another game says which game has it.
func TestReferenceNamesTheGameThatHasIt(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	m = typeText(press(m, "/"), "yule")
	if v := view(m); !strings.Contains(v, "Nothing matches") || !strings.Contains(v, "Rivals for Catan has it: not this game.") {
		t.Fatalf("a Rivals word in the board game's reference:\n%s", v)
	}
}
