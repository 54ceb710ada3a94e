package serve

import (
	"net"
	"sync"
	"time"

	src "github.com/eventdeck/eventdeck/ui/internal/source"
)

// Wrong join codes are limited per source (see source): at most maxWrong in
// wrongWindow, then every try from there is refused for blockFor, even one
// with the right code. Across all sources, at most maxWrongAll wrong codes
// in wrongWindow; beyond that every code is refused for blockAllFor, from
// everyone (a remembered key still joins), so a guesser with many
// addresses gains nothing from them.
const (
	maxWrong    = 5
	wrongWindow = time.Minute
	blockFor    = 5 * time.Minute
	maxWrongAll = 30
	blockAllFor = 2 * time.Minute
	// maxTracked bounds the sources remembered: past it, the oldest not
	// blocked are forgotten. A blocked one never is before its block ends;
	// their number is bounded by maxWrongAll anyway.
	maxTracked = 4096
)

// block says why code tries are refused now.
type block int

const (
	notBlocked  block = iota // not refused
	blockedHere              // too many wrong codes from this source
	blockedAll               // too many wrong codes from everywhere
)

func (b block) String() string {
	return [...]string{"not blocked", "blocked here", "blocked for all"}[b]
}

// limiter counts wrong codes by source, and all together.
type limiter struct {
	now   func() time.Time
	mu    sync.Mutex
	addrs map[string]*tries
	all   tries
}

type tries struct {
	wrong   []time.Time // the wrong codes within wrongWindow
	blocked time.Time   // refused until then
	last    time.Time
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, addrs: map[string]*tries{}}
}

// source is who a connection comes from, for the bounds (source.Of).
func source(addr net.Addr) string { return src.Of(addr) }

// Blocked says whether, and why, code tries from addr are refused now.
func (l *limiter) Blocked(addr string) block {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Before(l.all.blocked) {
		return blockedAll
	}
	if t := l.addrs[addr]; t != nil && now.Before(t.blocked) {
		return blockedHere
	}
	return notBlocked
}

// Left is how long code tries from addr stay refused: until both its own
// block and the block on all have ended; 0 when they are not refused.
func (l *limiter) Left(addr string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	left := l.all.blocked.Sub(now)
	if t := l.addrs[addr]; t != nil {
		left = max(left, t.blocked.Sub(now))
	}
	return max(left, 0)
}

// LeftForAll is how long every code try stays refused after too many wrong
// codes from everywhere; 0 when codes are taken.
func (l *limiter) LeftForAll() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(l.all.blocked.Sub(l.now()), 0)
}

// Wrong counts a wrong code from addr: the maxWrong-th within wrongWindow
// blocks the source, the maxWrongAll-th from anywhere blocks every source.
func (l *limiter) Wrong(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.all.count(now, maxWrongAll, blockAllFor)
	t := l.addrs[addr]
	if t == nil {
		l.forget(now)
		t = &tries{}
		l.addrs[addr] = t
	}
	t.count(now, maxWrong, blockFor)
}

// count adds a wrong code at now; the most-th within wrongWindow blocks for
// d.
func (t *tries) count(now time.Time, most int, d time.Duration) {
	t.last = now
	kept := t.wrong[:0]
	for _, w := range t.wrong {
		if now.Sub(w) < wrongWindow {
			kept = append(kept, w)
		}
	}
	t.wrong = append(kept, now)
	if len(t.wrong) >= most {
		t.blocked = now.Add(d)
		t.wrong = t.wrong[:0]
	}
}

// forget drops sources with nothing left to remember, and the oldest not
// blocked when there are still too many, so a flood of addresses cannot
// grow the map. A blocked source stays until its block ends.
func (l *limiter) forget(now time.Time) {
	if len(l.addrs) < maxTracked {
		return
	}
	var oldest string
	for a, t := range l.addrs {
		if now.Before(t.blocked) {
			continue
		}
		if now.Sub(t.last) >= wrongWindow {
			delete(l.addrs, a)
			continue
		}
		if oldest == "" || t.last.Before(l.addrs[oldest].last) {
			oldest = a
		}
	}
	if len(l.addrs) >= maxTracked && oldest != "" {
		delete(l.addrs, oldest)
	}
}
