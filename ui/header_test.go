package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The Card Game's header shows its year and how much of the event deck the
// year has drawn, beside the game, as Rivals' does: a "?" draws a card, and
// Year End starts the next year with the card drawn after it. The Basic
// Game's deck is 10 cards, Year End one of them: the header counts all 10.
func TestCardGameHeaderShowsYearAndDeck(t *testing.T) {
	m := newGame(t, "card-game", nil)
	head := func(m Model) string {
		t.Helper()
		h := strings.SplitN(view(m), "\n", 2)[0]
		if w := ansi.StringWidth(h); w > 80 {
			t.Fatalf("header %q is %d wide", h, w)
		}
		return h
	}
	if h := head(m); !strings.Contains(h, "Basic Game") || !strings.HasSuffix(strings.TrimSpace(h), "Year 1 · drawn 0 of 10") {
		t.Fatalf("before the first roll, header %q", h)
	}
	drawn := 0
	for i := 0; ; i++ {
		if i > 200 {
			t.Fatal("no Year End in 200 rolls")
		}
		m = drawTurns(m, 1)
		if m.table.turn.Rebuilt {
			break
		}
		if m.table.turn.Card != "" {
			drawn++
		}
		if want := "Year 1 · drawn " + itoa(drawn) + " of 10"; !strings.HasSuffix(strings.TrimSpace(head(m)), want) {
			t.Fatalf("roll %d: header %q, want %q", i+1, head(m), want)
		}
	}
	if drawn == 0 {
		t.Fatal("Year End came before any card: the test does not see the count rise")
	}
	if h := head(m); !strings.HasSuffix(strings.TrimSpace(h), "Year 2 · drawn 1 of 10") {
		t.Fatalf("after Year End, header %q", h)
	}
}
