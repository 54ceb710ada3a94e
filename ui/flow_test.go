package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// TestFlowSetupDrawUndoQuit runs the whole program: setup, three draws, an
// undo, quit.
func TestFlowSetupDrawUndoQuit(t *testing.T) {
	opts := testOptions(t)
	opts.Setup = Setup{}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor := func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	waitFor("new game")
	tm.Type("Ann, Bob, Cy")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor("Ann draws the first card")
	want := drawnBy(t, opts.Seed, 3)
	for range 3 {
		tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
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
			t.Fatalf("draw %d was card %d, eventdeck draw gives %d", i+1, s.TurnAt(i).Card, want[i].Card)
		}
	}
	if final.table.turn.Card != want[1].Card {
		t.Fatalf("after undo the table shows card %d, want %d", final.table.turn.Card, want[1].Card)
	}
	if v := view(final); !strings.Contains(v, "next: Cy") {
		t.Fatalf("final view:\n%s", v)
	}
}
