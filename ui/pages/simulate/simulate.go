package simulate

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pager"
)

// The simulator screen's run: the simulate command's defaults, so its
// figures are those `eventdeck simulate --players N` prints.
const (
	simulationGames = 10000
	simulationTurns = 60
	simulationSeed  = 1
	simulationBar   = "#f0b040" // the palette's accent (styles.go); plain where colour is off
)

// SimProgressMsg is how far a simulation has come.
type SimProgressMsg struct {
	Run         int // the run it reports on
	Done, Total int // games played, of how many
}

// simDoneMsg is a simulation's end: its results, or why there are none.
type simDoneMsg struct {
	run     int
	results expansions.Results
	err     error
}

// Model plays the game's dice modes side by side in the background
// and shows one bar chart per figure, with a progress bar while it runs.
// Esc cancels the run and goes back to the table; no key ever waits for it.
type Model struct {
	common.Size
	common.NotTyping
	ctx     *common.Context
	RunID   int // messages of earlier, cancelled runs are dropped
	cancel  context.CancelFunc
	updates chan SimProgressMsg // the latest progress, coalesced
	finish  chan simDoneMsg
	bar     progress.Model
	done    int
	total   int
	Results *expansions.Results // what the games played came to; nil until done
	err     string
	pager   pager.Model
}

// RunFor is the run the simulator screen plays for players.
func RunFor(sim expansions.Simulator, players int) expansions.SimulationRun {
	return expansions.SimulationRun{Modes: sim.SimulationModes(), Games: simulationGames, Turns: simulationTurns, Players: players, Seed: simulationSeed}
}

// Start runs run in a goroutine of its own.
func Start(ctx *common.Context, sim expansions.Simulator, run expansions.SimulationRun, id int) (*Model, tea.Cmd) {
	c, cancel := context.WithCancel(context.Background())
	m := &Model{ctx: ctx, Size: common.Size{W: ctx.Width, H: ctx.BodyHeight()}, RunID: id, cancel: cancel, bar: progress.New(progress.WithSolidFill(simulationBar)),
		updates: make(chan SimProgressMsg, 1), finish: make(chan simDoneMsg, 1)}
	m.pager.SetSize(m.W, m.height())
	updates, finish := m.updates, m.finish
	step := max(1, len(run.Modes)*run.Games/100) // report each hundredth
	report := func(done, total int) {
		if done%step != 0 && done != total {
			return
		}
		select { // never wait: a newer report follows
		case <-updates:
		default:
		}
		select {
		case updates <- SimProgressMsg{Run: id, Done: done, Total: total}:
		default:
		}
	}
	start := func() tea.Msg {
		res, err := sim.Simulate(c, run, report)
		finish <- simDoneMsg{run: id, results: res, err: err} // room for one: never blocks
		return nil
	}
	return m, tea.Batch(start, m.listen())
}

// listen waits for the run's next report.
func (m Model) listen() tea.Cmd {
	updates, finish := m.updates, m.finish
	return func() tea.Msg {
		select {
		case p := <-updates:
			return p
		case d := <-finish:
			return d
		}
	}
}

// Running reports whether the run has not ended yet.
func (m Model) Running() bool { return m.cancel != nil }

// Stop cancels the run, if it is still going; its last report is dropped.
func (m *Model) Stop() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
}

// Update takes the run's reports and scrolls; esc or q cancels a run
// still going and goes back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case SimProgressMsg:
		if msg.Run != m.RunID || !m.Running() {
			return m, nil
		}
		m.done, m.total = msg.Done, msg.Total
		return m, m.listen()
	case simDoneMsg:
		if msg.run != m.RunID || m.cancel == nil {
			return m, nil
		}
		m.Stop()
		if msg.err != nil {
			m.err = msg.err.Error()
			return m, nil
		}
		m.Results = &msg.results
		m.done = m.total
		m.layout()
		return m, nil
	case tea.KeyMsg:
		if key.Matches(msg, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
			m.Stop() // its goroutine ends, its reports are dropped
			return nil, nil
		}
		m.pager.Scroll(m.ctx.Keys.Pager, msg)
	}
	return m, nil
}

// layout renders the results: per figure a bar per mode, scaled to the
// largest value of the figure.
func (m *Model) layout() {
	if m.Results == nil {
		return
	}
	st := m.ctx.Styles
	res := m.Results
	nameW, textW := 0, 0
	for _, mode := range res.Modes {
		nameW = max(nameW, len([]rune(mode)))
	}
	for _, f := range res.Figures {
		for _, t := range f.Texts {
			textW = max(textW, len([]rune(t)))
		}
	}
	barW := max(m.W-nameW-textW-6, 4) // "  " name " " bar " " text
	lines := []string{st.Dim.Render(res.Heading)}
	for _, f := range res.Figures {
		lines = append(lines, "", st.Header.Render(f.Name))
		most := 0.0
		for _, v := range f.Values {
			most = max(most, v)
		}
		for i, mode := range res.Modes {
			n := 0
			if most > 0 && i < len(f.Values) {
				n = int(f.Values[i]/most*float64(barW) + 0.5)
			}
			text := ""
			if i < len(f.Texts) {
				text = f.Texts[i]
			}
			lines = append(lines, fmt.Sprintf("  %-*s %s%s %*s", nameW, mode,
				st.Value.Render(strings.Repeat("█", n)), strings.Repeat(" ", barW-n), textW, text))
		}
	}
	if res.Note != "" {
		lines = append(lines, "", st.Dim.Render(ansi.Wordwrap(res.Note, m.W, "")))
	}
	m.pager.SetLines(lines)
}

// SetSize lays the screen out again for a new width.
func (m *Model) SetSize(w, h int) {
	m.Size.SetSize(w, h)
	m.pager.SetSize(w, m.height())
	if m.ctx != nil {
		m.layout()
	}
}

func (m Model) height() int { return max(m.H-pager.Above(m.head()), 1) }

// head is the simulator's title over the charts.
func (m Model) head() string { return m.ctx.Styles.Header.Render("Dice simulator") + "\n\n" }

// View is the progress of a run, or its charts.
func (m *Model) View() string {
	st := m.ctx.Styles
	head := m.head()
	switch {
	case m.err != "":
		return head + st.Error.Render("The simulation stopped: "+m.err)
	case m.Results == nil:
		pct := 0.0
		if m.total > 0 {
			pct = float64(m.done) / float64(m.total)
		}
		m.bar.Width = min(m.W-2, 60)
		return head + st.Dim.Render(fmt.Sprintf("Playing %d games of %d turns for each dice mode…", simulationGames, simulationTurns)) +
			"\n\n" + m.bar.ViewAs(pct) + "\n\n" + st.Dim.Render(fmt.Sprintf("%d of %d games · esc cancels", m.done, m.total))
	}
	return head + m.pager.View(st)
}

// ShortHelp lists the simulator screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	back := k.Back
	if m.Running() {
		back.SetHelp("esc", "cancel")
	}
	return []key.Binding{back, k.Up, k.Down}
}

// FullHelp lists the simulator screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys.Pager
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, m.ShortHelp()[:1]}
}
