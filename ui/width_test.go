package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
)

// cellWidth agrees with ansi.StringWidth on every line the table draws in
// every game (true colour, escapes and all), and on random text of the
// characters it counts fast and those it does not.
func TestCellWidthAgreesWithAnsi(t *testing.T) {
	for _, game := range []string{"catan", "rivals", "card-game"} {
		m := newGame(t, game, nil)
		m.ctx.Styles = common.NewStyles(trueColour())
		for range 30 {
			m = press(m, "space")
			for m.table.Question() != nil {
				m = press(m, "x")
			}
			for _, l := range strings.Split(m.View(), "\n") {
				if got, want := common.CellWidth(l), ansi.StringWidth(l); got != want {
					t.Fatalf("%s: cellWidth %d, ansi %d: %q", game, got, want, l)
				}
			}
		}
	}
	pieces := []string{"a", "Z", " ", "é", "●", "╔", "▶", "✓", "·", "…", "←", "◽", "👩\u200d👩", "e\u0301", "漢", "\x1b[1;38;2;1;2;3m", "\x1b[0m", "\x1b]8;;x\x07", "\u00ad", "\t", "\ufe0f", "\x1b"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := common.CellWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("cellWidth %d, ansi %d: %q", got, want, s)
		}
	}
}
