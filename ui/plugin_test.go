package ui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/testgame"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pieces"
	"github.com/eventdeck/eventdeck/ui/pages/table"
)

// pluginOptions offers the board game and the test game (expansions/testgame),
// which plugs in with no change outside its own package.
func pluginOptions(t *testing.T) Options {
	t.Helper()
	opts := testOptions(t)
	opts.Rulesets = append(opts.Rulesets, testgame.Ruleset{})
	opts.Setup = common.Setup{Game: testgame.ID, Players: []string{"Ann", "Bob"}}
	return opts
}

// A ruleset written only inside a test drives the setup screen, the table,
// history, statistics, the reference and the facts key.
func TestAGameWrittenInATestPlaysEveryScreen(t *testing.T) {
	m, err := New(pluginOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, want := range []string{"Test game (d6 and a coin)", "Coin", "fair"} {
		if !strings.Contains(v, want) {
			t.Fatalf("setup lacks %q:\n%s", want, v)
		}
	}
	m = press(m, "enter")
	if !m.onTable() {
		t.Fatalf("enter did not start:\n%s", view(m))
	}
	if v := view(m); !strings.Contains(v, "Ann rolls first: press space.") || !strings.Contains(v, "space roll") {
		t.Fatalf("table before the first roll:\n%s", v)
	}
	m = press(m, "space")
	turn := m.table.Turn
	prod, _ := turn.Die(testgame.DieProduction)
	coin, _ := turn.Die(testgame.DieCoin)
	v = view(m)
	for _, want := range []string{prod.Label(), coin.Label(), "Who takes the coin?", "1 Ann", "Pot"} {
		if !strings.Contains(v, want) {
			t.Fatalf("table lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, v, 80, 24)
	// Enter with nobody picked answers nobody, as on every question of
	// players (issue 23: one key, one meaning); undo asks again.
	if !strings.Contains(v, "0/enter nobody") {
		t.Fatalf("the question does not say what enter answers:\n%s", v)
	}
	m = press(m, "enter")
	if v := view(m); !strings.Contains(v, "✓ Coin: nobody") {
		t.Fatalf("enter on a question without a default:\n%s", v)
	}
	if m = press(m, "u"); !strings.Contains(view(m), "Who takes the coin?") {
		t.Fatalf("undo does not ask again:\n%s", view(m))
	}
	m = press(m, "2") // Bob takes the coin
	if v := view(m); !strings.Contains(v, "✓ Coin: Bob") || !strings.Contains(v, "Turn done. Space: Bob rolls.") {
		t.Fatalf("after the answer:\n%s", v)
	}
	// The next turn offers the remembered holder; three more turns.
	m = press(m, "space")
	if v := view(m); !strings.Contains(v, "enter: Bob") {
		t.Fatalf("remembered answer not offered:\n%s", v)
	}
	m = press(m, "enter", "space", "x", "space", "enter")
	if m.table.Now().Turns() != 4 {
		t.Fatalf("%d turns, want 4", m.table.Now().Turns())
	}
	// History: every turn, its dice and its answers in words.
	h := view(press(m, "h"))
	for _, want := range []string{"History", "Coin: Bob", "Coin: skipped", "Ann", "P"} {
		if !strings.Contains(h, want) {
			t.Fatalf("history lacks %q:\n%s", want, h)
		}
	}
	m = press(m, "h", "esc", "s")
	st := view(m)
	for _, want := range []string{"Statistics", "Whole game: 4 turns", "Players", "Ann", "Events seen"} {
		if !strings.Contains(st, want) {
			t.Fatalf("statistics lack %q:\n%s", want, st)
		}
	}
	if strings.Contains(st, " 7 ") || strings.Contains(st, "12 ") {
		t.Fatalf("statistics show two-dice numbers for a d6 game:\n%s", st)
	}
	m = press(m, "esc", "/")
	m = press(m, "c", "o", "i", "n")
	if r := view(m); !strings.Contains(r, "Test game: the coin") {
		t.Fatalf("reference lacks the game's entries:\n%s", r)
	}
	// f: this game keeps no facts, so the key does nothing and is not offered.
	m = press(m, "esc")
	if v := view(m); strings.Contains(v, "f facts") {
		t.Fatalf("facts offered for a game without facts:\n%s", v)
	}
	if m = press(m, "f"); !m.onTable() {
		t.Fatal("f left the table in a game without facts")
	}
}

// A fact corrected with f is saved at once, like any other change
// (issue 9: the save used to run only on the table screen).
func TestFactCorrectedWithFIsSaved(t *testing.T) {
	dir := t.TempDir()
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Store = deck.NewStore(dir)
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	m = finishTurn(press(m, "space"))
	m = press(m, "f", "down", "2") // Longest Road: Bob
	if m.table.Now().Facts["longest-road"] != "1" {
		t.Fatalf("facts: %v", m.table.Now().Facts)
	}
	// ctrl+c quits at once: what is on disk must hold the fact already.
	data, err := os.ReadFile(filepath.Join(dir, deck.SaveFile))
	if err != nil {
		t.Fatal(err)
	}
	g, err := deck.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Now.Facts["longest-road"] != "1" {
		t.Fatalf("saved facts: %v", g.Now.Facts)
	}
}

// A warning under the screen leaves the position row of history,
// statistics and the reference in view (issue 9).
func TestWarningKeepsThePositionRow(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Warning = "The remembered setup could not be read; it was moved aside."
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = drawTurns(m, 40)
	for _, k := range []string{"h", "s", "/"} {
		v := view(press(finishTurn(m), k))
		checkFits(t, v, 80, 24)
		if !strings.Contains(v, "lines") || !strings.Contains(v, "could not be read") {
			t.Fatalf("%s with a warning:\n%s", k, v)
		}
	}
}

// The widgets at three widths: the number disc scales with the window,
// the dice keep their size (bubbles' help_test.go style).
func TestWidgetGoldens(t *testing.T) {
	st := common.NewStyles(asciiRenderer())
	g := testOptions(t).Glyphs
	faces := map[string]deck.Face{
		"pip":    {Die: "red", Name: "red", Value: "5", Pips: 5, Letter: "R", Colour: "red", Ways: 1, Of: 6},
		"symbol": {Die: "event_die", Name: "event", Value: "ship", Symbol: "ship", Letter: "B", Colour: "black", Ways: 3, Of: 6},
	}
	for _, size := range [][2]int{{60, 20}, {120, 40}, {200, 60}} {
		name := filepath.Join("w" + strings.Join([]string{itoa(size[0]), itoa(size[1])}, "x"))
		t.Run("disc-"+name, func(t *testing.T) {
			turn := deck.Turn{Number: 8, Pips: 5, NumberNote: "hot", NumberAlert: true}
			golden.RequireEqual(t, []byte(pieces.Disc(st, g, turn, table.DigitScale(g, size[0], size[1]))))
		})
		for kind, f := range faces {
			t.Run(kind+"-"+name, func(t *testing.T) {
				out := pieces.Die(st, f)
				if w := len([]rune(strings.Split(out, "\n")[0])); w > size[0] {
					t.Fatalf("die %d wide at width %d", w, size[0])
				}
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
