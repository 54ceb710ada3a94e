package resume

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
)

// resumeChoice is one game the resume screen may resume: the save, or an
// archived game.
type resumeChoice struct {
	loaded deck.Loaded
	rules  expansions.Ruleset
	when   time.Time // zero for the save
}

// Others offers the archived games besides the save; those of a game not
// on offer are left out.
func (m *Model) Others(archives []deck.SavedGame, rulesOf func(*deck.Game) expansions.Ruleset) {
	m.save = resumeChoice{loaded: m.loaded, rules: m.Rules}
	for _, a := range archives {
		if r := rulesOf(a.Game); r != nil && a.Game != nil {
			m.choices = append(m.choices, resumeChoice{loaded: deck.Loaded{Game: a.Game}, rules: r, when: a.When})
		}
	}
}

// choose moves the choice up or down and shows the game chosen.
func (m Model) choose(km tea.KeyMsg) Model {
	if key.Matches(km, m.ctx.Keys.Pager.Up) {
		m.sel = max(m.sel-1, 0)
	} else {
		m.sel = min(m.sel+1, len(m.choices))
	}
	c := m.save
	if m.sel > 0 {
		c = m.choices[m.sel-1]
	}
	m.loaded, m.Rules, m.waits = c.loaded, c.rules, ""
	if m.CanResume() {
		m.waits = m.whatWaits(c.loaded.Game.Now)
	}
	return m
}

// archived reports whether the game chosen is an archived one: resuming it
// archives the save first and leaves the archive as it is.
func (m Model) archived() bool { return m.sel > 0 }

// choicesView lists the save and the archived games, the chosen one
// marked, each on one line that drops its last parts to fit.
func (m Model) choicesView() string {
	if len(m.choices) == 0 {
		return ""
	}
	st := m.ctx.Styles
	w := max(m.W, common.MinWidth)
	var b strings.Builder
	resumes := "enter resumes"
	if m.FreshFirst {
		resumes = "r resumes"
	}
	b.WriteString("\n" + st.Text.Render("Saved games (↑/↓ choose, "+resumes+"):") + "\n")
	for i, c := range append([]resumeChoice{m.save}, m.choices...) {
		mark := "  "
		if i == m.sel {
			mark = "› "
		}
		parts := []string{"in progress"}
		if i > 0 {
			parts[0] = c.when.Format("Mon 2 Jan 15:04")
		}
		if g := c.loaded.Game; g != nil && c.rules != nil {
			progress := strconv.Itoa(g.Now.Turns()) + " turns"
			if cc, ok := c.rules.(expansions.Progresser); ok {
				progress = cc.Progress(g.Now)
			}
			parts = append(parts, playerNames(g.Now), progress, c.rules.Name())
		} else {
			parts = append(parts, "could not be read")
		}
		line := mark + strings.Join(parts, " · ")
		for len(parts) > 1 && lipgloss.Width(line) > w {
			parts = parts[:len(parts)-1]
			line = mark + strings.Join(parts, " · ")
		}
		style := st.Dim
		if i == m.sel {
			style = st.Value
		}
		b.WriteString(style.Render(line) + "\n")
	}
	return b.String()
}

// playerNames are the players in seating order, without control characters.
func playerNames(s *deck.State) string {
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return -1
			}
			return r
		}, p.Name)
	}
	return strings.Join(names, ", ")
}
