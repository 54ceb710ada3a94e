package serve

import (
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Bounds on connections, besides the bound on all of them (4 ×
// MaxSessions): a connection not yet logged in is closed after
// Config.HandshakeTimeout; one source (see source) has at most
// maxPendingPerSource connections not yet logged in, so no one fills every
// slot without the code; and one logged-in connection opens at most
// maxScreensPerConn session channels, so no one fills the table alone.
const (
	maxPendingPerSource = 8
	maxScreensPerConn   = 2
)

// connKey holds a connection's *trackedConn in its ssh.Context.
type connKey struct{}

// connSet bounds and tracks the open connections, so Shutdown closes even
// those still in their handshake and waits for them.
type connSet struct {
	max     int
	open    *sync.WaitGroup
	mu      sync.Mutex
	closed  bool // admits no more
	all     map[*trackedConn]struct{}
	pending map[string]int // connections not yet logged in, by source
}

func newConnSet(max int, open *sync.WaitGroup) *connSet {
	return &connSet{max: max, open: open, all: map[*trackedConn]struct{}{}, pending: map[string]int{}}
}

// track admits c with its handshake to end by deadline, or refuses it
// (nil) when too many are open, too many from its source are not yet
// logged in, or serve is shutting down.
func (cs *connSet) track(c net.Conn, deadline time.Time) *trackedConn {
	src := source(c.RemoteAddr())
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.closed || len(cs.all) >= cs.max || cs.pending[src] >= maxPendingPerSource {
		return nil
	}
	if err := c.SetDeadline(deadline); err != nil {
		return nil
	}
	tc := &trackedConn{Conn: c, set: cs, src: src, handshake: deadline}
	cs.all[tc] = struct{}{}
	cs.pending[src]++
	cs.open.Add(1)
	return tc
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

// settle counts c's source as no longer waiting for a log-in.
func (cs *connSet) settle(src string) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.pending[src]--; cs.pending[src] <= 0 {
		delete(cs.pending, src)
	}
}

// trackedConn is one connection: until it logs in, no deadline the SSH
// server sets (its idle timeout, or none) reaches past the handshake's.
type trackedConn struct {
	net.Conn
	set  *connSet
	src  string
	once sync.Once

	mu          sync.Mutex
	handshake   time.Time // zero once logged in
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
	c.handshake = time.Time{}
	c.set.settle(c.src)
	_ = c.Conn.SetReadDeadline(c.read)
	_ = c.Conn.SetWriteDeadline(c.write)
}

// within is t, or the handshake's deadline when that comes first.
func (c *trackedConn) within(t time.Time) time.Time {
	if !c.handshake.IsZero() && (t.IsZero() || c.handshake.Before(t)) {
		return c.handshake
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
		c.mu.Lock()
		pending := !c.handshake.IsZero()
		c.handshake = time.Time{}
		c.mu.Unlock()
		if pending {
			c.set.settle(c.src)
		}
		c.set.mu.Lock()
		delete(c.set.all, c)
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
		next(srv, conn, ch, ctx)
	}
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
