package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// dieColumns are the disc's width and the columns where each die's box
// starts in the number's view.
func dieColumns(v string) (disc int, dice []int) {
	const top = "╭───────╮" // a die's top edge; the disc is wider
	lines := strings.Split(ansi.Strip(v), "\n")
	disc = lipgloss.Width(strings.TrimRight(lines[0], " "))
	for _, l := range lines {
		if strings.Contains(l, top) {
			for off := 0; ; {
				i := strings.Index(l[off:], top)
				if i < 0 {
					break
				}
				dice = append(dice, lipgloss.Width(l[:off+i]))
				off += i + len(top)
			}
			break
		}
	}
	return disc, dice
}

// issue 23 item 8: the number's disc keeps its width for a size, so the
// dice keep their place from turn to turn, a 7 or an 8 with a word beside
// it or not.
func TestNumberAndDiceKeepTheirPlace(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
		m := ckModel(t, size[0], size[1], map[string]string{"cities-knights": "on"})
		var first []int
		firstDisc := 0
		for i := 0; i < 25; i++ {
			m = press(finishTurn(m), "space")
			disc, dice := dieColumns(m.table.Number.View())
			if len(dice) == 0 {
				t.Fatalf("%v: no dice in\n%s", size, m.table.Number.View())
			}
			if i == 0 {
				first, firstDisc = dice, disc
				continue
			}
			if disc != firstDisc || dice[0] != first[0] {
				t.Fatalf("%v: draw %d (%d %s): disc %d wide, dice at %v; the first turn: %d, %v",
					size, i+1, m.table.Turn.Number, m.table.Turn.NumberNote, disc, dice, firstDisc, first)
			}
		}
	}
}

// issue 23 item 8: the big number (z) keeps its size and place when a
// question opens.
func TestFocusKeepsItsSizeWithAQuestion(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
		fresh := func() Model { return press(newTestModel(t, true, size[0], size[1]), "z") }
		quiet := finishTurn(drawTurns(fresh(), 2))
		top, rows := discTop(view(quiet))
		asked := drawTurns(fresh(), 1) // seed 1: a 7 asks who is over the limit
		if asked.table.Question() == nil {
			t.Fatal("seed 1's first draw asks nothing")
		}
		qTop, qRows := discTop(view(asked))
		if qRows != rows || qTop != top {
			t.Errorf("%v: digits %d rows from row %d with a question, %d from row %d without:\n%s\n%s",
				size, qRows, qTop, rows, top, view(asked), view(quiet))
		}
	}
}
