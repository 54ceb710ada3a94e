package web

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"
)

// A request's body has a deadline, the whole request's (issue 39: a body
// at a byte every 2 s held its connection an hour): a slow body is cut.
func TestASlowBodyIsCut(t *testing.T) {
	tb := newTableWith(t, func(s *Server) {
		if d := s.http.ReadTimeout; d <= 0 || d > 30*time.Second {
			t.Fatalf("a request may take %v to read", d)
		}
		s.http.ReadTimeout = 300 * time.Millisecond // the test's own: the table's is requestRead
	}, "catan", nil, "Ann")
	c, err := net.Dial("tcp", strings.TrimPrefix(tb.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("POST /join HTTP/1.1\r\nHost: x\r\nX-Eventdeck: 1\r\nContent-Length: 4000\r\n\r\n{")); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	line, err := bufio.NewReader(c).ReadString('\n')
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("a slow body held its connection %v", time.Since(start).Round(time.Millisecond))
	}
	t.Logf("cut after %v: %q %v", time.Since(start).Round(time.Millisecond), line, err)
}

// A stream outlives the request's read deadline: it reads nothing more,
// and only a write that does not go through ends it.
func TestAStreamOutlivesTheRequestDeadline(t *testing.T) {
	tb := newTableWith(t, func(s *Server) { s.http.ReadTimeout = 100 * time.Millisecond }, "catan", nil, "Ann")
	p := newPhone(t, tb.url)
	p.join("Ann")
	s := p.listen()
	s.until(t, "the first view", func(v view) bool { return v.Readout != nil })
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(s.bytes(), ": ♥") { // the heartbeat, 1 s on: past the read deadline
		if time.Now().After(deadline) {
			t.Fatal("no heartbeat")
		}
		select {
		case <-s.done:
			t.Fatal("the stream ended at the request's read deadline")
		case <-time.After(20 * time.Millisecond):
		}
	}
	r := tb.hostDraws(t)
	s.until(t, "the draw", func(v view) bool { return v.Readout != nil && v.Version == r.Version })
}
