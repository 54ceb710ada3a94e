package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/session"
)

// ckFour is a Cities & Knights game of four on w×h, quick-started.
func ckFour(t *testing.T, w, h int) Model {
	t.Helper()
	o := testOptions(t)
	o.QuickStart = true
	o.Setup.Players = []string{"Ann", "Bob", "Cy", "Dee"}
	o.Setup.Options = map[string]string{"cities-knights": "on"}
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, sizeMsg(w, h))
}

// factRow is the facts screen's line for label, "" if none shows.
func factRow(v, label string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, label) {
			return strings.Join(strings.Fields(strings.TrimLeft(l, "▸ ")), " ")
		}
	}
	return ""
}

// Play-test at 80×24: on the facts screen a number typed and left with ↓
// was dropped without a word. Moving off a row keeps it, as enter does:
// ↓, ↑, tab and shift+tab alike.
func TestFactsMovingOffARowKeepsTheNumberTyped(t *testing.T) {
	for _, move := range []string{"down", "up", "tab", "shift+tab"} {
		t.Run(move, func(t *testing.T) {
			m := press(ckFour(t, 80, 24), "f", "down", "down", "down") // Ann: Trade level
			if row := factRow(view(m), "Ann: Trade level"); row != "Ann: Trade level unknown" {
				t.Fatalf("before: %q", row)
			}
			m = press(m, "0")
			if row := factRow(view(m), "Ann: Trade level"); row != "Ann: Trade level [0]" {
				t.Fatalf("typed: %q", row)
			}
			m = press(m, move)
			v := view(m)
			if row := factRow(v, "Ann: Trade level"); row != "Ann: Trade level 0" {
				t.Fatalf("%s dropped the 0 typed:\n%s", move, v)
			}
			if strings.Contains(v, "▸ Ann: Trade level") {
				t.Fatalf("%s did not move:\n%s", move, v)
			}
			checkFits(t, v, 80, 24)
		})
	}
}

// A number the fact does not take is said, and the cursor stays on its row
// with the number typed; esc drops a number typed (the footer says so),
// and only the next esc goes back to the table.
func TestFactsRefusedNumberStaysEscDropsIt(t *testing.T) {
	m := press(ckFour(t, 80, 24), "f", "down", "down") // Ann: city walls, 0 to 3
	m = press(m, "7", "down")
	v := view(m)
	if !strings.Contains(v, "▸ Ann: city walls") || factRow(v, "Ann: city walls") != "Ann: city walls [7]" {
		t.Fatalf("a refused 7 moved on:\n%s", v)
	}
	if !strings.Contains(v, `"7" is not a number from 0 to 3`) {
		t.Fatalf("the refusal is not said:\n%s", v)
	}
	if !strings.Contains(v, "esc drop 7") || !strings.Contains(v, "enter/↑/↓ keep 7") {
		t.Fatalf("the footer does not say what esc and the arrows do:\n%s", v)
	}
	m = press(m, "esc")
	v = view(m)
	if m.onTable() || factRow(v, "Ann: city walls") != "Ann: city walls unknown" || strings.Contains(v, "not a number") {
		t.Fatalf("esc did not drop the 7 and stay:\n%s", v)
	}
	if !strings.Contains(v, "esc back to the table") {
		t.Fatalf("the footer still speaks of the 7:\n%s", v)
	}
	m = press(m, "2", "esc")
	if v := view(m); m.onTable() || factRow(v, "Ann: city walls") != "Ann: city walls unknown" {
		t.Fatalf("esc with a 2 typed kept it or left:\n%s", v)
	}
	if m = press(m, "esc"); !m.onTable() {
		t.Fatal("the second esc did not go back to the table")
	}
}

// Play-test, Cities & Knights of four: "levels I recorded as 0 in f went
// back to unknown after each player's turn", and the gate asked "level not
// known for Bob, Cy, Dee and Ann: f records it" again and again, in an
// order that moved with the turn. Levels recorded on f stay: each gate
// that asks offers them as its answer, one key takes it, the names keep
// their seats, and f still shows what was recorded.
func TestLevelsRecordedOnFAreOfferedAfterEachTurn(t *testing.T) {
	m := press(ckFour(t, 80, 24), "f", "down", "down") // Ann: city walls
	for range 4 {
		m = press(m, "down", "0", "down", "0", "down", "0", "down") // Trade, Politics, Science: 0
	}
	m = press(m, "esc")
	gates := 0
	for turn := range 40 {
		m = press(m, "space")
		q := m.table.Question()
		if q == nil || !strings.Contains(q.Prompt, " level ") {
			m = finishTurn(m)
			continue
		}
		gates++
		v := strings.Join(strings.Fields(view(m)), " ") // the prompt wraps
		if strings.Contains(v, "not known") || !strings.Contains(v, "may have built since") || !strings.Contains(v, "enter: nobody") {
			t.Fatalf("draw %d: the gate does not offer the levels recorded:\n%s", turn+1, v)
		}
		if !seatOrder(q.Prompt, "Ann", "Bob", "Cy", "Dee") {
			t.Fatalf("draw %d: names out of seat order: %q", turn+1, q.Prompt)
		}
		if m = press(m, "space"); m.table.Question() != nil && m.table.Question().Key == q.Key {
			t.Fatalf("draw %d: one key did not take the levels recorded:\n%s", turn+1, view(m))
		}
		m = finishTurn(m)
	}
	if gates < 10 {
		t.Fatalf("only %d gates asked in 40 draws: the test no longer sees them", gates)
	}
	v := view(press(m, "f"))
	for _, p := range []string{"Ann", "Bob", "Cy", "Dee"} {
		for _, track := range []string{"Trade", "Politics", "Science"} {
			if row := factRow(v, p+": "+track+" level"); row != p+": "+track+" level 0" {
				t.Fatalf("%s after 40 draws: %q\n%s", p, row, v)
			}
		}
	}
}

// seatOrder reports whether the names found in s come in the order given.
func seatOrder(s string, names ...string) bool {
	last := -1
	for _, n := range names {
		i := strings.Index(s, n)
		if i < 0 {
			continue
		}
		if i < last {
			return false
		}
		last = i
	}
	return true
}

// Issue 30 item 10: after "Who has Science level 2 or more? (Ann was
// below it and may have built since)", the facts screen says what is
// known of Ann's level, not "unknown" alone.
func TestFactsSayWhatIsKnownOfALevel(t *testing.T) {
	m := ckFour(t, 80, 24)
	for i := 0; i < 60; i++ {
		m = press(finishTurn(m), "space")
		q := m.table.Question()
		if q == nil || !strings.Contains(q.Prompt, "may have built since") || !strings.Contains(q.Prompt, " level ") {
			continue
		}
		track := strings.Fields(strings.TrimPrefix(q.Prompt, "Who has "))[0]
		f := press(m, "f")
		v := view(f)
		for _, p := range m.table.Now().Players {
			if !strings.Contains(q.Prompt, p.Name) {
				continue
			}
			row := factRow(v, p.Name+": "+track+" level")
			if !strings.Contains(strings.Join(strings.Fields(v), " "), p.Name+": "+track+" level (at most") {
				t.Fatalf("%q: the facts screen says %q of %s:\n%s", q.Prompt, row, p.Name, v)
			}
		}
		return
	}
	t.Fatal("no level question with a player who may have built since in 60 draws")
}

// Issue 36: an undo the session refuses on the facts screen is said, as
// the screen's other errors are (it was dropped without a word).
func TestFactsSayAnUndoRefused(t *testing.T) {
	m := press(ckFour(t, 80, 24), "f")
	if err := m.sess.Close(); err != nil {
		t.Fatal(err)
	}
	v := view(press(m, "u"))
	if !strings.Contains(v, "✗ "+session.ErrClosed.Error()) {
		t.Fatalf("the refused undo is not said:\n%s", v)
	}
}
