package table

import "github.com/eventdeck/eventdeck/deck"

// intentKind names a change the table asks of the game.
type intentKind uint8

const (
	noIntent        intentKind = iota
	ActIntent                  // do a game's action (draw, roll, a look): closes the open turn
	AnswerIntent               // answer the open turn's question
	acceptAllIntent            // answer every question left with its default
	undoIntent
	redoIntent
	passIntent   // the next (or previous) player plays, without a turn
	pauseIntent  // pause the turn timer on every screen
	resumeIntent // resume it
)

// Intent is a change a component of the table asks of the game. The
// components never change the game: they return intents, and the table
// sends each to the session in one place (Apply), where who may do what
// can be checked.
type Intent struct {
	Kind     intentKind       // what is asked
	Action   deck.Action      // actIntent
	entered  *deck.ActionSpec // actIntent from an entry: what it was entered from
	question deck.Question    // answerIntent
	Value    string           // answerIntent
	next     bool             // passIntent: forward
}

// Apply sends in to the session and shows the game as it then is. changed
// is false when there was nothing to undo or redo.
func (m *Model) Apply(in Intent) (changed bool, err error) {
	changed = true
	h := m.Hand // who may do what: the session checks
	switch in.Kind {
	case ActIntent:
		// The open turn is closed as walked: its steps only told. An entry's
		// action is done only while the game still offers what it showed.
		if in.entered != nil {
			err = h.ActOn(*in.entered, in.Action, len(m.Steps))
		} else {
			err = h.Act(in.Action, len(m.Steps))
		}
	case AnswerIntent:
		err = h.Answer(in.question, in.Value)
	case acceptAllIntent:
		// Those with a default before one that fails are answered: shown.
		err = h.AcceptDefaults()
		m.Refresh()
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
		m.Refresh()
	}
	return changed, nil
}
