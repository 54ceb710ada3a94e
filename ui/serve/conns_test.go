package serve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// dialFrom dials s from the loopback address from (127.0.0.2, …): another
// source for the server's limits.
func dialFrom(t *testing.T, s *Server, from, user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	conn, err := d.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c, chans, reqs, err := gossh.NewClientConn(conn, s.Addr().String(), &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.FixedHostKey(s.signer.PublicKey()),
	})
	if err != nil {
		conn.Close()
		return nil, err
	}
	client := gossh.NewClient(c, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, nil
}

// silent connects to s and sends nothing; it returns the connection once
// the server has greeted it (it was let in), or nil when the server closed
// it without a word (it was refused).
func silent(t *testing.T, s *Server) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if errors.Is(err, io.EOF) && line == "" {
		return nil
	}
	if err != nil || !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("the server greeted %q, %v", line, err)
	}
	return conn
}

// closedByServer reports whether the server closes conn (before the
// 10-second watchdog).
func closedByServer(conn net.Conn) bool {
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, conn)
	return err == nil // io.Copy reads to EOF; the watchdog is an error
}

func TestSilentConnectionDroppedAfterTheHandshakeTimeout(t *testing.T) {
	// With the idle timeout off (--idle 0) and on: neither keeps a
	// connection that never logs in.
	for _, idle := range []time.Duration{-1, 0} {
		s := startServer(t, Config{HandshakeTimeout: 200 * time.Millisecond, IdleTimeout: idle})
		conn := silent(t, s)
		if conn == nil {
			t.Fatal("the first connection was refused")
		}
		if !closedByServer(conn) {
			t.Errorf("idle %v: a connection that sent nothing stayed open", idle)
		}
	}
}

func TestStalledLoginDroppedAfterTheHandshakeTimeout(t *testing.T) {
	s := startServer(t, Config{HandshakeTimeout: 500 * time.Millisecond, IdleTimeout: -1})
	release := make(chan struct{})
	defer close(release)
	asked := make(chan struct{})
	stall := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		close(asked)
		<-release // the code is never typed
		return nil, errors.New("gave up")
	})
	failed := make(chan error, 1)
	go func() {
		c, err := dial(s, "ann", stall)
		if err == nil {
			c.Close()
		}
		failed <- err
	}()
	select {
	case <-asked:
	case err := <-failed:
		t.Fatalf("the code was never asked: %v", err)
	}
	if s.conns.count() != 1 {
		t.Fatalf("%d connections open while one is asked for the code", s.conns.count())
	}
	// The client hangs in its prompt and reads nothing: the server closes
	// its end.
	waitUntil(t, "a client never answering the code is let go", func() bool { return s.conns.count() == 0 })
}

// count is the number of connections open.
func (cs *connSet) count() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return len(cs.all)
}

func TestLoggedInOutlivesTheHandshakeTimeout(t *testing.T) {
	for _, idle := range []time.Duration{-1, 0} {
		s := startServer(t, Config{HandshakeTimeout: 100 * time.Millisecond, IdleTimeout: idle})
		// A login may miss so short a time on a loaded machine: it is
		// tried again; what is checked is the session after it.
		var c *gossh.Client
		var err error
		for range 10 {
			if c, err = dial(s, "ann", gossh.Password(testCode)); err == nil {
				break
			}
		}
		if err != nil {
			t.Fatalf("no login within 100 ms in 10 tries: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		sc := open(t, c, true)
		sc.waitFor(t, "hello Ann")
		// Thrice the handshake's time: a cut ends the wait (and the test) at once.
		select {
		case err := <-sc.done:
			t.Fatalf("idle %v: a logged-in session was cut after the handshake's time: %v", idle, err)
		case <-time.After(300 * time.Millisecond):
		}
		if _, err := sc.in.Write([]byte("q")); err != nil {
			t.Fatal(err)
		}
		if err := <-sc.done; err != nil {
			t.Errorf("idle %v: a logged-in session was cut after the handshake's time: %v", idle, err)
		}
	}
}

func TestNinthPendingConnectionFromOneAddressRefused(t *testing.T) {
	s := startServer(t, Config{})
	var held []net.Conn
	for range maxPendingPerSource {
		conn := silent(t, s)
		if conn == nil {
			t.Fatalf("connection %d of %d from one address refused", len(held)+1, maxPendingPerSource)
		}
		held = append(held, conn)
	}
	if silent(t, s) != nil {
		t.Fatal("a 9th connection not logged in from one address was let in")
	}
	if _, err := dial(s, "ann", gossh.Password(testCode)); err == nil {
		t.Fatal("another connection from the same address joined while 8 hold its slots")
	}

	// Another address joins meanwhile.
	c, err := dialFrom(t, s, "127.0.0.2", "bob", gossh.Password(testCode))
	if err != nil {
		t.Fatalf("another address could not join: %v", err)
	}
	open(t, c, true).waitFor(t, "hello Bob")

	// One of the 8 leaves: the address may join again.
	held[0].Close()
	waitUntil(t, "a slot freed for the address", func() bool {
		c, err := dial(s, "ann", gossh.Password(testCode))
		if err != nil {
			return false
		}
		t.Cleanup(func() { c.Close() })
		return true
	})
}

func TestThirdScreenOnOneConnectionRefused(t *testing.T) {
	s := startServer(t, Config{})
	c, err := dial(s, "ann", gossh.Password(testCode))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	first := open(t, c, true)
	first.waitFor(t, "hello Ann")
	open(t, c, true).waitFor(t, "hello Ann")
	_, err = c.NewSession()
	var refused *gossh.OpenChannelError
	if !errors.As(err, &refused) || refused.Reason != gossh.ResourceShortage {
		t.Fatalf("a 3rd screen on one connection: %v, want refused", err)
	}
	if s.Sessions() != 2 {
		t.Errorf("Sessions() = %d", s.Sessions())
	}
	// Another connection still gets its screen.
	_, sc := join(t, s, "bob")
	sc.waitFor(t, "hello Bob")
	// One screen closed: the connection may open another.
	if _, err := first.in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	<-first.done
	waitUntil(t, "a screen opens again", func() bool {
		sess, err := c.NewSession()
		if err != nil {
			return false
		}
		sess.Close()
		return true
	})
}

// TestAgentForwardingRefused: a client asking to forward its agent is told
// no, and the screen's session holds no agent request.
func TestAgentForwardingRefused(t *testing.T) {
	s := startServer(t, Config{Program: func(sess ssh.Session, who Who) tea.Model {
		return styled{text: fmt.Sprintf("agent requested: %v", ssh.AgentRequested(sess))}
	}})
	c, err := dial(s, "ann", gossh.Password(testCode))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	ok, err := sess.SendRequest(agentRequest, true, nil)
	if err != nil || ok {
		t.Errorf("agent forwarding: ok %v, %v; want refused", ok, err)
	}
	sc := &screen{sess: sess, done: make(chan error, 1)}
	sess.Stdout = sc
	if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	sc.waitFor(t, "agent requested: false")
}
