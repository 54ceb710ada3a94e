package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// A Rivals night at the table: each face of the event die set with j (the
// Era of Sages' Grove of Justice) and rolled with space, its question
// answered by name; a "?" draws a card; drawing on, Yule rebuilds the
// stack and says so.
func TestRivalsNight(t *testing.T) {
	m := newGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"})
	if v := view(m); !strings.Contains(v, "goal 12 · Rivals: Era of Sages") || !strings.Contains(v, "Ann rolls first") {
		t.Fatalf("before the first roll:\n%s", v)
	}
	faces := []struct {
		pick, ask string
		answer    []string
		want      string
	}{
		{"1", "Who holds more than 7 resources?", []string{"2", "enter"}, "Bob loses all gold and all wool."},
		{"2", "Who holds the trade advantage?", []string{"1"}, "Ann takes 1 resource of choice from Bob."},
		{"3", "Who has the most skill points?", []string{"2"}, "Bob takes 1 resource of choice."},
		{"4", "", nil, "Bob and Ann each take 1 resource of choice."},
	}
	for _, f := range faces {
		m = press(finishTurn(m), "j", f.pick, "space")
		v := view(m)
		if f.ask != "" && !strings.Contains(v, f.ask) {
			t.Fatalf("face %s does not ask %q:\n%s", f.pick, f.ask, v)
		}
		m = press(m, f.answer...)
		if v := view(m); !strings.Contains(v, f.want) {
			t.Fatalf("face %s: want %q:\n%s", f.pick, f.want, v)
		}
		checkFits(t, view(m), 80, 24)
	}
	// "?" draws the top card, shown by its title.
	top := stackTitles(t, finishTurn(m))[0]
	if top == "Yule" {
		top = stackTitles(t, m)[1]
	}
	m = press(finishTurn(m), "j", "5", "space")
	if v := view(m); !strings.Contains(v, top) || m.table.Turn.Title != top {
		t.Fatalf("\"?\" did not draw %q:\n%s", top, v)
	}
	for i := 0; !m.table.Turn.Rebuilt; i++ {
		if i > 30 {
			t.Fatal("no Yule in 30 cards")
		}
		m = press(finishTurn(m), "j", "5", "space")
	}
	if v := view(m); !strings.Contains(v, "Yule: the stack was built again") || !strings.Contains(v, "Year 2") {
		t.Fatalf("the Yule rebuild is not said:\n%s", v)
	}
}
