package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
)

func startFlow(t *testing.T, opts Options) (*teatest.TestModel, func(string)) {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	// Everything the program has written so far: the renderer writes only
	// what changed, so a text may have gone by before we look for it.
	var seen bytes.Buffer
	waitFor := func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			seen.Write(b)
			return bytes.Contains(seen.Bytes(), []byte(what))
		}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	return tm, waitFor
}

var (
	enterKey = tea.KeyMsg{Type: tea.KeyEnter}
	spaceKey = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
)

// TestFlowSetupDrawUndoQuit runs the whole program: setup, three draws, an
// undo, quit. Explorers & Pirates (numbers only) keeps each turn to one
// step, production.
func TestFlowSetupDrawUndoQuit(t *testing.T) {
	opts := testOptions(t)
	opts.Setup = common.Setup{Game: "catan", Options: map[string]string{"explorers": "on"}}
	tm, waitFor := startFlow(t, opts)
	waitFor("new game")
	tm.Type("Ann, Bob, Cy")
	tm.Send(enterKey)
	waitFor("Ann draws the first card")
	want := drawnBy(t, opts.Seed, 3)
	tm.Send(spaceKey) // seed 1 starts with a 7: a 7 is never an event, so E&P walks it too
	waitFor("Who holds more than 7 cards?")
	tm.Send(enterKey) // nobody
	for range 2 {
		tm.Send(spaceKey) // a turn that only tells needs no other key
	}
	waitFor("Year 1 · draw 3 of 31")
	tm.Type("u")
	waitFor("Undone")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
	s := final.table.Now()
	if s.Draws != 2 || s.Turns() != 2 {
		t.Fatalf("after three draws and an undo: %d draws", s.Draws)
	}
	for i := range s.Turns() {
		if got, _ := final.table.Rules.Turn(s, i); faces(got) != faces(want[i]) || got.Number != want[i].Number {
			t.Fatalf("draw %d was %d %s, eventdeck draw gives %d %s", i+1, got.Number, faces(got), want[i].Number, faces(want[i]))
		}
	}
	if final.table.Turn.Number != want[1].Number || faces(final.table.Turn) != faces(want[1]) {
		t.Fatalf("after undo the table shows %d, want %d", final.table.Turn.Number, want[1].Number)
	}
}

// TestFlowRobberAttacks walks a Robber Attacks (seed 1 draws a 7 first):
// hands answered and skipped, who discards, the robber, production.
func TestFlowRobberAttacks(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	if first := drawnBy(t, opts.Seed, 1)[0]; first.Event != "robber-attacks" {
		t.Fatalf("seed %d starts with %s", opts.Seed, first.Event)
	}
	tm, waitFor := startFlow(t, opts)
	waitFor("Ann draws the first card")
	tm.Send(spaceKey)
	waitFor("Who holds more than 7 cards?")
	tm.Type("1")
	tm.Type("2")
	tm.Type("3")
	tm.Send(enterKey) // Ann, Bob and Cy
	waitFor("How many cards does Ann hold?")
	tm.Type("9")
	tm.Send(enterKey)
	waitFor("How many cards does Bob hold?")
	tm.Type("x") // Bob's hand: skipped
	waitFor("How many cards does Cy hold?")
	tm.Type("12")
	tm.Send(enterKey)
	waitFor("Turn done")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
	open := final.table.Now().Open
	if open.Answers["hand:0"] != "9" || open.Answers["hand:1"] != deck.AnswerSkip || open.Answers["hand:2"] != "12" {
		t.Fatalf("answers kept: %v", open.Answers)
	}
	v := view(update(final, sizeMsg(100, 40)))
	for _, want := range []string{"✓ Ann's hand: 9", "✓ Bob's hand: skipped", "Ann discards 4.", "Bob discards half, rounded down.", "Cy discards 6.", "Ann moves the robber", "7: nothing produces this turn."} {
		if !strings.Contains(v, want) {
			t.Fatalf("step list lacks %q:\n%s", want, v)
		}
	}
}
