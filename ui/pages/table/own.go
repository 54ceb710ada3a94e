package table

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// ownQuestion is the open question this screen's reader answers for
// themselves: a question about a set of players ("Who holds more than 7
// cards?"), on a player's own screen (eventdeck serve). Each player
// answers in parallel, "Do you…?"; nil elsewhere.
// The choice is the readout's, as on the phone page.
func (s *State) ownQuestion() *deck.Question {
	i := s.questionIndex()
	if i < 0 {
		return nil
	}
	return readout.OwnQuestion(s.Steps[i], s.reader)
}

// ownKey answers the own question with y or n; other keys go on.
func (m *Model) ownKey(km tea.KeyMsg) bool {
	q := m.ownQuestion()
	if q == nil {
		return false
	}
	keys := m.ctx.Keys.Table.Walker.Answer
	yes := key.Matches(km, keys.Yes)
	if !yes && !key.Matches(km, keys.No) {
		return false
	}
	if err := m.Hand.AnswerOwn(*q, yes); err != nil {
		m.err = common.Capital(err.Error()) + "."
		return true
	}
	m.Refresh()
	return true
}

// ownHint is how a player answers their own question on their own screen
// and who has answered so far; once they have, what they said and whom it
// waits for (the view's Own). Never the host's list of players to tick.
func (s *State) ownHint(st *common.Styles) string {
	own := s.view.Own
	if own == nil {
		return ""
	}
	if own.Said != "" {
		return st.Notice.Render("You said " + own.Said + ". Waiting for " + own.Waiting + ".")
	}
	hint := "y yes · n no"
	if own.Answered != "" {
		hint += " · answered so far: " + own.Answered
	}
	return st.Dim.Render(hint)
}

// ownAnswers are what players said on their own screens, for the host's
// and the others' screens: "Said on their own screens: Bob yes, Cy no".
func (m *Model) ownAnswers() string { return m.view.Said }

// Me is who this screen's reader is at the table now: a player found by
// name in their seat, wherever the host moved them.
func (m *Model) Me() session.Who { return m.reader }

// waitsForOthers holds the host's answer to a question players still
// answer on their own screens: the first answer key says whom the table
// waits for and that the same key again answers for them; the second
// answers (issue 37 item 4). It reports whether it held the key.
func (m *Model) waitsForOthers(in Intent) bool {
	wait := m.view.WaitsFor
	if in.Do != session.DoAnswer || len(wait) == 0 || m.view.Ask == nil || in.Key != m.view.Ask.Key {
		m.answerFor = ""
		return false
	}
	if m.answerFor == in.Key {
		m.answerFor = ""
		return false
	}
	m.answerFor = in.Key
	verb := " still answer"
	if len(wait) == 1 {
		verb = " still answers"
	}
	m.err = deck.JoinNames(wait) + verb + " on their own screens: the same key again answers for them."
	return true
}

// waitingLine is the host's line while players answer the question on
// their own screens: whom the table waits for.
func (m *Model) waitingLine() string {
	if len(m.view.WaitsFor) == 0 {
		return ""
	}
	return "Waiting for " + deck.JoinNames(m.view.WaitsFor) + " on their own screens."
}
