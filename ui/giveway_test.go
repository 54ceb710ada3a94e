package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
)

// Issue 40 item 10: the steps scroll only once everything the layout
// promises gives way first has: the blank lines (under the number, over
// the status and around the event's title), then the Last line, then the
// lesser status lines (the trackers, the counting aid), then the big
// number's height; whom the table waits for and what they said give way
// only for the open step. C&K with four players, seeds 1 and 5: at 80×24
// the third draw scrolled "▶ Most points" and its question over
// "↕ lines 1–1 of 4" while those were all still drawn. Every game and
// size is checked too, by TestTurnFitsTheScreen.
func TestStepsScrollLast(t *testing.T) {
	for _, seed := range []uint64{1, 5} {
		m := knightsGame(t, seed, 80, 24)
		m = drawTurns(m, 3)
		v := view(m)
		if !strings.Contains(v, "▶ ") {
			t.Fatalf("seed %d: no question at the third draw:\n%s", seed, v)
		}
		checkGivenWay(t, m, v, fmt.Sprintf("seed %d, 80x24, draw 3", seed))
		if strings.Contains(v, "↕ ") || strings.Contains(v, "once this is answered") {
			t.Fatalf("seed %d: the third draw's steps do not show whole at 80x24:\n%s", seed, v)
		}
	}
	for _, size := range [][2]int{{80, 24}, {60, 20}, {120, 40}} {
		for _, seed := range []uint64{1, 5} {
			m := knightsGame(t, seed, size[0], size[1])
			for k := 0; k < 300 && m.table.Now().Turns() < 25; k++ {
				key := layoutKeys[k%len(layoutKeys)]
				m = press(m, key)
				if !m.onTable() {
					m = press(m, "esc") // a screen a key opened
					continue
				}
				where := fmt.Sprintf("seed %d, %dx%d, draw %d, key %d (%q)", seed, size[0], size[1], m.table.Now().Turns(), k, key)
				checkGivenWay(t, m, view(m), where)
			}
		}
	}
}

// knightsGame is Cities & Knights for Ann, Bob, Cy and Dan at w×h.
func knightsGame(t *testing.T, seed uint64, w, h int) Model {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart, opts.Seed = true, seed
	opts.Setup = common.Setup{Game: "catan", Players: []string{"Ann", "Bob", "Cy", "Dan"}, Options: map[string]string{"cities-knights": "on"}}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, sizeMsg(w, h))
}

// checkGivenWay fails when v, a frame, shows the steps in a window (or
// hidden behind the question) while a blank line, the Last line, a lesser
// status line or the big number still takes rows.
func checkGivenWay(t *testing.T, m Model, v, where string) {
	t.Helper()
	tm := m.table
	if tm == nil || !tm.Shown || tm.Entry != nil || tm.Number.Focus || tm.Number.Card == nil || tm.Number.Card.Side > 0 {
		return
	}
	lines := strings.Split(v, "\n")
	scrolls := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		scrolls = scrolls || strings.HasPrefix(l, "↕ ") || strings.Contains(l, "more lines once this is answered")
	}
	if !scrolls {
		return
	}
	// The body: under the header and its blank line, over the help line.
	// A window of the steps ends with a step's last line: the rows a
	// longer step would need stay blank over the status.
	body := lines[2 : len(lines)-1]
	for i, l := range body {
		what := ""
		switch l = strings.TrimSpace(l); {
		case l == "" && !windowEnd(body[i:]):
			what = fmt.Sprintf("a blank line (row %d)", i+3)
		case strings.HasPrefix(l, "Last: "):
			what = "the Last line"
		case strings.HasPrefix(l, "Barbarians: "), strings.HasPrefix(l, "Not yet seen: "):
			what = "a lesser status line"
		case strings.HasPrefix(l, "╭─"), strings.HasPrefix(l, "╔═"):
			what = "the big number"
		}
		if what != "" {
			t.Fatalf("%s: the steps scroll while %s still takes rows:\n%s", where, what, v)
		}
	}
}

// windowEnd reports whether lines start with blank lines that end where
// the status begins, under the steps' window: what is left of it.
func windowEnd(lines []string) bool {
	for _, l := range lines {
		switch l = strings.TrimSpace(l); {
		case l == "":
		case strings.HasPrefix(l, "Turn: "), strings.HasPrefix(l, "Pass to "):
			return true
		default:
			return false
		}
	}
	return false
}
