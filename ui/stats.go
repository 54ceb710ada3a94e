package ui

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// tally is what the statistics count over a run of turns.
type tally struct {
	turns   int
	numbers [13]int // by production number
}

// statsModel shows how the cards have fallen: the 2–12 histogram against
// the expected counts for this year and the whole game, draws and 7s per
// player, and the events seen.
type statsModel struct {
	ctx   *Context
	pager pager
	year  tally
	game  tally
	// per player: draws and 7s; events by title
	names    []string
	draws    []int
	sevens   []int
	events   map[string]int
	yearNum  int
	trackers []deck.Tracker
	attacks  int
}

func newStats(ctx *Context, r expansions.Ruleset, s *deck.State) statsModel {
	m := statsModel{ctx: ctx, events: map[string]int{}, yearNum: s.Year, trackers: r.Trackers(s)}
	for _, p := range s.Players {
		m.names = append(m.names, p.Name)
	}
	m.draws = make([]int, len(s.Players))
	m.sevens = make([]int, len(s.Players))
	for i := range s.Turns() {
		rec := s.TurnAt(i)
		t, ok := r.Recorded(s, i)
		if !ok || t.Number < 2 || t.Number > 12 {
			continue
		}
		m.game.turns++
		m.game.numbers[t.Number]++
		if rec.Year == s.Year {
			m.year.turns++
			m.year.numbers[t.Number]++
		}
		m.draws[rec.Player]++
		if t.Number == 7 {
			m.sevens[rec.Player]++
		}
		title := t.Title
		if title == "" {
			title = "No event"
		}
		m.events[title]++
		if t.Attack {
			m.attacks++
		}
	}
	m.layout()
	return m
}

// layout renders the screen's lines for the current width; called when the
// screen opens and when the size changes, not on every frame.
func (m *statsModel) layout() {
	st := m.ctx.Styles
	w := m.ctx.Width
	colW := 30
	year := histogram(st, fmt.Sprintf("Year %d: %d draws", m.yearNum, m.year.turns), m.year, colW)
	game := histogram(st, fmt.Sprintf("Whole game: %d draws", m.game.turns), m.game, colW)
	var lines []string
	if w >= 2*colW+4 {
		lines = strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, year, "    ", game), "\n")
	} else {
		lines = append(strings.Split(year, "\n"), "")
		lines = append(lines, strings.Split(game, "\n")...)
	}
	lines = append(lines, "", st.Dim.Render("█ drawn  │ expected from the odds of two dice"), "")
	lines = append(lines, st.Header.Render("Players"))
	for i, n := range m.names {
		lines = append(lines, fmt.Sprintf("  %s  %d draws, %d sevens", st.Player(i).Render(n), m.draws[i], m.sevens[i]))
	}
	for _, tr := range m.trackers {
		if tr.Key == "barbarians" {
			lines = append(lines, "", st.Header.Render("Barbarians"), fmt.Sprintf("  at %d of %d; %s", tr.Pos, tr.Steps, tr.Note))
			lines = append(lines, fmt.Sprintf("  attacks: %d", m.attacks))
		}
	}
	lines = append(lines, "", st.Header.Render("Events seen"))
	if len(m.events) == 0 {
		lines = append(lines, st.Dim.Render("  none yet"))
	}
	for _, title := range slices.Sorted(maps.Keys(m.events)) {
		lines = append(lines, fmt.Sprintf("  %-22s %d", title, m.events[title]))
	}
	m.pager.lines = lines
}

// histogram draws one bar per number, 2 to 12, scaled to width w, with a │
// where the expected count falls: Pips(n) of 36 dice pairs make n.
func histogram(st Styles, title string, t tally, w int) string {
	barW := w - 10 // "12 " + bar + " 123"
	most := 1.0
	for n := 2; n <= 12; n++ {
		most = max(most, float64(t.numbers[n]), float64(t.turns)*float64(Pips(n))/36)
	}
	rows := []string{st.Header.Render(title)}
	for n := 2; n <= 12; n++ {
		got := t.numbers[n]
		want := float64(t.turns) * float64(Pips(n)) / 36
		bar := []rune(strings.Repeat("█", int(float64(got)/most*float64(barW)+0.5)) + strings.Repeat(" ", barW))[:barW]
		if mark := int(want / most * float64(barW)); t.turns > 0 && mark < barW {
			bar[mark] = '│'
		}
		label := fmt.Sprintf("%2d ", n)
		if Hot(n) {
			label = st.Hot.Render(label)
		}
		rows = append(rows, label+string(bar)+fmt.Sprintf(" %3d", got))
	}
	return strings.Join(rows, "\n")
}

func (m statsModel) Update(msg tea.Msg) (statsModel, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		m.pager.scroll(m.ctx.Keys, km, m.height())
	}
	return m, nil
}

// SetSize lays the screen out again for a new width.
func (m *statsModel) SetSize() {
	if m.ctx != nil {
		m.layout()
	}
}

func (m statsModel) height() int { return m.ctx.Height - 3 }

func (m statsModel) View() string {
	return m.ctx.Styles.Header.Render("Statistics") + "\n\n" + m.pager.view(m.height(), m.ctx.Styles)
}

// ShortHelp lists the statistics screen's keys.
func (m statsModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	return []key.Binding{k.Back, k.Up, k.Down}
}

// FullHelp lists the statistics screen's keys in columns.
func (m statsModel) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Back}}
}
