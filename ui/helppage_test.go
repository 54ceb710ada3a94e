package ui

import (
	"strings"
	"testing"
)

// Issue 30 item 5: a Duel's help at 80×24 says where more is, and ↓ or
// end brings the rest, q among it.
func TestHelpPagesAt80x24(t *testing.T) {
	m := newGame(t, "rivals", map[string]string{"mode": "duel", "sets": "gold,barbarians,sages"})
	m = press(m, "space", "1", "space", "2", "space")
	m = press(m, "?")
	if v := view(m); !strings.Contains(v, "── lines 1–") && !strings.Contains(v, "quit now") {
		t.Fatalf("the help at 80×24 neither fits nor says where more is:\n%s", v)
	}
	m = update(m, sizeMsg(60, 20)) // too small for every key: it pages
	v := view(m)
	checkFits(t, v, 60, 20)
	if !strings.Contains(v, "── lines 1–") || !strings.Contains(v, "↑/↓") {
		t.Fatalf("the help says nothing of more lines:\n%s", v)
	}
	m = press(m, "end")
	v = view(m)
	checkFits(t, v, 60, 20)
	if !strings.Contains(v, "q quit") || !strings.Contains(v, "? or esc closes this help") {
		t.Fatalf("the help's end lacks q:\n%s", v)
	}
	if m = press(m, "esc"); m.fullHelp {
		t.Fatal("esc did not close the help")
	}
}
