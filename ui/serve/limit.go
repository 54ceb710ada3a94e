package serve

import (
	"net"
	"sync"
	"time"
)

// Wrong join codes are limited per source address: at most maxWrong in
// wrongWindow, then every try from there is refused for blockFor, even one
// with the right code.
const (
	maxWrong    = 5
	wrongWindow = time.Minute
	blockFor    = 5 * time.Minute
	// maxTracked bounds the addresses remembered; the oldest are forgotten.
	maxTracked = 4096
)

// limiter counts wrong codes by source address.
type limiter struct {
	now   func() time.Time
	mu    sync.Mutex
	addrs map[string]*tries
}

type tries struct {
	wrong   []time.Time // the wrong codes within wrongWindow
	blocked time.Time   // refused until then
	last    time.Time
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, addrs: map[string]*tries{}}
}

// source is the address without its port: a client cannot dodge the limit
// by opening new connections.
func source(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}

// Blocked reports whether tries from addr are refused now.
func (l *limiter) Blocked(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.addrs[addr]
	return t != nil && l.now().Before(t.blocked)
}

// Wrong counts a wrong code from addr; the maxWrong-th within wrongWindow
// blocks the address.
func (l *limiter) Wrong(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	t := l.addrs[addr]
	if t == nil {
		l.forget(now)
		t = &tries{}
		l.addrs[addr] = t
	}
	t.last = now
	kept := t.wrong[:0]
	for _, w := range t.wrong {
		if now.Sub(w) < wrongWindow {
			kept = append(kept, w)
		}
	}
	t.wrong = append(kept, now)
	if len(t.wrong) >= maxWrong {
		t.blocked = now.Add(blockFor)
		t.wrong = t.wrong[:0]
	}
}

// forget drops addresses with nothing left to remember, and the oldest when
// there are still too many, so a flood of addresses cannot grow the map.
func (l *limiter) forget(now time.Time) {
	if len(l.addrs) < maxTracked {
		return
	}
	var oldest string
	for a, t := range l.addrs {
		if now.After(t.blocked) && now.Sub(t.last) >= wrongWindow {
			delete(l.addrs, a)
			continue
		}
		if oldest == "" || t.last.Before(l.addrs[oldest].last) {
			oldest = a
		}
	}
	if len(l.addrs) >= maxTracked {
		delete(l.addrs, oldest)
	}
}
