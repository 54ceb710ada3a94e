// Package web serves the phone page of `eventdeck serve`: each phone at the
// table follows the game on the host's hub in its browser, as its own
// reader, and acts through that reader's session.Hand with the rights an
// SSH screen has. The page is embedded (one HTML file, a script and a
// stylesheet); each phone holds a Server-Sent Events stream of its own
// readout; changes are small POSTs carrying the phone's token cookie and
// a header no cross-site form can set.
package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Defaults for the fields of Config left zero.
const (
	DefaultListen    = ":8080"
	DefaultMaxPhones = 16
	DefaultIdle      = 30 * time.Minute
	DefaultHeartbeat = 15 * time.Second
	// Retry is how soon a phone's browser reconnects a stream that broke.
	Retry = 1500 * time.Millisecond
	// maxBody caps every request's body.
	maxBody = 4 << 10
	// Header must be on every request that changes something: a form
	// from another site cannot set it.
	Header = "X-Eventdeck"
	cookie = "eventdeck"
)

// Limiter limits wrong join codes; the SSH server's (serve.Limiter) is
// shared, so a guesser gains nothing by trying both.
type Limiter interface {
	Left(remote string) time.Duration // how long tries from remote stay refused; 0: taken
	Wrong(remote string)              // count a wrong code from remote
}

// Entry is a quick-reference entry as the page lists it.
type Entry struct {
	Title string     `json:"title"`
	Text  string     `json:"text"`
	ref   deck.Entry // what the search ranks: its title, tags, keys, needs and text
	game  string     // the game it is of; "" for the table's
}

// NewEntry is a reference entry, found by the words of its title, tags
// and text.
func NewEntry(title string, tags []string, text string) Entry {
	return Entry{Title: title, Text: text, ref: deck.Entry{Title: title, Tags: tags, Text: text}}
}

// EntryOf is game's reference entry e, listed under title (which may say
// whose it is), ranked as `eventdeck ref` ranks it.
func EntryOf(game string, e deck.Entry, title string) Entry {
	return Entry{Title: title, Text: e.Text, ref: e, game: game}
}

// Config says what to serve.
type Config struct {
	Hub       *session.Hub
	Listen    string          // DefaultListen when empty
	StateDir  string          // keeps the phones' tokens (TokensFile)
	JoinCode  string          // the code a phone joins with (the SSH server's)
	Seats     func() []string // the seats to join before a game is on the table
	Limiter   Limiter         // wrong codes; nil: none shared (a limiter of its own is the caller's to give)
	Reference []Entry         // the quick reference, as `eventdeck ref` lists it
	MaxPhones int             // streams open at once; 0: DefaultMaxPhones
	Idle      time.Duration   // a stream without a change this long is closed; 0: DefaultIdle
	Heartbeat time.Duration   // a comment to keep a stream open; 0: DefaultHeartbeat
}

// Server is the phone page's server. Make one with New, then Start it.
type Server struct {
	cfg    Config
	tokens *tokens
	http   *http.Server
	ln     net.Listener

	phones  atomic.Int64 // streams open now
	mu      sync.Mutex   // holds closed and a new stream's count together
	closed  bool
	closing chan struct{}
	streams sync.WaitGroup
}

// New checks cfg and reads the phones remembered in cfg.StateDir.
func New(cfg Config) (*Server, error) {
	switch {
	case cfg.Hub == nil:
		return nil, errors.New("web: no table")
	case cfg.StateDir == "":
		return nil, errors.New("web: no state folder")
	case cfg.JoinCode == "":
		return nil, errors.New("web: no join code")
	case cfg.Limiter == nil:
		return nil, errors.New("web: no limit on wrong codes")
	}
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.MaxPhones <= 0 {
		cfg.MaxPhones = DefaultMaxPhones
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	if cfg.Seats == nil {
		cfg.Seats = func() []string { return nil }
	}
	t, err := loadTokens(cfg.StateDir)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, tokens: t, closing: make(chan struct{})}
	s.http = &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    8 << 10,
	}
	return s, nil
}

// Start listens and serves in the background until Close.
func (s *Server) Start() error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("web: %v", err)
	}
	s.ln = ln
	go func() { _ = s.http.Serve(ln) }()
	return nil
}

// Addr is the address the server listens on, once started.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Phones counts the streams open now.
func (s *Server) Phones() int { return int(s.phones.Load()) }

// Close ends every stream, each phone told the last of the game (that it
// ended and is saved, when the host quit), and stops the server.
// Streaming handlers do not end with Shutdown on their own: they are told
// first.
func (s *Server) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.closing)
	}
	s.mu.Unlock()
	s.streams.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	return s.http.Shutdown(ctx)
}

// Handler is the page and its endpoints.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /app.js", s.asset)
	mux.HandleFunc("GET /app.css", s.asset)
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /me", s.me)
	mux.HandleFunc("GET /ref", s.ref)
	mux.HandleFunc("POST /join", s.changing(s.join))
	mux.HandleFunc("POST /act", s.changing(s.act))
	mux.HandleFunc("POST /leave", s.changing(s.leave))
	return headers(mux)
}

// headers are on every answer: no framing, no sniffing, nothing but the
// page's own files, no address (with its code) passed on.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		next.ServeHTTP(w, r)
	})
}

// changing guards a request that changes something: it must carry Header
// (a cross-site form cannot) and come from this page.
func (s *Server) changing(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(Header) != "1" {
			refuse(w, http.StatusForbidden, "missing "+Header+" header")
			return
		}
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			refuse(w, http.StatusForbidden, "another site's request")
			return
		}
		next(w, r)
	}
}

// who is who the request's token joined as.
func (s *Server) who(r *http.Request) (Joined, string, bool) {
	c, err := r.Cookie(cookie)
	if err != nil {
		return Joined{}, "", false
	}
	j, ok := s.tokens.Who(c.Value)
	return j, c.Value, ok
}

// roleOf is who a phone that joined as j reads in each game on the table.
func roleOf(j Joined) func(*session.Session) session.Who {
	w := session.Viewer()
	if j.Name != "" {
		w = session.PlayerNamed(j.Name)
	}
	return func(*session.Session) session.Who { return w }
}
