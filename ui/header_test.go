package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/rivals"
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
		if m.table.Turn.Rebuilt {
			break
		}
		if m.table.Turn.Card != "" {
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

// Play-test: at 80 columns the header of Cities & Knights with its options
// read "eventdeck · Catan · Cities & Knights · …". The header keeps whole
// parts of the game's description, most useful first, with no "…", and
// the year and draw; at 60 columns too.
func TestHeaderDropsWholePartsWithoutEllipsis(t *testing.T) {
	for _, opts := range []map[string]string{
		{"cities-knights": "on"},
		{"cities-knights": "on", "seafarers": "on", "seasons": "on"},
		{"cities-knights": "on", "dice": "balanced", "edition": "5"},
	} {
		for _, w := range []int{60, 80} {
			m := ckModel(t, w, 24, opts)
			head, _, _ := strings.Cut(view(m), "\n")
			desc := m.table.Rules.(expansions.Describer).Describe(m.table.Now())
			progress := m.table.Rules.(expansions.Progresser).Progress(m.table.Now())
			shown := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(head, "eventdeck"), " · "))
			shown, _, _ = strings.Cut(shown, "  ") // the description, before the gap to the progress
			if strings.Contains(head, "…") || ansi.StringWidth(head) > w || !strings.HasPrefix(desc, shown) ||
				!strings.Contains(shown, "Cities & Knights") || !strings.HasSuffix(head, progress) {
				t.Errorf("%v at %d columns: header %q (the game: %q)", opts, w, head, desc)
			}
			if parts := strings.Split(desc, " · "); w == 80 && len(strings.Split(shown, " · ")) < 3 && len(parts) > 3 {
				t.Errorf("%v at 80 columns: header %q keeps too little of %q", opts, head, desc)
			}
		}
	}
}

// At 80 columns a Duel's header keeps the goal and names its sets in the
// order of the "Sets:" line, where the play-test saw "goal 13 · …" (the
// sets hidden) and, in a shorter case, the sets in another order.
func TestDuelHeaderAt80Columns(t *testing.T) {
	for _, tc := range []struct {
		options map[string]string
		picks   []string // keys of the picks at the table
		sets    string
	}{
		{map[string]string{"mode": "duel", "sets": "gold,sages", "pick-by-lot": "on"}, nil, "Gold, Sages, Barbarians"},
		{map[string]string{"mode": "duel", "sets": "merchants,barbarians,prosperity"}, nil, "Merchant Princes, Barbarians, Prosperity"},
		// Ann picks Prosperity, Bob Merchant Princes; Barbarians by lot.
		{map[string]string{"mode": "duel"}, []string{"space", "9", "space", "5"}, "Prosperity, Merchant Princes, "},
	} {
		m := press(newGame(t, rivals.ID, tc.options), tc.picks...)
		v := view(m)
		head, _, _ := strings.Cut(v, "\n")
		if !strings.Contains(head, "goal 13 · Duel: "+tc.sets) || strings.Contains(head, "…") || ansi.StringWidth(head) > 80 {
			t.Errorf("%v: header %q", tc.options, head)
		}
		// The Sets line names them in the header's order.
		_, line, _ := strings.Cut(v, "Sets: ")
		line, _, _ = strings.Cut(line, "\n")
		line = strings.TrimSpace(line)
		var names []string
		for _, set := range strings.Split(line, ", ") {
			name, _, _ := strings.Cut(set, " (")
			names = append(names, name)
		}
		if !strings.Contains(head, "Duel: "+strings.Join(names, ", ")+" ") {
			t.Errorf("%v: header %q, Sets: %q", tc.options, head, line)
		}
	}
}
