package serve

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// attack holds slots connections to s from the loopback address ip that
// never log in: the even ones send nothing, the odd ones the client's
// version line, and stall. A connection the server closes, or refuses, is
// dialled again, until stop; dials counts them.
func attack(s *Server, ip string, slots int, stop <-chan struct{}, dials *atomic.Int64, wg *sync.WaitGroup) {
	for i := range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
			for {
				if conn, err := d.Dial("tcp", s.Addr().String()); err == nil {
					dials.Add(1)
					if i%2 == 1 {
						_, _ = io.WriteString(conn, "SSH-2.0-stall\r\n")
					}
					closed := make(chan struct{})
					go func() {
						_, _ = io.Copy(io.Discard, conn)
						close(closed)
					}()
					select {
					case <-stop:
						conn.Close()
						<-closed
						return
					case <-closed: // the server let go of it
						conn.Close()
					}
				}
				select { // a breath between tries, so the attack is not a spin
				case <-stop:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
	}
}

// TestNobodyLockedOutByPendingConnections: eight addresses (127.0.0.2–9)
// each keep 16 connections that never log in, half of them silent, the
// handshake's and the silence's time limits out of reach (10 minutes), so
// nothing but the server's choice frees a slot. While they do, Bob's
// remembered key joins with the real OpenSSH client, and a right code with
// golang.org/x/crypto/ssh.
func TestNobodyLockedOutByPendingConnections(t *testing.T) {
	needTools(t, "ssh")
	dir := t.TempDir()
	s := startServer(t, Config{StateDir: filepath.Join(dir, "state"), HandshakeTimeout: 10 * time.Minute, SilentTimeout: 10 * time.Minute})
	_, port, _ := strings.Cut(s.Addr().String(), ":")

	// Bob's key is remembered: he joined with it and the code once.
	keyFile := filepath.Join(dir, "id_bob")
	writeClientKey(t, keyFile)
	b, err := os.ReadFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	c, sc := join(t, s, "bob", gossh.PublicKeys(signer), gossh.Password(testCode))
	sc.waitFor(t, "hello Bob as player in seat 2 key=true")
	c.Close()
	calm := bobJoins(t, port, dir, keyFile)

	stop := make(chan struct{})
	var dials atomic.Int64
	var wg sync.WaitGroup
	defer func() {
		close(stop)
		wg.Wait()
	}()
	const sources, slots = 8, 16
	for i := range sources {
		attack(s, fmt.Sprintf("127.0.0.%d", 2+i), slots, stop, &dials, &wg)
	}
	// In full swing: every slot dialled twice over.
	waitUntil(t, "the attack dials", func() bool { return dials.Load() >= 2*sources*slots })

	keyTook := bobJoins(t, port, dir, keyFile)
	start := time.Now()
	_, cy := join(t, s, "cy", gossh.Password(testCode))
	cy.waitFor(t, "hello Cy as player in seat 3 key=false")
	codeTook := time.Since(start)
	t.Logf("under attack (%d dials from %d addresses so far): Bob's remembered key (OpenSSH) joined in %v (%v with no attack), a right code (x/crypto/ssh) in %v",
		dials.Load(), sources, keyTook.Round(time.Millisecond), calm.Round(time.Millisecond), codeTook.Round(time.Millisecond))
	// The attack still holds every place it may: half the bound on all.
	if n := s.conns.waitingNow(); n < 2*DefaultMaxSessions-2 {
		t.Errorf("only %d connections waiting to log in: the attack did not fill its places", n)
	}
}

// waitingNow is the number of connections not yet logged in.
func (cs *connSet) waitingNow() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.npending
}

// TestSilentConnectionDroppedSooner: a connection that has sent nothing
// is closed after the silent time, though the handshake's is long; one
// that has sent its version line is not.
func TestSilentConnectionDroppedSooner(t *testing.T) {
	s := startServer(t, Config{HandshakeTimeout: 10 * time.Minute, SilentTimeout: 300 * time.Millisecond})
	spoke := silent(t, s)
	if spoke == nil {
		t.Fatal("refused")
	}
	if _, err := io.WriteString(spoke, "SSH-2.0-slow\r\n"); err != nil {
		t.Fatal(err)
	}
	quiet := silent(t, s)
	if quiet == nil {
		t.Fatal("refused")
	}
	if !closedByServer(quiet) {
		t.Fatal("a connection that sent nothing was kept for the handshake's whole time")
	}
	// The one that spoke is still there, after the silent one's time.
	_ = spoke.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	_, err := io.Copy(io.Discard, spoke)
	if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
		t.Errorf("a connection that spoke was closed at the silent time: %v", err)
	}
}

// bobJoins joins as Bob with the real OpenSSH client and his key alone
// (no terminal here: ssh -tt), and leaves; it returns how long the join
// took, from starting ssh to Bob's screen.
func bobJoins(t *testing.T, port, dir, keyFile string) time.Duration {
	t.Helper()
	start := time.Now()
	cmd := testexec.Command(t, 30*time.Second, "ssh", "-F", "/dev/null", "-p", port, "-tt",
		"-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile="+filepath.Join(dir, "known_hosts"),
		"-i", keyFile, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "PreferredAuthentications=publickey",
		"bob@127.0.0.1")
	bob := &screen{}
	cmd.Stdout, cmd.Stderr = bob, bob
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	bob.waitFor(t, "hello Bob as player in seat 2 key=true")
	took := time.Since(start)
	if _, err := in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("Bob's ssh ended with %v:\n%s", err, bob)
	}
	return took
}
