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
// waits for. Never the host's list of players to tick.
func (s *State) ownHint(st *common.Styles) string {
	now := s.Now()
	var answered, waiting []string
	for seat := range now.Players {
		if _, ok := s.said[seat]; ok {
			answered = append(answered, now.PlayerName(seat))
		} else {
			waiting = append(waiting, now.PlayerName(seat))
		}
	}
	if yes, ok := s.said[s.reader.Seat]; ok {
		said := "no"
		if yes {
			said = "yes"
		}
		return st.Notice.Render("You said " + said + ". Waiting for " + deck.JoinNames(waiting) + " (or the host).")
	}
	hint := "y yes · n no"
	if len(answered) > 0 {
		hint += " · answered so far: " + deck.JoinNames(answered)
	}
	return st.Dim.Render(hint)
}

// ownAnswers are what players said on their own screens, for the host's
// and the others' screens: "On their own screens: Bob yes, Cy no".
func (m *Model) ownAnswers() string {
	q := m.Question()
	if q == nil || q.Kind != deck.AskPlayers {
		return ""
	}
	return readout.SaidLine(m.Now(), m.said)
}

// Me is who this screen's reader is at the table now: a player found by
// name in their seat, wherever the host moved them.
func (m *Model) Me() session.Who { return m.reader }
