package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// factsModel lets the table correct what eventdeck remembers: who holds
// Largest Army and Longest Road, each player's points, knights, roads,
// harbor buildings and damaged road. Every change is an undoable action.
type factsModel struct {
	ctx    *Context
	rules  expansions.Ruleset
	game   *deck.Game
	cursor int
	input  answerInput
	err    string
}

func newFacts(ctx *Context, r expansions.Ruleset, g *deck.Game) factsModel {
	return factsModel{ctx: ctx, rules: r, game: g}
}

func (m factsModel) questions() []deck.Question { return m.rules.FactQuestions(m.game.Now) }

func (m factsModel) Update(msg tea.Msg) (factsModel, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	k := m.ctx.Keys
	qs := m.questions()
	q := qs[m.cursor]
	m.err = ""
	switch {
	case key.Matches(km, k.Up):
		m.cursor, m.input = (m.cursor+len(qs)-1)%len(qs), answerInput{}
		return m, nil
	case key.Matches(km, k.Down):
		m.cursor, m.input = (m.cursor+1)%len(qs), answerInput{}
		return m, nil
	case key.Matches(km, k.Skip):
		m.set(q, "")
		return m, nil
	}
	v, err := m.input.read(k, k.Start, km, &q, len(m.game.Now.Players))
	switch {
	case err != nil:
		m.err = err.Error()
	case v != "":
		m.set(q, v)
	}
	return m, nil
}

// set changes one fact as an action on the game.
func (m *factsModel) set(q deck.Question, v string) {
	if err := m.game.Do(func(s *deck.State) error { return m.rules.SetFact(s, q, v) }); err != nil {
		m.err = err.Error()
	}
	m.input = answerInput{}
}

func (m factsModel) View() string {
	st := m.ctx.Styles
	qs := m.questions()
	lines := []string{st.Header.Render("What eventdeck remembers"), st.Dim.Render("Correct anything the table knows better; steps offer these as answers."), ""}
	// Keep the cursor in view: a window of rows around it.
	rows := max(m.ctx.Height-8, 3)
	from := min(max(m.cursor-rows/2, 0), max(len(qs)-rows, 0))
	for i := from; i < min(from+rows, len(qs)); i++ {
		q := qs[i]
		v := st.Dim.Render("unknown")
		if q.Default != "" {
			v = st.Value.Render(m.valueText(q, q.Default))
		}
		marker, label := "  ", st.Label
		if i == m.cursor {
			marker, label = "▸ ", st.Focused
			if m.input.typed != "" {
				v = st.Focused.Render("[" + m.input.typed + "]")
			}
		}
		lines = append(lines, marker+label.Render(fmt.Sprintf("%-28s", q.Prompt))+" "+v)
	}
	lines = append(lines, "")
	if m.err != "" {
		lines = append(lines, st.Error.Render("✗ "+m.err))
	} else {
		lines = append(lines, st.Dim.Render(m.hint(qs[m.cursor])))
	}
	return strings.Join(lines, "\n")
}

func (m factsModel) valueText(q deck.Question, v string) string {
	if q.Kind == deck.AskPlayer {
		if v == deck.AnswerNobody {
			return "nobody"
		}
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < len(m.game.Now.Players) {
			return m.game.Now.Players[n].Name
		}
	}
	return v
}

func (m factsModel) hint(q deck.Question) string {
	switch q.Kind {
	case deck.AskPlayer:
		h := ""
		for i, p := range m.game.Now.Players {
			h += fmt.Sprintf("%d %s · ", i+1, p.Name)
		}
		return h + "0 nobody · x forget"
	case deck.AskYesNo:
		return "y yes · n no · x forget"
	}
	return "type a number, enter to keep it · x forget"
}

// ShortHelp lists the facts screen's keys.
func (m factsModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	return []key.Binding{k.Back, k.Down, k.Undo}
}

// FullHelp lists the facts screen's keys in columns.
func (m factsModel) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	return [][]key.Binding{{k.Up, k.Down}, {k.Skip, k.Undo}, {k.Back}}
}
