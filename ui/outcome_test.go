package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/pages/table"
)

// issue 23 item 7: the outcome of an event fits on an 80×24 screen without
// scrolling, first, the details under it.
func TestOutcomeShowsFirstAt80x24(t *testing.T) {
	attack := func() Model {
		m := drawTurns(ckModel(t, 80, 24, map[string]string{"cities-knights": "on"}), 15)
		if q := m.table.Question(); q == nil || q.Topic != "Barbarian strength" {
			t.Fatalf("seed 1 draw 15 asks %+v, want the attack", q)
		}
		return m
	}
	for _, c := range []struct {
		keys []string
		want string
	}{
		{[]string{"3", "enter", "2", "enter", "1"}, "» Ann loses a city."},
		{[]string{"2", "enter", "5", "enter", "2"}, "» Bob is the Defender of Catan."},
		{[]string{"2", "enter", "5", "enter", "+", "1", "3", "enter"}, "» Ann and Cy each draw a progress card."},
	} {
		m := press(attack(), c.keys...)
		v := view(m)
		checkFits(t, v, 80, 24)
		if !strings.Contains(v, c.want) {
			t.Errorf("%v: no %q at 80×24:\n%s", c.keys, c.want, v)
		}
	}
	// Who discards how many: a 7 (seed 1 draws one first).
	m := press(newTestModel(t, true, 80, 24), "space", "1", "3", "enter", "9", "enter", "3", "enter")
	if v := view(m); !strings.Contains(v, "» Discard: Ann 4.") || !strings.Contains(v, "Cy holds 3") && !strings.Contains(v, "↕") {
		t.Errorf("no discard outcome at 80×24:\n%s", v)
	}
}

// The steps' window never ends or starts in the middle of a step.
func TestScrollKeepsStepsWhole(t *testing.T) {
	m := drawTurns(ckModel(t, 80, 24, map[string]string{"cities-knights": "on"}), 15)
	m = press(m, "3", "enter", "2", "enter", "1")
	w := *m.table.StepWalker
	w.Checks = &table.CheckCache{}
	list := w.LayChecklist(60)
	for scroll := 0; scroll < len(list); scroll++ {
		w.Scroll = scroll
		for room := 2; room < 8; room++ {
			got := w.Scrolled(list, room)
			shown := got[:len(got)-1]
			if len(shown) == 0 {
				t.Fatalf("scroll %d room %d shows no line", scroll, room)
			}
			for i, l := range list {
				if l.Text != shown[0] {
					continue
				}
				if l.Cont {
					t.Errorf("scroll %d room %d starts mid-step: %q", scroll, room, shown[0])
				}
				oneStep := true // a step longer than the window is cut: nothing else would show
				for _, c := range list[i+1 : i+len(shown)] {
					oneStep = oneStep && c.Cont
				}
				if end := i + len(shown); end < len(list) && list[end].Cont && !oneStep {
					t.Errorf("scroll %d room %d ends mid-step before %q", scroll, room, list[end].Text)
				}
				break
			}
		}
	}
}
