package ui

import (
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
)

// forgetRendered is what a screen with nothing rendered yet would keep:
// the context's caches, emptied. It returns them, to put back.
func forgetRendered(m Model) (restore func()) {
	helps := *m.helps
	*m.helps = helpLines{}
	ctx := m.ctx.ForgetRendered()
	table := m.table.ForgetRendered()
	return func() {
		ctx()
		table()
		*m.helps = helps
	}
}

// Every frame drawn with what earlier frames kept is the frame drawn from
// nothing: over a game's turns, their steps and answers, and resizes, in
// true colour and without colour, for each game. A cache missing a part
// of what a line shows would show a stale line here.
func TestKeptRenderingsAreNeverStale(t *testing.T) {
	sizes := [][2]int{{120, 40}, {60, 50}, {80, 24}, {200, 60}, {60, 20}, {66, 60}, {100, 30}}
	for _, game := range []string{"catan", "rivals", "card-game"} {
		for _, colour := range []bool{false, true} {
			m := newGame(t, game, nil)
			if colour {
				m.ctx.Styles = common.NewStyles(trueColour())
				forgetRendered(m)
				m = update(m, sizeMsg(120, 40))
			}
			keys := []string{"space", "enter", "x", "down", "up", "z", "z"}
			prev := ""
			for i := range 120 {
				if i%12 == 11 {
					s := sizes[(i/12)%len(sizes)]
					m = update(m, sizeMsg(s[0], s[1]))
				}
				k := keys[i%len(keys)]
				if !m.table.Resolving() {
					k = "space"
				}
				m = press(m, k)
				warm := m.View()
				restore := forgetRendered(m)
				cold := m.View()
				restore()
				if warm != cold {
					t.Fatalf("%s (colour %v), key %d (%s): the kept frame\n%s\nthe frame from nothing\n%s", game, colour, i, k, warm, cold)
				}
				if k == "space" && warm == prev {
					t.Fatalf("%s: a new turn, the same frame:\n%s", game, warm)
				}
				prev = warm
			}
		}
	}
}
