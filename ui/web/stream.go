package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// coalesce is how long a stream waits after a change for more before it
// sends the newest: a phone is sent at most about 60 views a second.
const coalesce = 16 * time.Millisecond

// Waiting is what a phone reads before the host has a game on the table.
const Waiting = "Waiting for the host to start the game…"

// closedText is what a phone reads when the host closed eventdeck with no
// game on the table.
const closedText = "The host closed eventdeck."

// view is what one event carries: the reader's readout, or before a game
// what it waits for.
type view struct {
	*readout.Readout
	Waiting string `json:"waiting,omitempty"`
	Over    bool   `json:"over,omitempty"`   // the host closed eventdeck: no stream comes back
	Name    string `json:"joined,omitempty"` // who the phone joined as
	// Phone is the phone's own words for the readout (readout.PhoneOf).
	Phone *readout.Phone `json:"phone,omitempty"`
}

// viewOf is what the phone that joined as j sees now.
func (s *Server) viewOf(j Joined, role func(*session.Session) session.Who, ending bool) view {
	cur := s.cfg.Hub.Current()
	if cur == nil {
		v := view{Waiting: Waiting, Name: j.Name}
		if ending {
			v.Waiting, v.Over = closedText, true
		}
		return v
	}
	r := readout.Of(cur.As(role(cur)))
	if ending && r.Ended == "" {
		r.Ended = readout.Ended // the host quit: the game is saved as it is
	}
	p := readout.PhoneOf(&r)
	return view{Readout: &r, Name: j.Name, Phone: &p}
}

// events streams the phone's own readout: each event its whole view, the
// newest winning; a heartbeat keeps the stream open; a stream with no
// change for Idle is closed (the browser comes back if it is still
// there). It ends when the server closes or the host sends the phone
// away.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	j, token, ok := s.who(r)
	if !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		refuse(w, http.StatusServiceUnavailable, "the host closed eventdeck")
		return
	}
	s.streams.Add(1)
	s.mu.Unlock()
	defer s.streams.Done()

	changed := make(chan struct{}, 1)
	away := make(chan struct{})
	role := roleOf(j)
	id, stop := s.cfg.Hub.JoinScreen(session.KindPhone, role, func() { poke(changed) }, func() {
		_ = s.tokens.Forget(token) // it joins again with the code
		close(away)
	})
	s.book.add(id)
	defer s.book.remove(id)
	defer stop()

	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	var buf bytes.Buffer
	buf.WriteString("retry: " + strconv.Itoa(int(Retry/time.Millisecond)) + "\n\n")
	var last []byte
	send := func(ending bool) bool {
		data, err := json.Marshal(s.viewOf(j, role, ending))
		if err != nil || bytes.Equal(data, last) && buf.Len() == 0 {
			return err == nil
		}
		last = data
		buf.WriteString("data: ")
		buf.Write(data)
		buf.WriteString("\n\n")
		return s.flush(rc, w, &buf)
	}
	if !send(false) {
		return
	}
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	idle := time.NewTimer(s.cfg.Idle)
	defer idle.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.closing:
			send(true)
			return
		case <-away:
			buf.WriteString("event: " + s.book.whyAway(id) + "\ndata: {}\n\n")
			s.flush(rc, w, &buf)
			return
		case <-idle.C:
			return
		case <-beat.C:
			buf.WriteString(": ♥\n\n")
			if !s.flush(rc, w, &buf) {
				return
			}
		case <-changed:
			idle.Reset(s.cfg.Idle)
			// A burst of changes (the steps walked key after key) is one
			// event: the newest state, a moment later.
			time.Sleep(coalesce)
			select {
			case <-changed:
			default:
			}
			if !send(false) {
				return
			}
		}
	}
}

// flush writes buf out now, with a deadline so a phone gone quiet cannot
// hold its stream's goroutine.
func (s *Server) flush(rc *http.ResponseController, w http.ResponseWriter, buf *bytes.Buffer) bool {
	_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
	_, err := w.Write(buf.Bytes())
	buf.Reset()
	if err == nil {
		err = rc.Flush()
	}
	return err == nil
}

// poke tells a one-slot mailbox: several changes in a row are one.
func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// refuse answers with status and a one-line reason, as JSON.
func refuse(w http.ResponseWriter, status int, why string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": why})
}
