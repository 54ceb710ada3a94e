package ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// drawnBy returns the turns `eventdeck draw` makes for seed: the cards the
// table screen must show.
func drawnBy(t *testing.T, seed uint64, n int) []deck.Turn {
	t.Helper()
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.NewGame(nil, []deck.Player{{Name: "x"}, {Name: "y"}}, seed)
	if err != nil {
		t.Fatal(err)
	}
	var out []deck.Turn
	for range n {
		turn, err := r.Draw(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, turn)
	}
	return out
}

func TestTableGolden(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTestModel(t, true, size[0], size[1])
			m = drawTurns(m, 3)
			v := view(m)
			checkFits(t, v, size[0], size[1])
			golden.RequireEqual(t, []byte(v))
		})
	}
}

func TestTableNewYearGolden(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 80, 24), 32)
	v := view(m)
	if !strings.Contains(v, "New Year: the deck is reshuffled. Year 2 begins.") || !strings.Contains(v, "Year 2 · draw 1 of 31") {
		t.Fatalf("draw 32 does not show New Year:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
}

func TestTableShowsTheCardsOfEventdeckDraw(t *testing.T) {
	want := drawnBy(t, 1, 40)
	m := newTestModel(t, true, 80, 24)
	for i, w := range want {
		m = drawTurns(m, 1)
		got := m.table.Turn
		if faces(got) != faces(w) || got.Number != w.Number || got.Event != w.Event {
			t.Fatalf("draw %d: table shows %+v, eventdeck draw %+v", i+1, got, w)
		}
		v := view(m)
		if !strings.Contains(v, fmt.Sprintf("Last: %d", w.Number)) {
			t.Fatalf("draw %d: %d not on screen:\n%s", i+1, w.Number, v)
		}
		if w.Title != "" && !strings.Contains(v, w.Title) {
			t.Fatalf("draw %d: %q not on screen:\n%s", i+1, w.Title, v)
		}
	}
}

func TestTableTurnsAndUndo(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	v := view(m)
	if !strings.Contains(v, "Ann draws the first card") || strings.Contains(v, "u undo") {
		t.Fatalf("before the first draw:\n%s", v)
	}
	m = press(m, "space")
	first := m.table.Turn
	if v := view(m); !strings.Contains(v, "Turn: Ann (red)") || !strings.Contains(v, "next: Bob (blue)") || !strings.Contains(v, "u undo") {
		t.Fatalf("after Ann's draw:\n%s", v)
	}
	// While a turn is being resolved, space walks the steps and n/p do not apply.
	if v := view(m); !strings.Contains(v, "enter answer") || m.table.Keys().Next.Enabled() {
		t.Fatalf("help while resolving:\n%s", v)
	}
	m = finishTurn(m)
	if v := view(m); !strings.Contains(v, "Turn done. Space: Bob draws.") || !m.table.Keys().Next.Enabled() {
		t.Fatalf("after the steps:\n%s", v)
	}
	m = press(m, "space")
	second := m.table.Turn
	m = press(m, "u")
	if faces(m.table.Turn) != faces(first) || !strings.Contains(view(m), "next: Bob") || m.table.Resolving() {
		t.Fatalf("undo shows %+v, want the first card again, resolved", m.table.Turn)
	}
	if !strings.Contains(view(m), "ctrl+r redo") {
		t.Fatalf("redo not offered after undo:\n%s", view(m))
	}
	m = press(m, "space")
	if faces(m.table.Turn) != faces(second) {
		t.Fatalf("the draw after undo gave card %s, want the same card %s", faces(m.table.Turn), faces(second))
	}
	m = press(m, "u", "ctrl+r")
	if faces(m.table.Turn) != faces(second) {
		t.Fatal("redo did not bring the card back")
	}
	// n and p move the turn by hand, and undo takes that back too.
	m = press(finishTurn(m), "n")
	if v := view(m); !strings.Contains(v, "next: Ann") || !strings.Contains(v, "Ann draws next.") {
		t.Fatalf("after n:\n%s", v)
	}
	m = press(m, "p", "p")
	if v := view(m); !strings.Contains(v, "next: Bob") {
		t.Fatalf("after p p:\n%s", v)
	}
	m = press(m, "u")
	if v := view(m); !strings.Contains(v, "next: Cy") {
		t.Fatalf("after undo of p:\n%s", v)
	}
	// Undo all the way back: nothing drawn, nothing more to undo.
	for range 40 {
		m = press(m, "u")
	}
	if v := view(m); !strings.Contains(v, "Ann draws the first card") || m.table.Snap.CanUndo {
		t.Fatalf("after undoing everything:\n%s", v)
	}
}

func TestTooSmallAndResize(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 80, 24), 1)
	m = update(m, sizeMsg(40, 10))
	v := view(m)
	if !strings.Contains(v, "terminal too small (need 60×20)") {
		t.Fatalf("at 40×10:\n%s", v)
	}
	checkFits(t, v, 40, 10)
	drawn := m.table.Now().Draws
	m = press(m, "space") // no draws on a screen nobody can read
	if m.table.Now().Draws != drawn {
		t.Fatal("a key drew while the terminal was too small")
	}
	m = update(m, sizeMsg(60, 20))
	if v := view(m); strings.Contains(v, "too small") || !strings.Contains(v, "Turn: ") || !strings.Contains(v, "Robber Attacks") {
		t.Fatalf("did not recover at 60×20:\n%s", v)
	}
	// Any size, at any moment: no panic, nothing wider or taller than the screen.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		w, h := 1+rng.IntN(300), 1+rng.IntN(100)
		m = update(m, sizeMsg(w, h))
		if i%3 == 0 {
			m = press(m, "space")
		}
		if i%17 == 0 {
			m = press(m, "?")
		}
		checkFits(t, view(m), w, h)
	}
}

func TestFullHelp(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "?")
	v := view(m)
	for _, want := range []string{"Keys", "draw", "previous player", "quit now"} {
		if !strings.Contains(v, want) {
			t.Fatalf("full help lacks %q:\n%s", want, v)
		}
	}
	m = press(m, "space") // keys do not reach the table under the help
	if m.table.Shown {
		t.Fatal("space drew under the help")
	}
	m = press(m, "esc")
	if strings.Contains(view(m), "Keys") {
		t.Fatal("esc did not close the help")
	}
}

func TestNoColourWithASCII(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "space")
	if strings.Contains(m.View(), "\x1b[") {
		t.Fatal("escape codes with the ASCII profile (NO_COLOR)")
	}
}

func TestCountingAid(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.CountAid = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = drawTurns(m, 1)
	n := m.table.Turn.Number
	v := view(m)
	if !strings.Contains(v, "Not yet seen:") {
		t.Fatalf("no counting aid:\n%s", v)
	}
	full := map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
	if !strings.Contains(v, fmt.Sprintf("%d:%d", n, full[n]-1)) {
		t.Fatalf("counting aid does not count the %d drawn:\n%s", n, v)
	}
	// Off by default.
	if strings.Contains(view(drawTurns(newTestModel(t, true, 80, 24), 1)), "Not yet seen") {
		t.Fatal("counting aid shown by default")
	}
}

func TestQuitAsksWhileResolving(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "space") // a Robber Attacks: steps to walk
	next, cmd := m.Update(keyMsg("q"))
	m = next.(Model)
	if cmd != nil || !strings.Contains(view(m), "y quits") {
		t.Fatalf("q did not ask:\n%s", view(m))
	}
	m = press(m, "n")
	if strings.Contains(view(m), "y quits") || !m.table.Resolving() {
		t.Fatal("another key did not cancel")
	}
	m = press(m, "q")
	if _, cmd := m.Update(keyMsg("y")); cmd == nil {
		t.Fatal("y did not quit")
	}
	// Once the turn is resolved q quits at once.
	m = finishTurn(press(m, "n"))
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Fatal("q did not quit after the turn")
	}
}

// faces is a turn's dice in a few letters, to compare two turns' cards.
func faces(t deck.Turn) string {
	var b strings.Builder
	for _, f := range t.Dice {
		b.WriteString(f.Label() + ";")
	}
	return b.String()
}

// TestCountingAidWithoutDeck: dice that deal from no deck have nothing to
// count, so the counting aid shows no "Not yet seen:" line at all.
func TestCountingAidWithoutDeck(t *testing.T) {
	for _, dice := range []string{"random", "typed"} {
		opts := testOptions(t)
		opts.QuickStart = true
		opts.Setup.CountAid = true
		opts.Setup.Options = map[string]string{"dice": dice}
		m, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		m = update(m, sizeMsg(80, 24))
		if dice == "random" {
			m = drawTurns(m, 1)
		}
		if v := view(m); strings.Contains(v, "Not yet seen") {
			t.Errorf("%s dice: an empty counting line:\n%s", dice, v)
		}
	}
}

// An event's rule is said once on the screen: the step that tells it, not
// the event's text again beside it (issue 11: Epidemic, Plentiful Year).
func TestEventRuleSaidOnce(t *testing.T) {
	turns := drawnBy(t, 1, 60)
	for _, event := range []string{"epidemic", "plentiful-year"} {
		n := -1
		for i, w := range turns {
			if w.Event == event {
				n = i + 1
				break
			}
		}
		if n < 0 {
			t.Fatalf("seed 1 draws no %s in 60", event)
		}
		m := drawTurns(newTestModel(t, true, 120, 40), n)
		text := m.table.Turn.Text
		if got := strings.Count(strings.ReplaceAll(view(m), "\n", " "), text[:30]); got != 1 {
			t.Fatalf("%s: its rule is on the screen %d times:\n%s", event, got, view(m))
		}
	}
}

// Names with emoji and wide characters keep the history's columns in line.
func TestWideNamesKeepColumns(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Players = []string{"Ann🎲", "李雷", "Zoë"}
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = drawTurns(m, 6)
	v := view(press(finishTurn(m), "h"))
	checkFits(t, v, 80, 24)
	col := -1
	for _, l := range strings.Split(v, "\n") {
		for _, name := range []string{"Ann🎲", "李雷", "Zoë"} {
			i := strings.Index(l, name)
			if i < 0 {
				continue
			}
			// The dice column starts at the same display cell on every row.
			r := strings.Index(l, "  R")
			if r < 0 {
				continue
			}
			c := lipgloss.Width(l[:r])
			if col < 0 {
				col = c
			} else if c != col {
				t.Fatalf("the number column moves for %s (%d, was %d):\n%s", name, c, col, v)
			}
		}
	}
	if col < 0 {
		t.Fatalf("no player in the history:\n%s", v)
	}
}

// Long names keep the turn line on one line: the colours' words give way.
func TestTurnLineFitsLongNames(t *testing.T) {
	m := quickGame(t, 66, 24, "Alexandra Konstantinova", "Bartholomew Fairweather") // 76 columns with the colours' words
	m = press(m, "space")
	for _, line := range strings.Split(view(m), "\n") {
		if strings.HasPrefix(line, "Turn: ") {
			if line != "Turn: Alexandra Konstantinova   next: Bartholomew Fairweather" {
				t.Fatalf("turn line %q", line)
			}
			return
		}
	}
	t.Fatalf("no turn line:\n%s", view(m))
}

// The full help fits a narrow screen: columns that do not fit side by side
// go under the others, none cut.
func TestFullHelpFitsANarrowScreen(t *testing.T) {
	m := quickGame(t, 60, 24, "Ann", "Bob", "Cy")
	m = press(m, "space")
	m = finishTurn(m)
	m = press(m, "?")
	v := view(m)
	checkFits(t, v, 60, 24)
	for _, g := range m.table.FullHelp() {
		for _, b := range g {
			if b.Enabled() && !strings.Contains(v, b.Help().Desc) {
				t.Errorf("full help lacks %q:\n%s", b.Help().Desc, v)
			}
		}
	}
}

// History keeps long answers and rebuilds whole: answers that do not fit
// beside the turn go under it, wrapped, never cut.
func TestHistoryWrapsLongAnswers(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 60, 24), 2)
	m = finishTurn(m)
	s := m.table.Now()
	long := "Over the limit: Alexandra Konstantinova, Bartholomew Fairweather and Cornelius Vanderbilt"
	if s.Open != nil {
		s.Open.Said = map[string]string{"over": long}
	} else {
		turns := s.History.Records(0)
		turns[len(turns)-1].Said = map[string]string{"over": long}
		s.History = deck.HistoryOf(turns...)
	}
	m = press(m, "h")
	v := view(m)
	checkFits(t, v, 60, 24)
	if !strings.Contains(strings.Join(strings.Fields(v), " "), long) {
		t.Fatalf("history cut the answer:\n%s", v)
	}
}

// A long warning (a skipped card file and why) wraps above the footer
// instead of being cut, and the screen still fits.
func TestWarningWraps(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Warning = `Card file house.toml skipped: house.toml:2:1: id "Sheep For All": use lower-case letters, digits and dashes (and 3 more) A saved game keeps its own copy of the cards it plays.`
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	checkFits(t, v, 80, 24)
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "A saved game keeps its own copy of the cards it plays.") {
		t.Fatalf("the warning is cut:\n%s", v)
	}
}

// History's player column fits the longest name.
func TestHistoryShowsLongNamesWhole(t *testing.T) {
	m := drawTurns(quickGame(t, 80, 24, "Alexandrina-Maximiliane", "Bob"), 2)
	if v := view(press(finishTurn(m), "h")); !strings.Contains(v, "Alexandrina-Maximiliane ") {
		t.Fatalf("history cut the name:\n%s", v)
	}
}
