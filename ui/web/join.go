package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// joinRequest is a phone joining: the code, and the seat's name or
// "watch". Without a seat, a right code answers with the seats to pick.
type joinRequest struct {
	Code string `json:"code"`
	Seat string `json:"seat"`
}

// watch is the seat of a phone that only watches.
const watch = "watch"

// join lets a phone in with the join code: a wrong one reads "wrong code"
// (never the seats) and counts against the limit on wrong codes, shared
// with SSH; the sixth in a minute from one place is refused, right or
// not. A right code with a seat gives the phone its token.
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		refuse(w, http.StatusBadRequest, "not a join")
		return
	}
	if left := s.cfg.Limiter.Left(r.RemoteAddr); left > 0 {
		refuse(w, http.StatusTooManyRequests, fmt.Sprintf("too many wrong codes; try again in %s", minutes(left)))
		return
	}
	if req.Code != s.cfg.JoinCode {
		s.cfg.Limiter.Wrong(r.RemoteAddr)
		refuse(w, http.StatusForbidden, "wrong code")
		return
	}
	seats := s.seats()
	if req.Seat == "" {
		writeJSON(w, map[string]any{"seats": seats})
		return
	}
	j := Joined{Since: time.Now()}
	if req.Seat != watch {
		i := slices.IndexFunc(seats, func(n string) bool { return strings.EqualFold(n, req.Seat) })
		if i < 0 {
			refuse(w, http.StatusBadRequest, "no seat "+req.Seat+" at this table")
			return
		}
		j.Name = seats[i]
	}
	token, err := s.tokens.Add(j)
	if err != nil {
		refuse(w, http.StatusInternalServerError, "could not remember this phone: "+err.Error())
		return
	}
	http.SetCookie(w, &http.Cookie{Name: cookie, Value: token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: 365 * 24 * 3600})
	writeJSON(w, map[string]string{"joined": j.Name})
}

// leave forgets this phone: it joins again with the code.
func (s *Server) leave(w http.ResponseWriter, r *http.Request) {
	if _, token, ok := s.who(r); ok {
		_ = s.tokens.Forget(token)
	}
	http.SetCookie(w, &http.Cookie{Name: cookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, MaxAge: -1})
	writeJSON(w, map[string]string{})
}

// seats are the players' names at the table now.
func (s *Server) seats() []string {
	if cur := s.cfg.Hub.Current(); cur != nil {
		var names []string
		for _, p := range cur.Now().Players {
			names = append(names, p.Name)
		}
		return names
	}
	return s.cfg.Seats()
}

// ref lists the quick-reference entries holding every word of q, best
// first for the table being played, as every front-end ranks them (issue
// 40: the phone's were in the file's order), at most 40.
func (s *Server) ref(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := s.who(r); !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	var at deck.Table
	if cur := s.cfg.Hub.Current(); cur != nil {
		at = expansions.TableOf(cur.Rules(), cur.Now())
	}
	words := strings.Fields(r.URL.Query().Get("q"))
	found := deck.RankAt(s.cfg.Reference, func(e Entry) (deck.Entry, string) { return e.ref, e.game }, words, at)
	if found == nil {
		found = []Entry{}
	}
	writeJSON(w, found[:min(len(found), 40)])
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// minutes is d in whole minutes, rounded up: "2 minutes".
func minutes(d time.Duration) string {
	n := int((d + time.Minute - 1) / time.Minute)
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}
