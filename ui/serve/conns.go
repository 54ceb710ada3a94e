package serve

import (
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Bounds on connections, besides the bound on all of them (4 ×
// MaxSessions):
//   - a connection not yet logged in is closed after
//     Config.HandshakeTimeout, and sooner, after Config.SilentTimeout, while
//     it has sent nothing at all;
//   - one source (see source) has at most maxPendingPerSource connections
//     not yet logged in, and all sources together at most 2 × MaxSessions,
//     half the bound on all: logged-in screens always have room;
//   - when the connections not yet logged in are at their bound, a newcomer
//     from a source with fewer of them than the source with the most takes
//     the place of that source's oldest, so that connections that never
//     log in, from however many addresses, cannot keep out a remembered key
//     or a right code; a newcomer from a source with as many as any is
//     refused;
//   - one logged-in connection opens at most maxScreensPerConn session
//     channels, so no one fills the table alone.
const (
	maxPendingPerSource = 8
	maxScreensPerConn   = 2
)

// connKey holds a connection's *trackedConn in its ssh.Context.
type connKey struct{}

// connSet bounds and tracks the open connections, so Shutdown closes even
// those still in their handshake and waits for them.
type connSet struct {
	max, maxPending int
	open            *sync.WaitGroup
	mu              sync.Mutex
	closed          bool // admits no more
	all             map[*trackedConn]struct{}
	pending         map[string][]*trackedConn // not yet logged in, by source, oldest first
	npending        int
	seq             uint64 // connections admitted so far
}

func newConnSet(max, maxPending int, open *sync.WaitGroup) *connSet {
	return &connSet{max: max, maxPending: maxPending, open: open, all: map[*trackedConn]struct{}{}, pending: map[string][]*trackedConn{}}
}

// track admits c, its handshake to end by deadline and its first byte to
// come by silent; or refuses it (nil) when too many from its source are
// not yet logged in, or serve is shutting down. When the bound on all or
// on those not yet logged in is reached, the oldest connection of the
// source with the most not yet logged in is closed to make room, if c's
// source has fewer; else c is refused.
func (cs *connSet) track(c net.Conn, deadline, silent time.Time) *trackedConn {
	src := source(c.RemoteAddr())
	cs.mu.Lock()
	if cs.closed || len(cs.pending[src]) >= maxPendingPerSource {
		cs.mu.Unlock()
		return nil
	}
	var evicted *trackedConn
	if len(cs.all) >= cs.max || cs.npending >= cs.maxPending {
		// Only for a source with fewer waiting: among the busiest, a
		// newcomer would only push out one of their own, at the cost of a
		// handshake each time.
		if evicted = cs.busiestOldest(); evicted == nil || len(cs.pending[evicted.src]) <= len(cs.pending[src]) {
			cs.mu.Unlock()
			return nil
		}
		cs.forget(evicted)
	}
	cs.seq++
	tc := &trackedConn{Conn: c, set: cs, src: src, seq: cs.seq, handshake: deadline, silent: silent}
	if err := c.SetDeadline(tc.within(time.Time{})); err != nil {
		cs.mu.Unlock()
		if evicted != nil {
			_ = evicted.Close()
		}
		return nil
	}
	cs.all[tc] = struct{}{}
	cs.pending[src] = append(cs.pending[src], tc)
	tc.waiting = true
	cs.npending++
	cs.open.Add(1)
	cs.mu.Unlock()
	if evicted != nil {
		_ = evicted.Close()
	}
	return tc
}

// busiestOldest is the oldest connection not yet logged in of the source
// with the most of them (of those with as many, the one whose oldest came
// first); nil when none is waiting. cs.mu is held.
func (cs *connSet) busiestOldest() *trackedConn {
	var pick []*trackedConn
	for _, q := range cs.pending {
		if len(q) > len(pick) || len(q) == len(pick) && len(q) > 0 && q[0].seq < pick[0].seq {
			pick = q
		}
	}
	if len(pick) == 0 {
		return nil
	}
	return pick[0]
}

// settleLocked stops counting c as waiting to log in. cs.mu is held.
func (cs *connSet) settleLocked(c *trackedConn) {
	if !c.waiting {
		return
	}
	c.waiting = false
	q := cs.pending[c.src]
	for i, p := range q {
		if p == c {
			q = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	if len(q) == 0 {
		delete(cs.pending, c.src)
	} else {
		cs.pending[c.src] = q
	}
	cs.npending--
}

// forget drops c from the set: it is about to be closed. cs.mu is held.
func (cs *connSet) forget(c *trackedConn) {
	cs.settleLocked(c)
	delete(cs.all, c)
}

// refuseNew admits no more connections; those open stay.
func (cs *connSet) refuseNew() {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	cs.closed = true
}

// closeAll closes every connection and admits no more.
func (cs *connSet) closeAll() {
	cs.mu.Lock()
	cs.closed = true
	all := make([]*trackedConn, 0, len(cs.all))
	for c := range cs.all {
		all = append(all, c)
	}
	cs.mu.Unlock()
	for _, c := range all {
		_ = c.Close()
	}
}

// settle counts c as no longer waiting for a log-in.
func (cs *connSet) settle(c *trackedConn) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	cs.settleLocked(c)
}

// trackedConn is one connection: until it logs in, no deadline the SSH
// server sets (its idle timeout, or none) reaches past the handshake's,
// nor, until its first byte, past the silent one's.
type trackedConn struct {
	net.Conn
	set   *connSet
	src   string
	seq   uint64 // the order connections came in
	once  sync.Once
	heard atomic.Bool // it has sent a byte

	waiting bool // not yet logged in; guarded by set.mu

	mu          sync.Mutex
	handshake   time.Time // zero once logged in
	silent      time.Time // zero once it has sent a byte
	read, write time.Time // the deadlines the SSH server asked for
	screens     int       // session channels open
}

// loggedIn ends the handshake's deadline: the deadlines the SSH server
// asked for hold from now on.
func (c *trackedConn) loggedIn() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handshake.IsZero() {
		return
	}
	c.handshake, c.silent = time.Time{}, time.Time{}
	c.set.settle(c)
	_ = c.Conn.SetReadDeadline(c.read)
	_ = c.Conn.SetWriteDeadline(c.write)
}

// Read notes the connection's first byte: from then on it has the whole
// handshake's time to log in.
func (c *trackedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && !c.heard.Load() && !c.heard.Swap(true) {
		c.mu.Lock()
		if !c.silent.IsZero() {
			c.silent = time.Time{}
			_ = c.Conn.SetReadDeadline(c.within(c.read))
			_ = c.Conn.SetWriteDeadline(c.within(c.write))
		}
		c.mu.Unlock()
	}
	return n, err
}

// within is t, or the handshake's deadline (or the silent one's) when
// that comes first.
func (c *trackedConn) within(t time.Time) time.Time {
	for _, d := range []time.Time{c.handshake, c.silent} {
		if !d.IsZero() && (t.IsZero() || d.Before(t)) {
			t = d
		}
	}
	return t
}

func (c *trackedConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read, c.write = t, t
	return c.Conn.SetDeadline(c.within(t))
}

func (c *trackedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read = t
	return c.Conn.SetReadDeadline(c.within(t))
}

func (c *trackedConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.write = t
	return c.Conn.SetWriteDeadline(c.within(t))
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.set.mu.Lock()
		c.set.forget(c)
		c.set.mu.Unlock()
		c.set.open.Done()
	})
	return err
}

// screensPerConn refuses a session channel beyond maxScreensPerConn open
// on one connection.
func screensPerConn(next ssh.ChannelHandler) ssh.ChannelHandler {
	return func(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
		tc, _ := ctx.Value(connKey{}).(*trackedConn)
		if tc == nil || !tc.openScreen() {
			_ = ch.Reject(gossh.ResourceShortage, "eventdeck: at most 2 screens on one connection")
			return
		}
		defer tc.closeScreen()
		next(srv, conn, noAgent{ch}, ctx)
	}
}

// agentRequest is the request that asks a session to forward the
// client's SSH agent.
const agentRequest = "auth-agent-req@openssh.com"

// noAgent is a session channel whose requests to forward the client's
// agent are refused, as port forwarding is: serve never uses an agent,
// and charmbracelet/ssh would answer yes.
type noAgent struct{ gossh.NewChannel }

// Accept accepts the channel and hands on its requests but the agent's.
func (n noAgent) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := n.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for r := range reqs {
			if r.Type == agentRequest {
				_ = r.Reply(false, nil)
				continue
			}
			out <- r
		}
	}()
	return ch, out, nil
}

func (c *trackedConn) openScreen() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.screens >= maxScreensPerConn {
		return false
	}
	c.screens++
	return true
}

func (c *trackedConn) closeScreen() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.screens--
}
