package session

import "github.com/eventdeck/eventdeck/deck"

// The checks below say, without changing anything, what who may do on
// the game now: a screen offers only those keys, and a key refused says
// why at once, before any entry opens. Each intent is checked again when
// it comes (roles.go).

// mayActLocked checks that w may do the action with id, as Act checks it:
// a private action by its player (mayStartLocked), the host handing the
// laptop over; an action for one player by that player; any other by the
// player whose turn it is (mayDraw). Act checks with it too.
//
// A look or pick open on a player's own screen holds the turn: every
// action but another private one (the others' picks go on in parallel)
// waits until it closes, as the table would wait for a player holding the
// stack in their hand (issue 28).
func (s *Session) mayActLocked(st *deck.State, w Who, id string) error {
	for _, spec := range s.actionsOf(st) {
		switch {
		case spec.ID != id:
		case spec.Private && w.Host:
			return nil
		case spec.Private:
			return s.mayStartLocked(st, w, spec)
		case w.IsViewer():
			return ErrViewer
		case s.heldLocked() != nil:
			return s.heldLocked()
		case spec.Player > 0 && w.Seat == spec.Player-1:
			return nil
		}
	}
	if err := mayDraw(st, w); err != nil {
		return err
	}
	return s.heldLocked()
}

// MayAnswer checks that who may answer q, the open turn's question.
func (h *Hand) MayAnswer(q deck.Question) error {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.mayAnswer(h.s.game.Now, h.s.whoLocked(h.who), q)
}

// MayWalk checks that who may accept the open turn's defaults.
func (h *Hand) MayWalk() error {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return mayWalk(h.s.game.Now, h.s.whoLocked(h.who))
}

// MayUndo checks that who may take back the last change (redo: make the
// change taken back again).
func (h *Hand) MayUndo(redo bool) error {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.mayUndoLocked(h.s.whoLocked(h.who), redo)
}
