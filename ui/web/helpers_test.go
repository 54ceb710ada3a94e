package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
)

const testCode = "424242"

// table is a hub with a game of players on it, as the host's table puts it.
type table struct {
	hub  *session.Hub
	sess *session.Session
	srv  *Server
	dir  string
	url  string // http://127.0.0.1:PORT
}

// newTable puts game on a hub and serves the page for it on loopback.
func newTable(t testing.TB, game string, opts map[string]string, players ...string) *table {
	t.Helper()
	return newTableWith(t, nil, game, opts, players...)
}

// newTableWith is newTable, its server changed by before it starts.
func newTableWith(t testing.TB, before func(*Server), game string, opts map[string]string, players ...string) *table {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, game)
	if err != nil {
		t.Fatal(err)
	}
	var ps []deck.Player
	for _, p := range players {
		ps = append(ps, deck.Player{Name: p})
	}
	st, err := r.NewGame(opts, ps, 7)
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{hub: session.NewHub(), dir: t.TempDir()}
	tb.sess = session.New(session.Options{Rules: r, Game: deck.NewGame(st)})
	tb.hub.Publish(tb.sess)
	var ref []Entry
	for _, e := range r.Reference() {
		ref = append(ref, EntryOf(r.ID(), e, e.Title))
	}
	tb.serve(t, "127.0.0.1:0", ref, before)
	return tb
}

// serve starts a page server for the table on listen.
func (tb *table) serve(t testing.TB, listen string, ref []Entry, before ...func(*Server)) {
	t.Helper()
	srv, err := New(Config{Hub: tb.hub, Listen: listen, StateDir: tb.dir, JoinCode: testCode, Limiter: serve.NewLimiter(),
		Reference: ref, Heartbeat: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range before {
		if b != nil {
			b(srv)
		}
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	tb.srv, tb.url = srv, "http://"+srv.Addr().String()
	t.Cleanup(func() { _ = srv.Close() })
}

// hostDraws walks the open turn with the questions skipped, then draws,
// as the host's space key does.
func (tb *table) hostDraws(t testing.TB) readout.Readout {
	t.Helper()
	host := tb.sess.As(session.TheHost())
	for {
		st := tb.sess.Now()
		q := session.FirstOpen(tb.sess.Rules().Steps(st), st.Open)
		if q == nil {
			break
		}
		if err := host.Answer(*q, deck.AnswerSkip); err != nil {
			t.Fatal(err)
		}
	}
	st := tb.sess.Now()
	a, ok := expansions.Main(tb.sess.Rules().Actions(st))
	if !ok {
		t.Fatal("nothing to draw")
	}
	if err := host.Act(deck.Action{ID: a.ID}, len(tb.sess.Rules().Steps(st))); err != nil {
		t.Fatal(err)
	}
	return readout.Of(host)
}

// phone is a Go client of the page: a cookie jar and the page's header.
type phone struct {
	t      testing.TB
	client *http.Client
	base   string
}

func newPhone(t testing.TB, base string) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{t: t, client: &http.Client{Jar: jar, Timeout: 10 * time.Second}, base: base}
}

// post sends body as JSON with the page's header; it returns the status
// and the answer's body.
func (p *phone) post(path string, body any) (int, string) {
	p.t.Helper()
	status, out, err := p.tryPost(path, body)
	if err != nil {
		p.t.Fatal(err)
	}
	return status, out
}

// tryPost is post, its error returned.
func (p *phone) tryPost(path string, body any) (int, string, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", p.base+path, bytes.NewReader(b))
	req.Header.Set(Header, "1")
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(resp.Body)
	return resp.StatusCode, out.String(), nil
}

// join joins with the test code as seat ("watch" to watch).
func (p *phone) join(seat string) {
	p.t.Helper()
	if status, body := p.post("/join", joinRequest{Code: testCode, Seat: seat}); status != http.StatusOK {
		p.t.Fatalf("joining as %s: %d %s", seat, status, body)
	}
}

// stream is a phone's raw event stream: every byte it got, and each
// event's data decoded as they come.
type stream struct {
	resp   *http.Response
	mu     sync.Mutex
	raw    bytes.Buffer
	events chan view
	done   chan struct{}
}

// listen opens the phone's event stream.
func (p *phone) listen() *stream {
	p.t.Helper()
	client := *p.client
	client.Timeout = 0
	resp, err := client.Get(p.base + "/events")
	if err != nil {
		p.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		p.t.Fatalf("stream: %s", resp.Status)
	}
	s := &stream{resp: resp, events: make(chan view, 256), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			s.mu.Lock()
			s.raw.WriteString(line)
			s.mu.Unlock()
			if err != nil {
				return
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var v view
				if json.Unmarshal([]byte(data), &v) == nil {
					select {
					case s.events <- v:
					default: // nobody reads: the raw bytes are kept
					}
				}
			}
		}
	}()
	p.t.Cleanup(s.close)
	return s
}

func (s *stream) close() { s.resp.Body.Close(); <-s.done }

// bytes are every byte the stream got so far.
func (s *stream) bytes() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// until reads events until want holds of one, and returns it.
func (s *stream) until(t testing.TB, what string, want func(view) bool) view {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case v := <-s.events:
			if want(v) {
				return v
			}
		case <-s.done:
			t.Fatalf("the stream ended before %s", what)
		case <-deadline:
			t.Fatalf("no %s in 10 s", what)
		}
	}
}

// waitFor polls cond until it holds (at most 10 s: a bound for a stuck
// server, not a speed).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s in 10 s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
