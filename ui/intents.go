package ui

import "github.com/eventdeck/eventdeck/deck"

// intentKind names a change the table asks of the game.
type intentKind uint8

const (
	noIntent        intentKind = iota
	actIntent                  // do a game's action (draw, roll, a look): closes the open turn
	answerIntent               // answer the open turn's question
	acceptAllIntent            // answer every question left with its default
	undoIntent
	redoIntent
	passIntent   // the next (or previous) player plays, without a turn
	pauseIntent  // pause the turn timer on every screen
	resumeIntent // resume it
)

// intent is a change a component of the table asks of the game. The
// components never change the game: they return intents, and the table
// sends each to the session in one place (apply), where who may do what
// can be checked.
type intent struct {
	kind     intentKind
	action   deck.Action      // actIntent
	entered  *deck.ActionSpec // actIntent from an entry: what it was entered from
	question deck.Question    // answerIntent
	value    string           // answerIntent
	next     bool             // passIntent: forward
}

// apply sends in to the session and shows the game as it then is. changed
// is false when there was nothing to undo or redo.
func (m *tableModel) apply(in intent) (changed bool, err error) {
	changed = true
	h := m.hand // who may do what: the session checks
	switch in.kind {
	case actIntent:
		// The open turn is closed as walked: its steps only told. An entry's
		// action is done only while the game still offers what it showed.
		if in.entered != nil {
			err = h.ActOn(*in.entered, in.action, len(m.steps))
		} else {
			err = h.Act(in.action, len(m.steps))
		}
	case answerIntent:
		err = h.Answer(in.question, in.value)
	case acceptAllIntent:
		// Those with a default before one that fails are answered: shown.
		err = h.AcceptDefaults()
		m.refresh()
		return true, err
	case undoIntent:
		changed, err = h.Undo()
	case redoIntent:
		changed, err = h.Redo()
	case passIntent:
		err = h.Pass(in.next)
	case pauseIntent:
		return false, h.PauseTimer()
	case resumeIntent:
		return false, h.ResumeTimer()
	default:
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if changed {
		m.refresh()
	}
	return changed, nil
}
