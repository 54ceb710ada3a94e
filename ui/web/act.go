package web

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// actRequest is one change a phone asks for. Version is the game's version
// the phone showed: a change asked on a game that has moved since is
// refused, so a tap twice draws once.
type actRequest struct {
	Do      string `json:"do"` // "draw", "answer", "own", "undo", "look", "close", "act"
	ID      string `json:"id,omitempty"`
	Key     string `json:"key,omitempty"`
	Value   string `json:"value,omitempty"`
	Yes     bool   `json:"yes,omitempty"`
	Values  []int  `json:"values,omitempty"`
	Version uint64 `json:"version"`
}

// forbiddenError is what the reader may not do at all (403).
type forbiddenError struct{ error }

func forbidden(err error) error { return forbiddenError{err} }

// act applies one change through the phone's own Hand: the session checks
// the reader's right to it, as for every screen. A viewer's is refused
// (403) before anything, whatever the page sent.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	j, _, ok := s.who(r)
	if !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	var req actRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		refuse(w, http.StatusBadRequest, "not an action")
		return
	}
	cur := s.cfg.Hub.Current()
	if cur == nil {
		refuse(w, http.StatusConflict, Waiting)
		return
	}
	h := cur.As(roleOf(j)(cur))
	if h.Who().IsViewer() {
		refuse(w, http.StatusForbidden, session.ErrViewer.Error())
		return
	}
	if err := apply(h, req); err != nil {
		status := http.StatusConflict
		if errors.As(err, new(forbiddenError)) {
			status = http.StatusForbidden
		}
		refuse(w, status, readout.Capital(err.Error())+".")
		return
	}
	writeJSON(w, map[string]string{})
}

// apply does req through h.
func apply(h *session.Hand, req actRequest) error {
	snap := h.Snapshot()
	st, rules := snap.State, h.Rules()
	steps := rules.Steps(st)
	moved := req.Version != snap.Version
	switch req.Do {
	case "draw":
		a, ok := expansions.Main(rules.Actions(st))
		if moved || !ok || a.ID != req.ID || a.Private || session.FirstOpen(steps, st.Open) != nil {
			return session.ErrMoved
		}
		if err := h.MayStart(a); err != nil {
			return forbidden(err)
		}
		return h.ActOn(a, deck.Action{ID: a.ID}, len(steps))
	case "answer", "own":
		q := session.FirstOpen(steps, st.Open)
		if q == nil || q.Key != req.Key {
			return session.ErrMoved
		}
		if req.Do == "own" {
			return h.AnswerOwn(*q, req.Yes)
		}
		if err := h.MayAnswer(*q); err != nil {
			return forbidden(err)
		}
		return h.Answer(*q, req.Value)
	case "undo":
		if moved {
			return session.ErrMoved
		}
		if err := h.MayUndo(false); err != nil {
			return forbidden(err)
		}
		_, err := h.Undo()
		return err
	case "look", "close", "act":
		return private(h, st, req, len(steps))
	}
	return errors.New("no such action")
}

// private opens, closes or does the reader's own private action: only its
// player may (the session checks), and it is done only while the game
// offers it as it was.
func private(h *session.Hand, st *deck.State, req actRequest, done int) error {
	if req.Do == "close" {
		h.Looking("")
		return nil
	}
	for _, a := range h.Rules().Actions(st) {
		if a.ID != req.ID || !a.Private || session.PrivateSeat(st, a) != h.Who().Seat {
			continue
		}
		if err := h.MayStart(a); err != nil {
			return forbidden(err)
		}
		if req.Do == "look" {
			h.Looking(a.Label)
			return nil
		}
		if err := h.ActOn(a, deck.Action{ID: a.ID, Values: req.Values}, done); err != nil {
			return err
		}
		h.Looking("")
		return nil
	}
	return session.ErrMoved
}
