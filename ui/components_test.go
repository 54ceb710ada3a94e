package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// componentSizes are the sizes each of the table's components is shown at.
var componentSizes = [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}}

// widget is a component's view at its size, then its help line.
func widget(t *testing.T, v string, keys []key.Binding, w, h int) []byte {
	t.Helper()
	v = ansi.Strip(v)
	checkFits(t, v, w, h)
	hm := help.New()
	hm.Width = w
	return []byte(v + "\n" + ansi.Strip(hm.ShortHelpView(keys)))
}

// The number and dice of seed 1's first turn (a 7): the disc scales with
// the room, the dice keep their size; z shows the number alone.
func TestNumberWidget(t *testing.T) {
	for _, sz := range componentSizes {
		name := fmt.Sprintf("%dx%d", sz[0], sz[1])
		m := press(newTestModel(t, true, 80, 24), "space")
		n := m.table.Number
		n.SetSize(sz[0], sz[1])
		t.Run(name, func(t *testing.T) {
			if !strings.Contains(n.View(), "█") {
				t.Fatalf("no big digits:\n%s", n.View())
			}
			golden.RequireEqual(t, widget(t, n.View(), n.ShortHelp(), sz[0], sz[1]))
		})
		n.Update(keyMsg("z"))
		t.Run("focus-"+name, func(t *testing.T) {
			if !n.Focus {
				t.Fatal("z did not show the number alone")
			}
			v := n.FocusView(sz[0], sz[1], m.table.StepWalker.Ask(sz[0]))
			if !strings.Contains(v, "Robber Attacks") || !strings.Contains(v, "Who holds more than") {
				t.Fatalf("the big number lacks the event or its question:\n%s", v)
			}
			golden.RequireEqual(t, widget(t, v, n.ShortHelp(), sz[0], sz[1]))
		})
	}
}

// The step walker on seed 1's first turn: the question who is over the
// limit, Ann ticked, the steps to come listed.
func TestWalkerWidget(t *testing.T) {
	for _, sz := range componentSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := press(newTestModel(t, true, 80, 24), "space", "1")
			w := *m.table.StepWalker
			w.SetSize(sz[0], sz[1])
			v := w.View()
			if !strings.Contains(v, "1 [x] Ann") || !strings.Contains(v, "· Discard") {
				t.Fatalf("the walker lacks the tick or the steps to come:\n%s", v)
			}
			golden.RequireEqual(t, widget(t, v, w.ShortHelp(), sz[0], sz[1]))
		})
	}
}

// The action entry: a Rivals look through the whole stack (Great
// Foresight), first handed to the player, then the cards to pick from, in
// two columns where one does not fit.
func TestEntryWidget(t *testing.T) {
	for _, sz := range componentSizes {
		name := fmt.Sprintf("%dx%d", sz[0], sz[1])
		m := finishTurn(press(newGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"}), "space"))
		m = press(m, "o")
		e := m.table.Entry
		if e == nil {
			t.Fatal("o did not start the look")
		}
		e.SetSize(sz[0], sz[1])
		t.Run("handoff-"+name, func(t *testing.T) {
			if v := e.View(); !strings.Contains(v, "Pass the laptop to Ann") {
				t.Fatalf("no hand-off:\n%s", v)
			}
			golden.RequireEqual(t, widget(t, e.View(), e.ShortHelp(), sz[0], sz[1]))
		})
		e.Update(keyMsg("enter"))
		t.Run("look-"+name, func(t *testing.T) {
			v := e.View()
			for i, title := range stackTitles(t, m) {
				if want := fmt.Sprintf("%d %s", i+1, title); !strings.Contains(ansi.Strip(v), want) && sz[0] >= 80 {
					t.Fatalf("the look lacks %q:\n%s", want, v)
				}
			}
			golden.RequireEqual(t, widget(t, v, e.ShortHelp(), sz[0], sz[1]))
		})
	}
}
