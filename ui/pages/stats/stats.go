package stats

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pager"
)

// tally is what the statistics count over a run of turns.
type tally struct {
	turns   int
	Numbers map[int]int // by production number
}

func newTally() tally { return tally{Numbers: map[int]int{}} }

// Model shows how the numbers have fallen: a histogram against the
// game's odds for this year and the whole game, turns and notable numbers
// per player, the events seen, the game's alerts, and numbers chosen by
// hand apart from those drawn. It reads only the turns' descriptions.
type Model struct {
	common.Size
	common.NotTyping
	ctx      *common.Context
	pager    pager.Model
	year     tally
	Game     tally // the whole game's numbers
	odds     []deck.Odds
	yearNum  int
	names    []string
	Turns    []int            // turns drawn, by seat
	notes    []map[string]int // per player: "robber", "hot"… by count
	noteOf   map[string][]int // each note and the numbers that carried it, for the legend
	events   map[string]int
	alerts   map[string]int // marks worth counting, by label
	chosen   int            // numbers chosen by hand, not drawn
	trackers []deck.Tracker
	colours  []string
}

// New is the statistics page of state s, played by the rules r.
func New(ctx *common.Context, r expansions.Ruleset, s *deck.State) *Model {
	m := &Model{ctx: ctx, Size: common.Size{W: ctx.Width, H: ctx.BodyHeight()}, year: newTally(), Game: newTally(), events: map[string]int{}, alerts: map[string]int{}, yearNum: s.Year}
	if d, ok := r.(expansions.Distribution); ok {
		m.odds = d.Odds(s)
	}
	if tk, ok := r.(expansions.TrackerKeeper); ok {
		m.trackers = tk.Trackers(s)
	}
	// Everyone who played: those at the table, then those who left.
	for i := range len(s.Players) + len(s.Left) {
		m.names = append(m.names, s.PlayerName(i))
		m.colours = append(m.colours, s.ColourOf(i))
		m.notes = append(m.notes, map[string]int{})
	}
	m.Turns = make([]int, len(m.names))
	for i := range s.Turns() {
		t, ok := r.Turn(s, i)
		if !ok {
			continue
		}
		m.Turns[t.Player]++
		for _, mk := range t.Marks {
			if mk.Alert {
				m.alerts[mk.Label]++
			}
		}
		title := t.Title
		if title == "" {
			title = "No event"
		}
		if t.Chosen {
			m.chosen++ // chosen, not drawn: kept out of the spread
			continue
		}
		m.events[title]++
		if t.Number == 0 {
			continue
		}
		m.Game.turns++
		m.Game.Numbers[t.Number]++
		if t.Year == s.Year {
			m.year.turns++
			m.year.Numbers[t.Number]++
		}
		if t.NumberNote != "" {
			m.notes[t.Player][t.NumberNote]++
			if m.noteOf == nil {
				m.noteOf = map[string][]int{}
			}
			if !slices.Contains(m.noteOf[t.NumberNote], t.Number) {
				m.noteOf[t.NumberNote] = append(m.noteOf[t.NumberNote], t.Number)
			}
		}
	}
	m.pager.SetSize(m.W, m.height())
	m.layout()
	return m
}

// layout renders the screen's lines for the current width; called when the
// screen opens and when the size changes, not on every frame.
func (m *Model) layout() {
	st := m.ctx.Styles
	w := m.W
	colW := 30
	var lines []string
	game := m.histogram(fmt.Sprintf("Whole game: %s", common.Plural(m.Game.turns, "turn", "turns")), m.Game, colW)
	if m.yearNum > 1 || m.year.turns != m.Game.turns {
		year := m.histogram(fmt.Sprintf("Year %d: %s", m.yearNum, common.Plural(m.year.turns, "turn", "turns")), m.year, colW)
		if w >= 2*colW+4 {
			lines = strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, year, "    ", game), "\n")
		} else {
			lines = append(strings.Split(year, "\n"), "")
			lines = append(lines, strings.Split(game, "\n")...)
		}
	} else {
		lines = strings.Split(game, "\n")
	}
	if len(m.odds) > 0 {
		lines = append(lines, "", st.Dim.Render("█ came up  │ expected from the odds"))
	}
	if m.chosen > 0 {
		lines = append(lines, st.Dim.Render(fmt.Sprintf("Chosen by hand, not drawn: %s (not counted above).", common.Plural(m.chosen, "turn", "turns"))))
	}
	lines = append(lines, "", st.Header.Render("Players"))
	for i, n := range m.names {
		line := fmt.Sprintf("  %s  %s", st.PlayerIn(m.colours[i]).Render(common.PadName(n, common.NameWidth)), common.Plural(m.Turns[i], "turn", "turns"))
		for _, note := range slices.Sorted(maps.Keys(m.notes[i])) {
			line += fmt.Sprintf(", %d %s", m.notes[i][note], note)
		}
		lines = append(lines, line)
	}
	if len(m.noteOf) > 0 { // what each note under the number means: "hot: a 6 or 8"
		var legend []string
		for _, note := range slices.Sorted(maps.Keys(m.noteOf)) {
			ns := slices.Sorted(slices.Values(m.noteOf[note]))
			words := make([]string, len(ns))
			for i, n := range ns {
				words[i] = strconv.Itoa(n)
			}
			article := "a "
			if ns[0] == 8 || ns[0] == 11 {
				article = "an "
			}
			legend = append(legend, note+": "+article+strings.Join(words, " or "))
		}
		lines = append(lines, st.Dim.Render("  "+strings.Join(legend, " · ")))
	}
	for _, tr := range m.trackers {
		lines = append(lines, "", st.Header.Render(tr.Name), fmt.Sprintf("  at %d of %d; %s", tr.Pos, tr.Steps, tr.Note))
	}
	for _, label := range slices.Sorted(maps.Keys(m.alerts)) {
		lines = append(lines, fmt.Sprintf("  %s: %d", label, m.alerts[label]))
	}
	lines = append(lines, "", st.Header.Render("Events seen"))
	if len(m.events) == 0 {
		lines = append(lines, st.Dim.Render("  none yet"))
	}
	for _, title := range slices.Sorted(maps.Keys(m.events)) {
		lines = append(lines, fmt.Sprintf("  %-22s %d", title, m.events[title]))
	}
	m.pager.SetLines(lines)
}

// histogram draws one bar per number, scaled to width w, with a │ where
// the expected count falls by the game's odds. The numbers are those the
// odds name, else those that came up.
func (m Model) histogram(title string, t tally, w int) string {
	st := m.ctx.Styles
	barW := w - 10 // "12 " + bar + " 123"
	nums := make([]int, 0, len(m.odds))
	want := map[int]float64{}
	for _, o := range m.odds {
		nums = append(nums, o.Number)
		if o.Of > 0 {
			want[o.Number] = float64(t.turns) * float64(o.Ways) / float64(o.Of)
		}
	}
	if len(nums) == 0 {
		nums = slices.Sorted(maps.Keys(t.Numbers))
	}
	most := 1.0
	for _, n := range nums {
		most = max(most, float64(t.Numbers[n]), want[n])
	}
	rows := []string{st.Header.Render(title)}
	for _, n := range nums {
		got := t.Numbers[n]
		bar := []rune(strings.Repeat("█", int(float64(got)/most*float64(barW)+0.5)) + strings.Repeat(" ", barW))[:barW]
		if e, ok := want[n]; ok && t.turns > 0 {
			if mark := int(e / most * float64(barW)); mark < barW {
				bar[mark] = '│'
			}
		}
		rows = append(rows, fmt.Sprintf("%2d ", n)+string(bar)+fmt.Sprintf(" %3d", got))
	}
	return strings.Join(rows, "\n")
}

// Update scrolls; esc or q goes back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
			return nil, nil // back to the table
		}
		m.pager.Scroll(m.ctx.Keys.Pager, km)
	}
	return m, nil
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

// head is the statistics' title over the charts.
func (m Model) head() string { return m.ctx.Styles.Header.Render("Statistics") + "\n\n" }

// View is the title and the charts in view.
func (m *Model) View() string {
	return m.head() + m.pager.View(m.ctx.Styles)
}

// ShortHelp lists the statistics screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	return []key.Binding{k.Back, k.Up, k.Down}
}

// FullHelp lists the statistics screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys.Pager
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Back}}
}
