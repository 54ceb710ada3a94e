package catan

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// diceConfig is the default game with a dice mode given as an option value.
func diceConfig(t testing.TB, mode string, more ...string) Config {
	t.Helper()
	opts := map[string]string{OptDice: mode}
	for i := 0; i+1 < len(more); i += 2 {
		opts[more[i]] = more[i+1]
	}
	cfg, err := ParseConfig(opts)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// pearson is Pearson's statistic of counts against expected counts.
func pearson(got []int, want []float64) float64 {
	x := 0.0
	for i := range got {
		d := float64(got[i]) - want[i]
		x += d * d / want[i]
	}
	return x
}

// Critical values of the chi-square distribution at p = 0.001 (any table):
// 10 degrees of freedom for the totals 2..12, and 25 for the red die
// within each total (the 36 pairs less the 11 totals).
const (
	chi10 = 29.588
	chi25 = 52.620
)

// TestDiceModesLongRun: each mode's totals over many rolls fit the two
// dice's odds, and the red die is uniform.
func TestDiceModesLongRun(t *testing.T) {
	r := newRuleset(t)
	for _, tc := range []struct {
		mode  string
		more  []string
		rolls int
	}{
		{mode: DiceDeck, rolls: 36 * 2000},
		{mode: DiceDeck, more: []string{OptDiceStack, "5"}, rolls: 31 * 2000},
		{mode: DiceRandom, rolls: 72000},
		{mode: DiceHybrid + "=50", rolls: 72000},
		{mode: DiceBalanced, rolls: 360000},
	} {
		t.Run(tc.mode+strings.Join(tc.more, ""), func(t *testing.T) {
			cfg := diceConfig(t, tc.mode, tc.more...)
			s := newGame(t, r, cfg, 7)
			totals := make([]int, 11)
			var reds [13][7]int // by total, by red face
			for range tc.rolls {
				red, white, _ := r.Roll(s, &cfg)
				totals[red+white-2]++
				reds[red+white][red]++
				s.NextPlayer()
			}
			want := make([]float64, 11)
			for i, o := range r.Odds(s) { // the mode's own odds
				want[i] = float64(tc.rolls) * float64(o.Ways) / float64(o.Of)
			}
			x := pearson(totals, want)
			t.Logf("%s: chi-square of the totals %.1f (10 df)", tc.mode, x)
			if x > chi10 {
				t.Errorf("totals %v: chi-square %.1f over %.1f", totals, x, chi10)
			}
			// The red die is fair given the total: uniform among the pairs
			// that make it. (With the balanced dice's flatter totals the
			// red die alone leans a little to 1 and 6.)
			xr := 0.0
			for n := 2; n <= 12; n++ {
				var got []int
				var exp []float64
				for red := max(1, n-6); red <= min(6, n-1); red++ {
					got = append(got, reds[n][red])
				}
				for range got {
					exp = append(exp, float64(totals[n-2])/float64(len(got)))
				}
				xr += pearson(got, exp)
			}
			t.Logf("%s: chi-square of the red die within the totals %.1f (25 df)", tc.mode, xr)
			if xr > chi25 {
				t.Errorf("red die within the totals: chi-square %.1f over %.1f", xr, chi25)
			}
		})
	}
}

// play draws n turns through undo, as the app does.
func play(t testing.TB, r *Ruleset, g *deck.Game, n int) []string {
	t.Helper()
	var out []string
	for range n {
		if err := g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err }); err != nil {
			t.Fatal(err)
		}
		turn, _ := r.Turn(g.Now, -1)
		out = append(out, fmt.Sprint(turn.Number, turn.Dice, turn.Rebuilt))
	}
	return out
}

// TestDiceModesUndoAndSave: undo puts back the same roll and the same
// memory, redo and a draw after undo give the same turns again, and a game
// saved and loaded goes on with the same stream.
func TestDiceModesUndoAndSave(t *testing.T) {
	r := newRuleset(t)
	for _, mode := range []string{DiceCards, DiceDeck, DiceRandom, DiceBalanced, DiceHybrid + "=50"} {
		t.Run(mode, func(t *testing.T) {
			cfg := diceConfig(t, mode, OptCK, "on", OptEventDie, DieBalanced)
			g := deck.NewGame(newGame(t, r, cfg, 11))
			play(t, r, g, 30)
			before := g.Now.Clone()
			first := play(t, r, g, 10)
			for range 10 {
				g.Undo()
			}
			if !reflect.DeepEqual(g.Now.Piles, before.Piles) || !reflect.DeepEqual(g.Now.Trackers, before.Trackers) {
				t.Fatalf("undo did not restore the memory:\n%v %v\n%v %v", g.Now.Piles, g.Now.Trackers, before.Piles, before.Trackers)
			}
			if again := play(t, r, g, 10); !reflect.DeepEqual(again, first) {
				t.Fatalf("after undo:\n%v\nwant\n%v", again, first)
			}
			for range 10 {
				g.Undo()
			}
			for range 10 {
				g.Redo()
			}
			data, err := deck.Encode(g)
			if err != nil {
				t.Fatal(err)
			}
			loaded, err := deck.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Validate(loaded.Now); err != nil {
				t.Fatal(err)
			}
			if a, b := play(t, r, g, 40), play(t, r, loaded, 40); !reflect.DeepEqual(a, b) {
				t.Fatalf("after load:\n%v\nwant\n%v", b, a)
			}
		})
	}
}

// TestDiceModeTurns: a dice mode's turn has no event and shows both dice.
func TestDiceModeTurns(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, diceConfig(t, DiceRandom, OptDeck, "plain"), 2)
	turn, err := r.Draw(s)
	if err != nil {
		t.Fatal(err)
	}
	if turn.Event != "" || turn.Title != "" || len(turn.Dice) != 2 {
		t.Fatalf("turn %+v: want no event and two dice", turn)
	}
	if f := turn.Dice[0]; f.Ways != 1 || f.Of != 6 || f.Pips+turn.Dice[1].Pips != turn.Number {
		t.Fatalf("faces %+v", turn.Dice)
	}
	for _, st := range r.Steps(s) {
		if st.Title == "" {
			t.Fatalf("a step without a title: %+v", st)
		}
	}
}

// TestTypedDice: typed dice take the two faces (and with C&K the event
// die), and refuse bad input with a message without changing the game.
func TestTypedDice(t *testing.T) {
	r := newRuleset(t)
	cfg := diceConfig(t, DiceTyped, OptCK, "on")
	g := deck.NewGame(newGame(t, r, cfg, 5))
	main := mainAction(cfg)
	if !main.Main || len(main.Inputs) != 3 {
		t.Fatalf("main action %+v: want three inputs", main)
	}
	if _, err := r.Draw(g.Now); err == nil {
		t.Fatal("a draw with typed dice: want an error")
	}
	for _, bad := range [][]int{{0, 3, 0}, {3, 7, 0}, {3, 3, 4}, {3, 3}, {3, 3, -1}} {
		err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll, Values: bad}) })
		if err == nil || err.Error() == "" {
			t.Errorf("%v: want a message", bad)
		}
		if g.Now.Turns() != 0 || g.CanUndo() {
			t.Fatalf("%v: the game changed", bad)
		}
	}
	if err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll, Values: []int{2, 5, 0}}) }); err != nil {
		t.Fatal(err)
	}
	turn, _ := r.Turn(g.Now, -1)
	if turn.Number != 7 || turn.Event != "" {
		t.Fatalf("turn %+v", turn)
	}
	if f, ok := turn.Die(DieEvent); !ok || f.Value != "ship" {
		t.Fatalf("event die %+v", turn.Dice)
	}
	if f, _ := turn.Die(DieRed); !f.Set || f.Pips != 2 {
		t.Fatalf("red %+v: want set by hand", f)
	}
}

// TestDiceOptions: the option values parse and print back.
func TestDiceOptions(t *testing.T) {
	for _, v := range []string{"cards", "deck", "random", "balanced", "typed", "hybrid=0", "hybrid=50", "hybrid=100"} {
		cfg, err := ParseConfig(map[string]string{OptDice: v})
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.Options()[OptDice]; got != v {
			t.Errorf("%s prints as %s", v, got)
		}
	}
	for _, v := range []string{"hybrid=101", "hybrid=", "dice", "hybrid=-1"} {
		if _, err := ParseConfig(map[string]string{OptDice: v}); err == nil {
			t.Errorf("%s: want an error", v)
		}
	}
}

// TestRemainingWithoutDeck: a card counter has nothing to count with dice
// rolled at random or typed (nil), and counts the cards or pairs otherwise.
func TestRemainingWithoutDeck(t *testing.T) {
	r := newRuleset(t)
	for mode, want := range map[string]bool{DiceCards: true, DiceDeck: true, DiceBalanced: true, "hybrid=50": true, DiceRandom: false, DiceTyped: false} {
		cfg, err := ParseConfig(map[string]string{OptDice: mode})
		if err != nil {
			t.Fatal(err)
		}
		s := newGame(t, r, cfg, 1)
		if got := r.Remaining(s); (len(got) > 0) != want {
			t.Errorf("%s: Remaining %v, want a count %v", mode, got, want)
		}
	}
}
