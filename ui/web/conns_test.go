//go:build linux

package web

import (
	"net/http"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/serve"
)

// Strangers' connections from eight addresses fill their share: a
// player's phone already following the game keeps its stream, a phone
// with the code from another address still joins (the busiest address's
// oldest is closed for it), and the connections open never pass the
// bound.
func TestStrangersNeverPushOutAPlayer(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	srv, err := New(Config{Hub: tb.hub, Listen: "127.0.0.1:0", StateDir: t.TempDir(), JoinCode: testCode,
		Limiter: serve.NewLimiter(), Heartbeat: time.Second, MaxConns: 12, ReservedConns: 4, MaxConnsPerAddr: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	base := "http://" + srv.Addr().String()
	ann := phoneFrom(t, base, "127.0.0.1", 5*time.Second)
	ann.join("Ann")
	s := ann.listen()
	s.until(t, "Ann's view", func(v view) bool { return v.Readout != nil })

	held := slowBodies(t, srv.Addr().String(), loopbacks(2, 9), 48)
	defer func() {
		for _, c := range held {
			_ = c.Close()
		}
	}()
	waitFor(t, "the strangers' share to fill", func() bool { _, n := srv.gate.counts(); return n >= 8 })

	start := time.Now()
	bob := phoneFrom(t, base, "127.0.0.10", 2*time.Second)
	if status, body, err := bob.tryPost("/join", joinRequest{Code: testCode, Seat: "Bob"}); err != nil || status != http.StatusOK {
		t.Fatalf("Bob's phone could not join: %d %s %v", status, body, err)
	}
	t.Logf("Bob joined in %v", time.Since(start).Round(time.Millisecond))
	r := tb.hostDraws(t)
	s.until(t, "the draw on Ann's phone", func(v view) bool { return v.Readout != nil && v.Version == r.Version })
	all, strangers := srv.gate.counts()
	if all > 12 || strangers > 12-4 {
		t.Errorf("%d connections open, %d strangers': the bounds are 12 and 8", all, strangers)
	}
	if refused, pushed := srv.Refused(); refused == 0 || pushed == 0 {
		t.Errorf("%d refused and %d pushed out: the flood was never bounded", refused, pushed)
	}
}

// counts are the connections open and the strangers' among them.
func (g *gate) counts() (all, strangers int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.all, g.nwait
}
