package ui

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/pages/players"
	"github.com/eventdeck/eventdeck/ui/pages/reference"
	"github.com/eventdeck/eventdeck/ui/pages/setup"
	"github.com/eventdeck/eventdeck/ui/pages/simulate"
	"github.com/eventdeck/eventdeck/ui/pages/stats"
)

// asciiRenderer renders without colour, as golden files need.
func asciiRenderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	r.SetHasDarkBackground(true)
	return r
}

func testOptions(t testing.TB) Options {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	g, err := digits.Load(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		Rulesets: rs,
		Seed:     1,
		Renderer: asciiRenderer(),
		Glyphs:   g,
		Setup:    common.Setup{Game: "catan", Players: []string{"Ann", "Bob", "Cy"}},
	}
}

func newTestModel(t testing.TB, quick bool, w, h int) Model {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart = quick
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// update applies msg, then runs every command it returns, batches and
// sequences included, feeding their messages back in until none is left:
// what a key does, its save included, is done when update returns. The
// turn timer's ticks are dropped, not waited for (a test sends them, with
// a clock of its own: see testClock); the session's saves are waited for.
func update(m Model, msg tea.Msg) Model {
	m = keyAtPace(m, msg)
	if m.sess != nil {
		_ = m.sess.Flush()
	}
	return m
}

// keyAtPace is update without its fold: msg and every command it returns.
func keyAtPace(m Model, msg tea.Msg) Model {
	m.ctx.Clock = func(tea.Cmd) tea.Cmd { return nil }
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		next, cmd := m.Update(queue[0])
		m, queue = next.(Model), queue[1:]
		queue = append(queue, run(cmd)...)
	}
	return m
}

// run runs cmd and returns the messages it makes, opening batches; the quit message stays out.
func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil, tea.QuitMsg:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, run(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

// quickGame is a Catan game started from the command line with players,
// on a w×h screen.
func quickGame(t testing.TB, w, h int, players ...string) Model {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Players = players
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, sizeMsg(w, h))
}

func press(m Model, keys ...string) Model {
	for _, k := range keys {
		m = update(m, keyMsg(k))
	}
	return m
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "ctrl+u":
		return tea.KeyMsg{Type: tea.KeyCtrlU}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// typeText types text a key at a time, a space as the space key.
func typeText(m Model, text string) Model {
	for _, r := range text {
		if r == ' ' {
			m = press(m, "space")
			continue
		}
		m = press(m, string(r))
	}
	return m
}

func view(m Model) string {
	v := m.View()
	if !strings.Contains(v, "\x1b") {
		return v // the ASCII renderer's frames: nothing to strip
	}
	return ansi.Strip(v)
}

// checkFits fails if any line of v is wider than w or v is taller than h.
func checkFits(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Errorf("%d lines at height %d:\n%s", len(lines), h, v)
	}
	for i, l := range lines {
		if lipgloss.Width(l) > w {
			t.Errorf("line %d is %d wide at width %d: %q", i+1, lipgloss.Width(l), w, l)
		}
	}
}

func sizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// finishTurn walks the open turn to its end, skipping every question.
func finishTurn(m Model) Model { return walkTurn(m, update) }

// walkTurn walks the open turn to its end with key: x skips a question,
// enter does a step.
func walkTurn(m Model, key func(Model, tea.Msg) Model) Model {
	for i := 0; m.onTable() && m.table.Resolving() && i < 100; i++ {
		if m.table.Question() != nil {
			m = key(m, keyMsg("x"))
		} else {
			m = key(m, keyMsg("enter"))
		}
	}
	return m
}

// drawTurns draws n cards, walking each open turn to its end first.
func drawTurns(m Model, n int) Model {
	for range n {
		m = press(finishTurn(m), "space")
	}
	return m
}

// onTable reports whether the table is the screen in front.
func (m Model) onTable() bool { return m.table != nil && m.active == common.Screen(m.table) }

func (m Model) onSetup() bool     { _, ok := m.active.(*setup.Model); return ok }
func (m Model) onSimulate() bool  { _, ok := m.active.(*simulate.Model); return ok }
func (m Model) onReference() bool { _, ok := m.active.(*reference.Model); return ok }

func (m Model) setupScreen() *setup.Model     { s, _ := m.active.(*setup.Model); return s }
func (m Model) statsScreen() *stats.Model     { s, _ := m.active.(*stats.Model); return s }
func (m Model) simScreen() *simulate.Model    { s, _ := m.active.(*simulate.Model); return s }
func (m Model) refScreen() *reference.Model   { s, _ := m.active.(*reference.Model); return s }
func (m Model) playersScreen() *players.Model { s, _ := m.active.(*players.Model); return s }
