package web

import (
	"bytes"
	"net/http"
	"path"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/readout"
)

// handleMore adds the pages and endpoints a phone reads besides its
// stream (issue 37 items 7, 10, 12): the big screen, the history and the
// facts (read-only, behind the token as the stream is), and the video
// that keeps a screen awake where the Wake Lock is not given.
func (s *Server) handleMore(mux *http.ServeMux) {
	mux.HandleFunc("GET /tv", s.tv)
	mux.HandleFunc("GET /history", s.history)
	mux.HandleFunc("GET /facts", s.facts)
	mux.HandleFunc("GET /wake.webm", s.video)
	mux.HandleFunc("GET /wake.mp4", s.video)
}

// tv is the big-screen page: the same page, read-only, the number as large
// as the screen allows.
func (s *Server) tv(w http.ResponseWriter, r *http.Request) { s.render(w, true) }

// video is the short, silent, looping video a page plays where the
// browser gives no Wake Lock (plain HTTP): a playing video keeps the
// screen on.
func (s *Server) video(w http.ResponseWriter, r *http.Request) {
	name := path.Base(r.URL.Path)
	data, err := pageFS.ReadFile("page/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", map[string]string{".webm": "video/webm", ".mp4": "video/mp4"}[path.Ext(name)])
	w.Header().Set("Cache-Control", "max-age=86400")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
}

// HistoryRow is one turn as the history lists it: the terminal's history
// screen and `eventdeck export` say the same of it.
type HistoryRow struct {
	Draw   int      `json:"draw"`
	Player string   `json:"player"`
	Number int      `json:"number,omitempty"`
	Dice   []string `json:"dice,omitempty"` // each die's own words: "R red 3"
	Event  string   `json:"event"`
	Said   []string `json:"said,omitempty"` // the answers given, in words
	Note   string   `json:"note,omitempty"` // a change to the table ("Bob joins"), a row of its own
	Star   string   `json:"star,omitempty"` // the deck rebuilt before this turn
}

// history lists every turn of the game on the table, oldest first, with
// the table's changes between them.
func (s *Server) history(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := s.who(r); !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	cur := s.cfg.Hub.Current()
	rows := []HistoryRow{}
	if cur == nil {
		writeJSON(w, rows)
		return
	}
	writeJSON(w, historyOf(cur.Rules(), cur.Now()))
}

// historyOf is the history of s, every text made printable (the save was
// checked when read; this keeps anything that got by off the page).
func historyOf(rules expansions.Ruleset, s *deck.State) []HistoryRow {
	p := deck.Printable
	rows := []HistoryRow{}
	for _, e := range readout.History(rules, s) {
		if e.Note != "" {
			rows = append(rows, HistoryRow{Note: p(e.Note)})
			continue
		}
		t := e.Turn
		row := HistoryRow{Draw: t.Draw, Player: p(e.Player), Number: t.Number, Event: p(t.Title)}
		if row.Event == "" {
			row.Event = "no event"
		}
		if t.Rebuilt {
			row.Star = p(t.RebuiltText)
		}
		for _, f := range t.Dice {
			row.Dice = append(row.Dice, p(f.Label()))
		}
		for _, said := range e.Said {
			row.Said = append(row.Said, p(said))
		}
		rows = append(rows, row)
	}
	return rows
}

// Fact is one fact the game keeps, as the terminal's facts screen shows
// it: read-only on a phone (the host corrects facts).
type Fact struct {
	Prompt string `json:"prompt"`
	Value  string `json:"value"`
}

// facts lists what the game remembers now (who holds a bonus, a damaged
// road…); "unknown" for what it does not know.
func (s *Server) facts(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := s.who(r); !ok {
		refuse(w, http.StatusUnauthorized, "join first")
		return
	}
	out := []Fact{}
	if cur := s.cfg.Hub.Current(); cur != nil {
		if fk, ok := cur.Rules().(expansions.FactKeeper); ok {
			st := cur.Now()
			for _, q := range fk.Facts(st) {
				f := Fact{Prompt: deck.Printable(q.Prompt), Value: "unknown"}
				if q.Default != "" {
					f.Value = deck.Printable(q.ValueText(q.Default, st.Players))
				}
				out = append(out, f)
			}
		}
	}
	writeJSON(w, out)
}
