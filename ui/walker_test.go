package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/pages/table"
	"github.com/eventdeck/eventdeck/ui/session"
)

func TestWalkerGolden(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "space", "1", "3", "enter") // Robber Attacks: Ann and Cy are over the limit
	t.Run("question", func(t *testing.T) {
		v := view(m)
		checkFits(t, v, 80, 24)
		golden.RequireEqual(t, []byte(v))
	})
	m = press(m, "9", "enter") // Ann holds 9
	t.Run("discard", func(t *testing.T) {
		v := view(m)
		checkFits(t, v, 80, 24)
		golden.RequireEqual(t, []byte(v))
	})
	m = finishTurn(m)
	t.Run("done", func(t *testing.T) {
		golden.RequireEqual(t, []byte(view(m)))
	})
	wide := update(m, sizeMsg(120, 40))
	wide = press(wide, "u", "u")
	t.Run("wide", func(t *testing.T) {
		v := view(wide)
		checkFits(t, v, 120, 40)
		golden.RequireEqual(t, []byte(v))
	})
}

func TestWalkerKeys(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m = press(m, "space") // seed 1: a 7
	// Who is over the limit: digits tick players, enter confirms.
	m = press(m, "1", "3", "3", "enter")
	if got := m.table.Now().Open.Answers["over-limit"]; got != "0" {
		t.Fatalf("ticked Ann, ticked and unticked Cy: got %q", got)
	}
	// Enter on a number question with nothing typed: asks for a number.
	m = press(m, "enter")
	if !strings.Contains(view(m), "Type a number, or x to skip.") || m.table.Question().Key != "hand:0" {
		t.Fatalf("enter without an answer:\n%s", view(m))
	}
	m = press(m, "1", "5", "backspace", "4", "enter")
	if got := m.table.Now().Open.Answers["hand:0"]; got != "14" {
		t.Fatalf("typed 15, backspace, 4: got %q", got)
	}
	if v := view(m); !strings.Contains(v, "Ann discards 7.") {
		t.Fatalf("no discard line:\n%s", v)
	}
	// Undo takes the answer back, one step at a time.
	m = press(m, "u")
	if _, ok := m.table.Now().Open.Answers["hand:0"]; ok || m.table.Question().Key != "hand:0" {
		t.Fatal("undo did not take the answer back")
	}
	// Draw with no questions: the Production step only tells; enter ends the turn.
	m = finishTurn(m)
	if m.table.Resolving() {
		t.Fatal("turn not done")
	}
}

func TestRememberedAnswerIsOfferedAndFactsCanBeCorrected(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	// Seed 1: the 22nd card is a Conflict (see the history golden).
	m = drawTurns(m, 22)
	if m.table.Turn.Event != "conflict" {
		t.Fatalf("draw 22 is %s", m.table.Turn.Event)
	}
	m = press(m, "2") // Bob holds the Largest Army
	if m.table.Now().Facts["largest-army"] != "1" {
		t.Fatal("Largest Army not remembered")
	}
	if v := view(m); !strings.Contains(v, "Bob (Largest Army) may steal 1 resource") {
		t.Fatalf("conflict step:\n%s", v)
	}
	// The facts screen shows it and corrects it to Cy.
	m = press(finishTurn(m), "f")
	v := view(m)
	if !strings.Contains(v, "Largest Army") || !strings.Contains(v, "Bob") {
		t.Fatalf("facts screen:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
	m = press(m, "3")
	if m.table.Now().Facts["largest-army"] != "2" {
		t.Fatal("facts screen did not correct Largest Army")
	}
	m = press(m, "down", "1") // Longest Road: Ann
	if m.table.Now().Facts["longest-road"] != "0" {
		t.Fatalf("Longest Road not set: %v", m.table.Now().Facts)
	}
	m = press(m, "x")
	if _, ok := m.table.Now().Facts["longest-road"]; ok {
		t.Fatal("x did not forget")
	}
	m = press(m, "esc")
	if !m.onTable() {
		t.Fatal("esc did not go back")
	}
	// The next Conflict offers Cy as before: one key to confirm.
	s := m.table.Now()
	s.StartTurn(deck.Record{Draw: s.Draws + 1, Year: s.Year, Player: s.Current, Card: s.Open.Card})
	m.table.Refresh()
	if v := view(m); !strings.Contains(v, "enter: Cy") {
		t.Fatalf("remembered answer not offered:\n%s", v)
	}
	m = press(m, "enter")
	if v := view(m); !strings.Contains(v, "Cy (Largest Army) may steal 1 resource") {
		t.Fatalf("enter did not confirm the remembered holder:\n%s", v)
	}
}

func TestHandOff(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.HandOff = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = finishTurn(press(m, "space"))
	v := view(m)
	if !strings.Contains(v, "Pass to Bob — Bob: space") {
		t.Fatalf("no hand-off:\n%s", v)
	}
	// The hand-off folds into the draw: one key, and Bob's card is on show.
	m = press(m, "space")
	if m.table.Now().Draws != 2 || m.table.Turn.Player != 1 {
		t.Fatal("space did not draw for Bob")
	}
}

func ckModel(t *testing.T, w, h int, opts map[string]string) Model {
	t.Helper()
	o := testOptions(t)
	o.QuickStart = true
	o.Setup.Options = opts
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, sizeMsg(w, h))
}

func TestCitiesKnightsTableGolden(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
		m := ckModel(t, size[0], size[1], map[string]string{"cities-knights": "on", "deck": "plain"})
		m = drawTurns(m, 9)
		v := view(m)
		checkFits(t, v, size[0], size[1])
		for _, want := range []string{"Barbarians: ●●●●○○○ 4/7", "P politics", "R progress red 4"} {
			if !strings.Contains(v, want) {
				t.Fatalf("%v: C&K table lacks %q:\n%s", size, want, v)
			}
		}
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { golden.RequireEqual(t, []byte(v)) })
	}
}

func TestAlchemyAndBarbarianKeys(t *testing.T) {
	m := ckModel(t, 80, 24, map[string]string{"cities-knights": "on"})
	m = finishTurn(drawTurns(m, 2))
	before := m.table.Now().Deck.Clone()
	if !strings.Contains(view(m), "c alchemy") {
		t.Fatalf("alchemy not offered:\n%s", view(m))
	}
	m = press(m, "c")
	if !strings.Contains(view(m), "Alchemy: the red die") {
		t.Fatalf("alchemy prompt:\n%s", view(m))
	}
	// Issue 23: the Alchemy screen says whose turn it plays: Cy's, who is
	// to roll, though the status still names Bob's turn just done.
	if s := m.table.Now(); s.Players[s.Current].Name != "Cy" || !strings.Contains(view(m), "Alchemy · Cy's turn") {
		t.Fatalf("the Alchemy screen does not say it is Cy's turn:\n%s", view(m))
	}
	m = press(m, "9")
	if !strings.Contains(view(m), "9 is not from 1 to 6.") {
		t.Fatalf("9 accepted as a die:\n%s", view(m))
	}
	m = press(m, "5")
	if !strings.Contains(view(m), "Alchemy: the white die") {
		t.Fatalf("5 not taken:\n%s", view(m))
	}
	m = press(m, "3")
	turn := m.table.Turn
	if !turn.Chosen || turn.Number != 8 || turn.Title != "Alchemy" {
		t.Fatalf("alchemy turn %+v", turn)
	}
	if got := m.table.Now().Deck; string(cardBytesUI(got)) != string(cardBytesUI(before)) {
		t.Fatal("alchemy changed the deck")
	}
	m = press(m, "u")
	if m.table.Turn.Chosen {
		t.Fatal("undo did not take alchemy back")
	}
	// b sets the barbarians by hand. At 80×24 the tracker gives way for the
	// turn's steps (issue 40 item 10): read it where the status has room.
	m = press(m, "b", "5")
	if v := view(update(m, sizeMsg(120, 40))); !strings.Contains(v, "Barbarians: ●●●●●○○ 5/7") {
		t.Fatalf("barbarians not set:\n%s", v)
	}
	m = update(m, sizeMsg(80, 24))
	m = press(m, "b", "esc")
	if strings.Contains(view(m), "their position") {
		t.Fatal("esc did not cancel")
	}
	// Without C&K there is no alchemy key.
	plain := drawTurns(newTestModel(t, true, 80, 24), 1)
	if v := view(finishTurn(plain)); strings.Contains(v, "alchemy") || strings.Contains(v, "Barbarians") {
		t.Fatalf("C&K keys without C&K:\n%s", v)
	}
}

func cardBytesUI(d deck.Deck) []byte {
	var b []byte
	for _, c := range append(append([]deck.Card{}, d.Draw...), d.Discard...) {
		b = append(b, byte(c))
	}
	return b
}

// A leader question takes one digit; a tie takes "+" and the digits.
func TestLeaderIsOneKeyATieAFew(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 80, 24), 3) // seed 1: draw 3 asks who leads on points
	if q := m.table.Question(); q == nil || !q.One {
		t.Fatalf("draw 3 asks %+v", q)
	}
	one := press(m, "2")
	if got := one.table.Now().Open.Answers["most:points"]; got != "1" {
		t.Fatalf("2 answered %q", got)
	}
	if v := view(one); !strings.Contains(v, "Bob gives") {
		t.Fatalf("after one key:\n%s", v)
	}
	// A fresh table: models share their game.
	tie := press(drawTurns(newTestModel(t, true, 80, 24), 3), "+", "1", "2", "enter")
	if got := tie.table.Now().Open.Answers["most:points"]; got != "0,1" {
		t.Fatalf("a tie of Ann and Bob answered %q", got)
	}
	if v := view(tie); !strings.Contains(v, "Ann and Bob each give") {
		t.Fatalf("after a tie:\n%s", v)
	}
}

// At 80×24 a 7 with two players over the limit has more steps than room:
// the answers give way to what the table does, and what still does not fit
// is one ↓ away, never cut without a word.
func TestStepsNeverCutSilently(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		opts := testOptions(t)
		opts.QuickStart = true
		opts.Setup.Players = []string{"Ann", "Bob 🐑", "山田", "Dee"}
		m, _ := New(opts)
		m = update(m, sizeMsg(size[0], size[1]))
		m = press(m, "space", "2", "3", "enter", "9", "enter", "5", "enter") // seed 1: a 7
		v := view(m)
		checkFits(t, v, size[0], size[1])
		seen := strings.Contains(v, "Ann moves the robber")
		if !seen && !strings.Contains(v, "↕ ") {
			t.Fatalf("%v: the robber is cut with no word:\n%s", size, v)
		}
		for range 10 {
			if strings.Contains(view(m), "Ann moves the robber") {
				seen = true
				break
			}
			m = press(m, "down")
		}
		if !seen {
			t.Fatalf("%v: ↓ never shows the robber:\n%s", size, view(m))
		}
		if !strings.Contains(view(m), "Turn done") {
			t.Fatalf("%v: the turn-done line scrolled away:\n%s", size, view(m))
		}
	}
}

// tickQuestion is a game at 80×24 drawn to a question whose answer is
// players ticked.
func tickQuestion(t *testing.T) Model {
	t.Helper()
	m := newTestModel(t, true, 80, 24)
	for i := 0; i < 80; i++ {
		m = press(finishTurn(m), "space")
		if q := m.table.Question(); q != nil && q.Kind == deck.AskPlayers && !q.One {
			return m
		}
	}
	t.Fatal("no tick question in 80 turns: the test no longer reaches what it checks")
	return m
}

// Undo first puts back ticks not yet entered; only then does it undo the
// game.
func TestUndoPutsTicksBackFirst(t *testing.T) {
	m := tickQuestion(t)
	draws := m.table.Now().Draws
	before := m.table.Input.Seats()
	m = press(m, "1")
	if m.table.Input.Seats() == before {
		t.Fatal("1 did not tick")
	}
	m = press(m, "u")
	if m.table.Input.Seats() != before || m.table.Now().Draws != draws || !strings.Contains(view(m), "back as it opened") {
		t.Fatalf("u after a tick: seats %q (was %q), draws %d (was %d)\n%s", m.table.Input.Seats(), before, m.table.Now().Draws, draws, view(m))
	}
	if m = press(m, "u"); !m.table.Snap.CanRedo {
		t.Fatal("a second u did not undo the game")
	}
}

// Issue 23 item 13: space and enter mean one thing on every question:
// take the answer shown. With nothing picked, a question of players (one
// player, the most often one, or a set ticked) answers nobody; a number
// or a yes/no has no answer to take, so the key says what to type.
func TestConfirmMeansOneThingOnEveryQuestion(t *testing.T) {
	m := drawTurns(newTestModel(t, true, 80, 24), 1)
	if m.table.Now().Open == nil {
		t.Fatal("no open turn")
	}
	for _, c := range []struct {
		name    string
		q       deck.Question
		answer  string
		problem string
	}{
		{"one player", deck.Question{Key: "t:one", Kind: deck.AskPlayer}, deck.AnswerNobody, ""},
		{"most often one", deck.Question{Key: "t:most", Kind: deck.AskPlayers, One: true}, deck.AnswerNobody, ""},
		{"players ticked", deck.Question{Key: "t:set", Kind: deck.AskPlayers}, deck.AnswerNobody, ""},
		{"a number", deck.Question{Key: "t:num", Kind: deck.AskNumber}, "", "Type a number, or x to skip."},
		{"yes or no", deck.Question{Key: "t:yn", Kind: deck.AskYesNo}, "", "Press y or n, or x to skip."},
	} {
		for _, k := range []string{"space", "enter"} {
			ts := *m.table.State
			ts.Steps = []deck.Step{{Title: c.name, Question: &c.q}}
			w := &table.StepWalker{State: &ts}
			w.Reset()
			in, problem := w.Walk(keyMsg(k), m.ctx.Keys.Table.Walker)
			if in.Value != c.answer || problem != c.problem || (c.answer != "") != (in.Do == session.DoAnswer) {
				t.Errorf("%s on %s: answer %q, said %q; want %q, %q", k, c.name, in.Value, problem, c.answer, c.problem)
			}
			if hint := strings.ReplaceAll(ansi.Strip(w.Input.Hint(m.ctx.Styles, &c.q, m.table.Now().Players)), common.Keep, " "); c.answer != "" && !strings.Contains(hint, "enter nobody") && !strings.Contains(hint, "enter: nobody") {
				t.Errorf("%s: the hint does not say enter answers nobody: %q", c.name, hint)
			}
		}
	}
}

// Redo never throws away a tick not yet entered for an old answer (a
// play-test: u, then a tick, then ctrl+r applied the undone "nobody"): it
// says what to do instead; once the tick is cleared, it redoes.
func TestRedoKeepsATickNotYetEntered(t *testing.T) {
	m := tickQuestion(t)
	q := m.table.Question()
	m = press(m, "enter", "u") // answered as shown, then undone
	if m.table.Question() == nil || !m.table.Snap.CanRedo {
		t.Fatalf("enter then u did not bring the question back with a redo:\n%s", view(m))
	}
	m = press(m, "1", "ctrl+r")
	if m.table.Question() == nil || !m.table.Typed() || !strings.Contains(view(m), "Enter takes what you typed or ticked") {
		t.Fatalf("ctrl+r after a tick:\n%s", view(m))
	}
	if m = press(m, "u", "ctrl+r"); m.table.Question() != nil && m.table.Question().Key == q.Key {
		t.Fatalf("ctrl+r after u did not redo:\n%s", view(m))
	}
}

// At 80×24 a 7 with a status line to say ("Redone.") shows every step,
// the robber's too, rather than a blank line and a scroll marker (a
// play-test: "↕ lines 1–2 of 5" over two blank rows hid the robber).
func TestSevenShowsTheRobberAt80x24(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Players = []string{"Ann", "Bob", "Cy", "Dee"}
	opts.Seed = 5
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = press(update(m, sizeMsg(80, 24)), "space", "space", "enter", "space", "space", "space", "enter", "u", "ctrl+r")
	v := view(m)
	if m.table.Turn.Number != 7 || !strings.Contains(v, "Redone.") {
		t.Fatalf("seed 5 no longer reaches a redone 7:\n%s", v)
	}
	if !strings.Contains(v, "Robber: Ann moves the robber") || strings.Contains(v, "↕") {
		t.Fatalf("the robber's step is not on screen:\n%s", v)
	}
	checkFits(t, v, 80, 24)
}
