package ui

import (
	"strings"
	"testing"
)

// column is where text begins on the line of v that holds it, -1 when no
// line does.
func column(v, text string) int {
	for _, l := range strings.Split(v, "\n") {
		if i := strings.Index(l, text); i >= 0 {
			return len([]rune(l[:i]))
		}
	}
	return -1
}

// The play-test at 80×24: the Tournament's pick screen kept its choices
// centred on their widest line, so they jumped left (column 19, 12, 2) as
// the Picked line grew. The block keeps its column while picking, and
// the Picked line wraps within it.
func TestPickScreenKeepsItsPlace(t *testing.T) {
	m := press(newGame(t, "card-game", map[string]string{"mode": "tournament"}), "space", "enter")
	want := column(view(m), "1 Conflict")
	if want < 0 {
		t.Fatalf("no choices shown:\n%s", view(m))
	}
	for _, k := range []string{"5", "7", "3"} {
		m = press(m, k)
		v := view(m)
		if got := column(v, "1 Conflict"); got != want {
			t.Fatalf("after %s the choices moved from column %d to %d:\n%s", k, want, got, v)
		}
		if got := column(v, "Picked: "); got != want {
			t.Fatalf("after %s the Picked line is at column %d, the choices at %d:\n%s", k, got, want, v)
		}
		checkFits(t, v, 80, 24)
	}
}

// A card of which some copies are picked says how many are left, as one
// with none left says so: "Raid … ×2" read ×2 after one Raid was picked.
func TestPickSaysCopiesLeft(t *testing.T) {
	m := press(newGame(t, "card-game", map[string]string{"mode": "tournament"}), "space", "enter")
	if v := view(m); !strings.Contains(v, "7 Raid (Knights and Merchants) ×2") {
		t.Fatalf("before any pick, Raid's two copies should show:\n%s", v)
	}
	m = press(m, "7")
	if v := view(m); !strings.Contains(v, "7 Raid (Knights and Merchants) ×1 left") {
		t.Fatalf("after one Raid, one should be left:\n%s", v)
	}
	m = press(m, "7")
	if v := view(m); !strings.Contains(v, "7 Raid (Knights and Merchants) (none left)") || strings.Contains(v, "×1 left") {
		t.Fatalf("after both Raids, none should be left:\n%s", v)
	}
}
