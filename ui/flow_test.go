package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/eventdeck/eventdeck/deck"
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
	opts.Setup = Setup{Game: "catan", Options: map[string]string{"explorers": "on"}}
	tm, waitFor := startFlow(t, opts)
	waitFor("new game")
	tm.Type("Ann, Bob, Cy")
	tm.Send(enterKey)
	waitFor("Ann draws the first card")
	want := drawnBy(t, opts.Seed, 3)
	for i := range 3 {
		if i > 0 {
			tm.Send(enterKey) // production: done
		}
		tm.Send(spaceKey)
	}
	waitFor("Year 1 · draw 3 of 31")
	tm.Type("u")
	waitFor("Undone")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
	s := final.table.game.Now
	if s.Draws != 2 || s.Turns() != 2 {
		t.Fatalf("after three draws and an undo: %d draws", s.Draws)
	}
	for i := range s.Turns() {
		if rec := s.TurnAt(i); rec.Card != want[i].Card {
			t.Fatalf("draw %d was card %d, eventdeck draw gives %d", i+1, rec.Card, want[i].Card)
		}
	}
	if final.table.turn.Card != want[1].Card {
		t.Fatalf("after undo the table shows card %d, want %d", final.table.turn.Card, want[1].Card)
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
	waitFor("How many cards does Ann hold?")
	tm.Type("9")
	tm.Send(enterKey)
	waitFor("How many cards does Bob hold?")
	tm.Type("x") // Bob's hand: skipped
	waitFor("How many cards does Cy hold?")
	tm.Type("12")
	tm.Send(enterKey)
	waitFor("Ann discards 4 (holds 9).")
	waitFor("Cy discards 6 (holds 12).")
	waitFor("Bob: holding more than 7 cards, discard half")
	tm.Send(enterKey)
	waitFor("Ann moves the robber")
	tm.Send(enterKey)
	waitFor("7: nothing produces this turn.")
	tm.Send(enterKey)
	waitFor("Turn done. Space: Bob draws.")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
	open := final.table.game.Now.Open
	if open.Answers["hand:0"] != "9" || open.Answers["hand:1"] != deck.AnswerSkip || open.Answers["hand:2"] != "12" {
		t.Fatalf("answers kept: %v", open.Answers)
	}
	if v := view(final); !strings.Contains(v, "✓ Hand: Ann 9") || !strings.Contains(v, "✓ Hand: Bob skipped") {
		t.Fatalf("step list:\n%s", v)
	}
}
