package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
)

// The step walker: after a draw the table walks through the open turn's
// steps. Enter goes on (confirming a remembered answer), digits pick a
// player or type a number, y and n answer yes/no, x skips a question. Each
// answer is an action on the game: undone by u, saved at once.

// question is the current step's question, or nil.
func (m tableModel) question() *deck.Question {
	i := m.stepIndex()
	if i >= len(m.steps) {
		return nil
	}
	return m.steps[i].Question
}

// walk handles a key while the turn is being resolved.
func (m *tableModel) walk(km tea.KeyMsg) {
	keys := m.ctx.Keys
	q := m.question()
	if q == nil {
		if key.Matches(km, keys.Draw) {
			m.advance(nil, "")
		}
		return
	}
	if key.Matches(km, keys.Skip) {
		m.advance(q, deck.AnswerSkip)
		return
	}
	v, err := m.input.read(keys, keys.Draw, km, q, len(m.game.Now.Players))
	switch {
	case err != nil:
		m.err = err.Error()
		return
	case v != "":
		m.advance(q, v)
		return
	}
	if key.Matches(km, keys.Draw) {
		switch {
		case q.Default != "":
			m.advance(q, q.Default)
		default:
			m.err = "Answer first, or x to skip."
		}
	}
}

// advance answers q with value (q nil: a step that only tells) and moves to
// the next step, as one action on the game.
func (m *tableModel) advance(q *deck.Question, value string) {
	err := m.game.Do(func(s *deck.State) error {
		if q != nil {
			if err := m.rules.Answer(s, *q, value); err != nil {
				return err
			}
		}
		s.Open.Steps = m.stepIndex() + 1
		return nil
	})
	if err != nil {
		m.err = err.Error()
		return
	}
	m.refresh()
}

// answerText says an answer in words: a player's name, "nobody", "skipped".
func (m tableModel) answerText(q *deck.Question, v string) string {
	switch v {
	case deck.AnswerNobody:
		return "nobody"
	case deck.AnswerSkip:
		return "skipped"
	}
	if q.Kind == deck.AskPlayer {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < len(m.game.Now.Players) {
			return m.game.Now.Players[n].Name
		}
	}
	return v
}

// panel is the event and the steps in at most h lines of width w: the New
// Year notice, the event's title, the current step with its question, the
// list of steps; the event's own text when there is room.
func (m tableModel) panel(w, h int) []string {
	st := m.ctx.Styles
	wrap := lipgloss.NewStyle().Width(w)
	var head []string
	if m.turn.NewYear {
		head = append(head, st.Notice.Render(fmt.Sprintf("★ New Year — deck reshuffled. Year %d begins.", m.turn.Year)))
	}
	if m.turn.Title == "" {
		head = append(head, st.Dim.Render("No event"))
	} else {
		head = append(head, st.Title.Render(m.turn.Title))
	}
	about := strings.Split(st.Dim.Render(wrap.Render(m.turn.Text)), "\n")

	var cur []string
	i := m.stepIndex()
	if i >= len(m.steps) {
		next := m.game.Now.Players[m.game.Now.Current].Name
		cur = append(cur, st.Notice.Render("✓ Turn done. Space: "+next+" draws."))
	} else {
		step := m.steps[i]
		title := fmt.Sprintf("▶ Step %d of %d: %s", i+1, len(m.steps), step.Title)
		cur = append(cur, st.Header.Render(title))
		if step.Text != "" {
			for _, para := range strings.Split(step.Text, "\n") {
				cur = append(cur, strings.Split(wrap.Render(para), "\n")...)
			}
		}
		if q := step.Question; q != nil {
			cur = append(cur, st.Value.Render(q.Prompt))
			cur = append(cur, strings.Split(wrap.Render(m.inputHint(q)), "\n")...)
		} else {
			cur = append(cur, st.Dim.Render("enter: next"))
		}
	}
	list := strings.Split(wrap.Render(m.stepList()), "\n")
	for i, l := range list {
		list[i] = st.Dim.Render(l) // styled after wrapping, so every line keeps it
	}

	// Fit: the current step comes first, its question last of all to go;
	// then the event's title, the list of steps, and the event's text.
	if len(cur) >= h {
		if h >= 3 && len(cur) > h {
			return append([]string{cur[0]}, cur[len(cur)-(h-1):]...) // the step's title, then its question
		}
		return cur[len(cur)-h:]
	}
	out := cur
	if len(head)+1+len(cur) <= h {
		out = append(append(append([]string{}, head...), ""), cur...)
		if len(head)+1+len(about)+1+len(cur)+1+len(list) <= h {
			out = append(append(append(append([]string{}, head...), about...), ""), cur...)
		}
	}
	if len(out)+1+len(list) <= h {
		out = append(out, "")
		out = append(out, list...)
	}
	return out
}

// inputHint says how to answer q, with what is typed so far.
func (m tableModel) inputHint(q *deck.Question) string {
	st := m.ctx.Styles
	var keys []string
	if q.Default != "" {
		keys = append(keys, "enter: "+m.answerText(q, q.Default)+" (as before)")
	}
	switch q.Kind {
	case deck.AskPlayer:
		var opts []string
		for i, p := range m.game.Now.Players {
			opts = append(opts, fmt.Sprintf("%d %s", i+1, p.Name))
		}
		keys = append(keys, opts...)
		keys = append(keys, "0 nobody")
	case deck.AskYesNo:
		keys = append(keys, "y yes", "n no")
	case deck.AskNumber:
		if m.input.typed != "" {
			return st.Focused.Render("["+m.input.typed+"]") + st.Dim.Render(" enter: ok · x skip")
		}
		keys = append(keys, "type a number")
	}
	return st.Dim.Render(strings.Join(append(keys, "x skip"), " · "))
}

// stepList is every step on one line: ✓ done (with its answer), ▶ current.
func (m tableModel) stepList() string {
	i := m.stepIndex()
	answers := map[string]string{}
	if o := m.game.Now.Open; o != nil {
		answers = o.Answers
	}
	parts := make([]string, len(m.steps))
	for j, s := range m.steps {
		switch {
		case j < i:
			p := "✓ " + s.Title
			if q := s.Question; q != nil {
				if v, ok := answers[q.Key]; ok {
					p += " " + m.answerText(q, v)
				}
			}
			parts[j] = p
		case j == i:
			parts[j] = "▶ " + s.Title
		default:
			parts[j] = "· " + s.Title
		}
	}
	return strings.Join(parts, "  ")
}
