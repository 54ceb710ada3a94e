package web

import (
	"encoding/json"
	"errors"
	"net/http"

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
		status := http.StatusForbidden
		if session.Moved(err) {
			status = http.StatusConflict
		}
		refuse(w, status, readout.Capital(err.Error())+".")
		return
	}
	writeJSON(w, map[string]string{})
}

// phoneVerbs are the phone's words for the session's verbs.
var phoneVerbs = map[string]session.Verb{
	"draw": session.DoAct, "act": session.DoAct, "answer": session.DoAnswer, "own": session.DoOwn,
	"undo": session.DoUndo, "redo": session.DoRedo, "pause": session.DoPause, "resume": session.DoResume,
	"look": session.DoLook, "close": session.DoEndLook,
}

// apply does req through h: a tap becomes the same Intent a key does,
// and the session checks it (issue 36 item 2).
func apply(h *session.Hand, req actRequest) error {
	verb, ok := phoneVerbs[req.Do]
	if !ok {
		return errors.New("no such action")
	}
	in := session.Intent{Do: verb, Action: req.ID, Values: req.Values, Key: req.Key, Value: req.Value, Yes: req.Yes,
		Version: req.Version}
	switch req.Do {
	case "draw", "undo", "redo":
		in.Checked = true // a tap twice does it once
	}
	if verb == session.DoAct {
		in.Walked = -1 // a phone shows every step of the turn
	}
	_, err := h.Do(in)
	return err
}
