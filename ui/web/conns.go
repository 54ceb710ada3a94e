package web

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"

	src "github.com/eventdeck/eventdeck/ui/internal/source"
)

// Bounds on the page's connections (issue 39: 20,000 slow bodies took
// every file descriptor, and the saves failed). A connection is a
// stranger until a request on it carries a seat's token (or joins a
// seat with the code): then it is a player's, and no longer counts as a
// stranger's.
//   - All connections together are at most Config.MaxConns (from the
//     descriptors this process may open: fdBudget), far below the limit,
//     so a save always has descriptors left.
//   - Strangers together take at most MaxConns − ReservedConns: the rest
//     is kept for the players' phones.
//   - One address (IPv6: its /64) holds at most MaxConnsPerAddr strangers'
//     connections; a newcomer beyond that is closed at once.
//   - When the strangers' share (or the whole) is full, a newcomer from
//     an address with fewer strangers' connections than the busiest takes
//     the place of that address's oldest; from an address as busy, it is
//     closed at once. So connections that never send a request, from
//     however many addresses, never keep a phone with the code out, and a
//     player's phone, once it has shown its token, is never pushed out.
//   - Every request has ReadHeaderTimeout for its header and requestRead
//     for the whole of it, body included (http.Server.ReadTimeout); a
//     stream lifts the read deadline once it is admitted (it reads
//     nothing more) and sets a write deadline per write.
const (
	DefaultMaxConnsPerAddr = 32
	DefaultReservedConns   = 64
	// maxConnsCeiling caps MaxConns however many descriptors there are.
	maxConnsCeiling = 512
	// minConns is the least MaxConns the budget gives.
	minConns = 32
	// fdReserve are the descriptors never given to the page: the saves
	// (a temp file, the folder, the journal, the backup, the log), the
	// SSH server's connections (at most 4 × 16 and their pending ones),
	// the terminal, and Go's own.
	fdReserve = 256
	// requestRead bounds the reading of one request, header and body (the
	// body is at most maxBody bytes).
	requestRead = 10 * time.Second
	// requestHeader bounds the reading of one request's header.
	requestHeader = 5 * time.Second
	// responseWrite bounds the writing of one answer; a stream sets its
	// own deadline before each write.
	responseWrite = 10 * time.Second
	// idleConn closes a kept-alive connection this long without a request.
	idleConn = 30 * time.Second
)

// fdBudget is MaxConns for a process that may open limit descriptors: a
// third of what is left after fdReserve, at least minConns and at most
// maxConnsCeiling. With `ulimit -n 1024` that is 256, leaving 768.
func fdBudget(limit int) int {
	return min(max((limit-fdReserve)/3, minConns), maxConnsCeiling)
}

// gate is the page's listener: it admits connections within the bounds
// above and closes the others as soon as they are accepted, so the
// kernel's queue drains and a refused connection holds no descriptor.
type gate struct {
	net.Listener
	max, perAddr, strangers int // strangers: the strangers' share

	mu      sync.Mutex
	all     int                     // connections open
	waiting map[string][]*gatedConn // strangers' connections by address, oldest first
	nwait   int                     // strangers' connections in all
	seq     uint64                  // connections admitted so far
	refused atomic.Int64            // connections closed at once
	pushed  atomic.Int64            // strangers' connections closed to make room
	logf    func(string, ...any)    // the serve log
	acceptE time.Time               // the last accept error logged
}

func newGate(ln net.Listener, max, perAddr, reserved int, logf func(string, ...any)) *gate {
	return &gate{Listener: ln, max: max, perAddr: perAddr, strangers: max - reserved,
		waiting: map[string][]*gatedConn{}, logf: logf}
}

// Accept returns the next connection admitted; those refused are closed
// here, each at once.
func (g *gate) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			g.noteAcceptError(err)
			return nil, err // http.Server waits a moment and tries again (logged, never printed)
		}
		if gc := g.admit(c); gc != nil {
			return gc, nil
		}
		g.refused.Add(1)
		closeNow(c)
	}
}

// noteAcceptError logs an accept error at most once a second.
func (g *gate) noteAcceptError(err error) {
	g.mu.Lock()
	now := time.Now()
	log := now.Sub(g.acceptE) >= time.Second
	if log {
		g.acceptE = now
	}
	g.mu.Unlock()
	if log {
		g.logf("web: accept: %v", err)
	}
}

// closeNow closes a refused connection without lingering: nothing of it
// is kept, not even in TIME_WAIT.
func closeNow(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = c.Close()
}

// admit counts c in, as a stranger's, or refuses it (nil).
func (g *gate) admit(c net.Conn) *gatedConn {
	src := source(c.RemoteAddr())
	g.mu.Lock()
	if len(g.waiting[src]) >= g.perAddr {
		g.mu.Unlock()
		return nil
	}
	var pushed *gatedConn
	if g.all >= g.max || g.nwait >= g.strangers {
		// Only for an address with fewer: among the busiest, a newcomer
		// would only push out one of its own.
		if pushed = g.busiestOldest(); pushed == nil || len(g.waiting[pushed.src]) <= len(g.waiting[src]) {
			g.mu.Unlock()
			return nil
		}
		g.dropLocked(pushed)
	}
	g.seq++
	gc := &gatedConn{Conn: c, gate: g, src: src, seq: g.seq, stranger: true}
	g.waiting[src] = append(g.waiting[src], gc)
	g.nwait++
	g.all++
	g.mu.Unlock()
	if pushed != nil {
		g.pushed.Add(1)
		closeNow(pushed.Conn)
	}
	return gc
}

// busiestOldest is the oldest stranger's connection of the address with
// the most (of those with as many, the one whose oldest came first); nil
// when there is none. g.mu is held.
func (g *gate) busiestOldest() *gatedConn {
	var pick []*gatedConn
	for _, q := range g.waiting {
		if len(q) > len(pick) || len(q) == len(pick) && len(q) > 0 && q[0].seq < pick[0].seq {
			pick = q
		}
	}
	if len(pick) == 0 {
		return nil
	}
	return pick[0]
}

// settleLocked stops counting c as a stranger's. g.mu is held.
func (g *gate) settleLocked(c *gatedConn) {
	if !c.stranger {
		return
	}
	c.stranger = false
	q := g.waiting[c.src]
	for i, p := range q {
		if p == c {
			q = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	if len(q) == 0 {
		delete(g.waiting, c.src)
	} else {
		g.waiting[c.src] = q
	}
	g.nwait--
}

// dropLocked stops counting c at all: it is closed, or about to be.
func (g *gate) dropLocked(c *gatedConn) {
	if c.gone {
		return
	}
	c.gone = true
	g.settleLocked(c)
	g.all--
}

// gatedConn is one admitted connection.
type gatedConn struct {
	net.Conn
	gate *gate
	src  string
	seq  uint64
	once sync.Once
	// guarded by gate.mu
	stranger bool // not yet shown to be a player's
	gone     bool // no longer counted
}

// player counts c as a player's phone's from now on: it is kept out of
// the strangers' share, and never closed to make room.
func (c *gatedConn) player() {
	c.gate.mu.Lock()
	defer c.gate.mu.Unlock()
	if !c.gone {
		c.gate.settleLocked(c)
	}
}

func (c *gatedConn) Close() error {
	c.once.Do(func() {
		c.gate.mu.Lock()
		c.gate.dropLocked(c)
		c.gate.mu.Unlock()
	})
	return c.Conn.Close()
}

// connKey holds a request's *gatedConn in its context.
type connKey struct{}

// withConn is http.Server.ConnContext: each request knows its connection.
func withConn(ctx context.Context, c net.Conn) context.Context {
	if gc, ok := c.(*gatedConn); ok {
		return context.WithValue(ctx, connKey{}, gc)
	}
	return ctx
}

// playerConn counts the connection of the request with ctx as a player's.
func playerConn(ctx context.Context) {
	if gc, ok := ctx.Value(connKey{}).(*gatedConn); ok {
		gc.player()
	}
}

// source is who a connection comes from, for the bounds (source.Of).
func source(addr net.Addr) string { return src.Of(addr) }
