package web

import (
	"fmt"
	"net/http"
	"time"
)

// Bounds on the event streams (issue 39: one viewer's token opening 16
// streams turned every player's phone away):
//   - one token holds at most StreamsPerToken streams (a phone, and a
//     second tab or a stream not yet seen closed);
//   - the viewers together hold at most MaxPhones; a player's stream is
//     never counted with theirs, so no number of viewers keeps a player
//     out, and a seat's streams are bounded by its tokens (maxPerSeat).
//
// A reader over its share is refused with a plain sentence: 429 for its
// own token's share, 503 for the viewers' places.
const DefaultStreamsPerToken = 2

// streamSlots counts the streams open, per token and the viewers'.
type streamSlots struct {
	byToken map[string]int // by the token's hash
	viewers int
}

// openStream takes a stream's place for the phone with token, joined as
// j: release gives it back. ok is false when the phone is over its share
// (why and the status to answer with).
func (s *Server) openStream(token string, j Joined) (release func(), status int, why string) {
	h := hashOf(token)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.slots.byToken[h] >= s.cfg.StreamsPerToken:
		return nil, http.StatusTooManyRequests, fmt.Sprintf("this phone already follows the table %d times: close another tab of it", s.cfg.StreamsPerToken)
	case j.Name == "" && s.slots.viewers >= s.cfg.MaxPhones:
		return nil, http.StatusServiceUnavailable, fmt.Sprintf("the places to watch are full: %d phones watch", s.cfg.MaxPhones)
	}
	s.slots.byToken[h]++
	if j.Name == "" {
		s.slots.viewers++
	}
	s.phones.Add(1)
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.slots.byToken[h]--; s.slots.byToken[h] <= 0 {
			delete(s.slots.byToken, h)
		}
		if j.Name == "" {
			s.slots.viewers--
		}
		s.phones.Add(-1)
	}, 0, ""
}

// streamGate admits a stream within its token's share and the viewers',
// before the stream starts (next). An admitted stream reads nothing more:
// the whole request's read deadline (ReadTimeout) is lifted, so that no
// deadline meant for a request's body reaches a stream that lasts hours;
// its writes keep their own deadline, one per write (flush).
func (s *Server) streamGate(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		j, token, ok := s.who(r)
		if !ok {
			next(w, r) // refused there: join first
			return
		}
		release, status, why := s.openStream(token, j)
		if release == nil {
			w.Header().Set("Retry-After", "30")
			refuse(w, status, why)
			return
		}
		defer release()
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		next(w, r)
	}
}
