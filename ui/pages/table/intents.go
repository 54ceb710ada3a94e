package table

import "github.com/eventdeck/eventdeck/ui/session"

// Intent is what the table's components ask of the game: the session's one
// Intent type, the same a phone's tap becomes (issue 36 item 2). The
// components never change the game: they return intents, and the table
// sends each to the session in one place (Apply), where who may do what
// is checked.
type Intent = session.Intent

// Apply sends in to the session through the reader's Hand and shows the
// game as it then is. changed is false when there was nothing to undo or
// redo.
func (m *Model) Apply(in Intent) (changed bool, err error) {
	if in.Do == session.DoNothing {
		return false, nil
	}
	if in.Do == session.DoAct {
		// The open turn is closed as walked: its steps only told. An entry's
		// action is done only while the game still offers what it showed.
		in.Walked = len(m.Steps)
	}
	changed, err = m.Hand.Do(in)
	switch {
	case in.Do == session.DoAcceptAll:
		m.Refresh() // those with a default before one that fails are answered: shown
		return true, err
	case err != nil:
		return false, err
	case changed:
		m.Refresh()
	}
	return changed, nil
}
