package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/pages/simulate"
)

// runCmd runs cmd and every command its messages bring, feeding each
// message to the root, until none is left (the simulation's end).
func runCmd(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	msgs := make(chan tea.Msg, 16)
	pending := 0
	launch := func(c tea.Cmd) {
		if c == nil {
			return
		}
		pending++
		go func() { msgs <- c() }()
	}
	launch(cmd)
	deadline := time.After(30 * time.Second)
	for pending > 0 {
		select {
		case msg := <-msgs:
			pending--
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					launch(c)
				}
				continue
			}
			if msg == nil {
				continue
			}
			next, c := m.Update(msg)
			m = next.(Model)
			launch(c)
		case <-deadline:
			t.Fatal("the simulation never ended")
		}
	}
	return m
}

// pressOnly applies a key without running the command it returns.
func pressOnly(m Model, k string) (Model, tea.Cmd) {
	next, cmd := m.Update(keyMsg(k))
	return next.(Model), cmd
}

// TestSimulateScreen: m on the table runs the board game's dice simulator
// in the background; the screen shows its progress, then one bar chart per
// figure (golden at 80×24); esc goes back to the table.
func TestSimulateScreen(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	if v := view(press(m, "?")); !strings.Contains(v, "simulate dice") {
		t.Fatalf("no simulate key in the table's help:\n%s", v)
	}
	m, cmd := pressOnly(m, "m")
	if !m.onSimulate() || cmd == nil {
		t.Fatal("m did not start the simulator")
	}
	// A report of progress shows on the bar, and keys still answer.
	next, _ := m.Update(simulate.SimProgressMsg{Run: m.simScreen().RunID, Done: 25000, Total: 50000})
	m = next.(Model)
	v := view(m)
	checkFits(t, v, 80, 24)
	if !strings.Contains(v, "50%") || !strings.Contains(v, "25000 of 50000 games") || !strings.Contains(v, "esc cancel") {
		t.Fatalf("no progress:\n%s", v)
	}
	m = runCmd(t, m, cmd)
	v = view(m)
	checkFits(t, v, 80, 24)
	for _, want := range []string{"Dice simulator", "10000 games of 60 turns per mode, 3 players, seed 1", "mean chi-square", "balanced", "█"} {
		if !strings.Contains(v, want) {
			t.Fatalf("results lack %q:\n%s", want, v)
		}
	}
	golden.RequireEqual(t, []byte(v))
	m = press(m, "end")
	if v := view(m); !strings.Contains(v, "card counter guesses right") {
		t.Fatalf("end does not reach the last figure:\n%s", v)
	}
	m = press(m, "esc")
	if !m.onTable() {
		t.Fatal("esc did not go back to the table")
	}
}

// TestSimulateCancel: esc while the simulation runs cancels it and goes
// back to the table at once; the cancelled run's reports are dropped.
func TestSimulateCancel(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	m, cmd := pressOnly(m, "m")
	sim := m.simScreen()
	first := sim.RunID
	m, _ = pressOnly(m, "esc")
	if !m.onTable() || sim.Running() {
		t.Fatal("esc did not cancel and go back")
	}
	m = runCmd(t, m, cmd) // the run ends early, cancelled
	if !m.onTable() || sim.Results != nil {
		t.Fatal("a cancelled run's results came in")
	}
	// A new run starts afresh.
	m, _ = pressOnly(m, "m")
	if m.simScreen().RunID == first || !m.simScreen().Running() || !strings.Contains(view(m), "0 of 0 games") {
		t.Fatalf("no new run:\n%s", view(m))
	}
	m.simScreen().Stop()
}

// TestSimulateKeyOnlyWithSimulator: games without a simulator show no key.
// The test game has none, and no optional interface at all.
func TestSimulateKeyOnlyWithSimulator(t *testing.T) {
	opts := pluginOptions(t)
	opts.QuickStart = true
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.table.Rules.(expansions.Simulator); ok {
		t.Fatalf("%s has a simulator: the test needs a game without one", m.table.Rules.ID())
	}
	m = update(m, sizeMsg(120, 40))
	if v := view(press(m, "?")); strings.Contains(v, "simulate") {
		t.Fatalf("a simulate key without a simulator:\n%s", v)
	}
	if m = press(m, "m"); !m.onTable() {
		t.Fatal("m left the table without a simulator")
	}
}
