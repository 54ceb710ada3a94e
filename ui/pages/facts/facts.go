package facts

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/answer"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Model lets the table correct what eventdeck remembers (the facts a
// ruleset keeps: who holds a bonus, a damaged road, improvement levels…).
// Every change is an undoable action.
type Model struct {
	common.Size
	common.NotTyping
	ctx    *common.Context
	rules  expansions.FactKeeper
	hand   *session.Hand
	cursor int
	input  answer.Input
	err    string
}

// New is the facts page of the game hand holds, with the facts r keeps.
func New(ctx *common.Context, r expansions.FactKeeper, hand *session.Hand) *Model {
	m := &Model{ctx: ctx, rules: r, hand: hand}
	if qs := m.questions(); len(qs) > 0 {
		m.input.Start(&qs[0], len(hand.Now().Players))
	}
	return m
}

func (m Model) questions() []deck.Question { return m.rules.Facts(m.hand.Now()) }

// Update moves between the facts and sets one; u undoes; esc or q goes
// back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	k := m.ctx.Keys.Facts
	switch {
	case key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) && m.input.Typed != "":
		// esc drops the number being typed; the next esc goes back.
		m.input, m.err = answer.Input{}, ""
		return m, nil
	case key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit):
		return nil, nil
	case key.Matches(km, k.Undo):
		if _, err := m.hand.Undo(); err != nil {
			m.err = err.Error() // said as the screen's other errors are (issue 36)
		}
		return m, nil
	}
	qs := m.questions()
	if len(qs) == 0 {
		return m, nil
	}
	m.cursor = min(m.cursor, len(qs)-1)
	q := qs[m.cursor]
	m.err = ""
	switch {
	case key.Matches(km, k.Up, k.Down):
		// Moving off a row keeps the number typed there, as enter does;
		// one the fact refuses is said, and the cursor stays (play-test:
		// ↓ dropped a typed 0 without a word).
		if m.input.Typed != "" && !m.keep(q) {
			return m, nil
		}
		step := 1
		if key.Matches(km, k.Up) {
			step = len(qs) - 1
		}
		m.cursor = (m.cursor + step) % len(qs)
		m.input.Start(&qs[m.cursor], len(m.hand.Now().Players))
		return m, nil
	case key.Matches(km, k.Forget):
		m.set(q, "")
		return m, nil
	}
	v, err := m.input.Read(k.Answer, k.Confirm, km, &q, len(m.hand.Now().Players))
	switch {
	case err != nil:
		m.err = err.Error()
	case v != "":
		m.set(q, v)
	}
	return m, nil
}

// set changes one fact as an action on the game, and reports whether the
// game took it.
func (m *Model) set(q deck.Question, v string) bool {
	if err := m.hand.SetFact(q, v); err != nil {
		m.err = err.Error()
		return false
	}
	m.input = answer.Input{}
	return true
}

// keep sets q to the number typed, unless it is what q holds already.
func (m *Model) keep(q deck.Question) bool {
	if m.input.Typed == q.Default {
		m.input = answer.Input{}
		return true
	}
	return m.set(q, m.input.Typed)
}

// View lists the facts around the cursor.
func (m *Model) View() string {
	st := m.ctx.Styles
	qs := m.questions()
	lines := []string{st.Header.Render("What eventdeck remembers"), st.Dim.Render("Correct anything the table knows better; steps offer these as answers."), ""}
	if len(qs) == 0 {
		return strings.Join(append(lines, st.Dim.Render("This game keeps no facts.")), "\n")
	}
	players := m.hand.Now().Players
	// Keep the cursor in view: a window of rows around it.
	rows := max(m.H-5, 3)
	from := min(max(m.cursor-rows/2, 0), max(len(qs)-rows, 0))
	labelW := 0
	for _, q := range qs {
		labelW = max(labelW, common.CellWidth(q.Prompt))
	}
	labelW = min(labelW, max(m.W-20, 16)) // room for the value
	// A prompt wider than its column wraps at a word under itself: never
	// cut (issue 23); the rows keep to the room.
	budget := rows
	for i := from; i < min(from+rows, len(qs)) && budget > 0; i++ {
		q := qs[i]
		v := st.Dim.Render("unknown")
		if q.Default != "" {
			v = st.Value.Render(q.ValueText(q.Default, players))
		}
		marker, label := "  ", st.Label
		if i == m.cursor {
			marker, label = "▸ ", st.Focused
			if m.input.Typed != "" {
				v = st.Focused.Render("[" + m.input.Typed + "]")
			}
		}
		prompt := common.WrapLines(q.Prompt, labelW)
		if len(prompt) > budget && i != m.cursor {
			break
		}
		lines = append(lines, marker+label.Render(common.PadName(prompt[0], labelW))+" "+v)
		for _, l := range prompt[1:] {
			lines = append(lines, "  "+label.Render(l))
		}
		budget -= len(prompt)
	}
	lines = append(lines, "")
	if m.err != "" {
		lines = append(lines, st.Error.Render("✗ "+m.err))
	} else {
		lines = append(lines, st.Dim.Render(m.hint(qs[min(m.cursor, len(qs)-1)])))
	}
	return strings.Join(lines, "\n")
}

// hint is the line under the facts saying how to answer question q.
func (m Model) hint(q deck.Question) string {
	switch q.Kind {
	case deck.AskPlayer:
		h := ""
		for i, p := range m.hand.Now().Players {
			h += fmt.Sprintf("%d %s · ", i+1, p.Name)
		}
		return h + "0 nobody · x forget"
	case deck.AskYesNo:
		return "y yes · n no · x forget"
	}
	if m.input.Typed != "" {
		return "enter, ↑ or ↓ keeps " + m.input.Typed + " · esc drops it · x forget"
	}
	return "type a number, enter to keep it · x forget"
}

// keys are the facts screen's keys, named for what they do now: while a
// number is typed, enter and the arrows keep it and esc drops it.
func (m Model) keys() common.FactsKeys {
	k := m.ctx.Keys.Facts
	if m.input.Typed != "" {
		k.Confirm.SetHelp("enter/↑/↓", "keep "+m.input.Typed)
		k.Back.SetHelp("esc", "drop "+m.input.Typed)
	}
	return k
}

// ShortHelp lists the facts screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.keys()
	if m.input.Typed != "" {
		return []key.Binding{k.Confirm, k.Back, k.Undo}
	}
	return []key.Binding{k.Back, k.Down, k.Undo}
}

// FullHelp lists the facts screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.keys()
	if m.input.Typed != "" {
		return [][]key.Binding{{k.Confirm, k.Back}, {k.Up, k.Down}, {k.Forget, k.Undo}}
	}
	return [][]key.Binding{{k.Up, k.Down}, {k.Forget, k.Undo}, {k.Back}}
}
