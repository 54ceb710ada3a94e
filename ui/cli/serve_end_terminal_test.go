package cli

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// terminalGivenBack checks that the OpenSSH client in win has ended with
// exit status 0, its terminal out of the alternate screen with the cursor
// shown, and line on a line of its own.
func (st *servedTmux) terminalGivenBack(win, line string) {
	st.t.Helper()
	s := st.waitFor(win, "SSH-ENDED")
	if !strings.Contains(s, "SSH-ENDED 0") {
		st.t.Errorf("%s: ssh did not end with 0:\n%s", win, s)
	}
	if mode := strings.TrimSpace(st.tmux("display-message", "-p", "-t", win, "#{alternate_on} #{cursor_flag}")); mode != "0 1" {
		st.t.Errorf("%s: the terminal was left with alternate screen, cursor = %s, want 0 1:\n%s", win, mode, s)
	}
	found := false
	for _, l := range strings.Split(s, "\n") {
		found = found || strings.TrimSpace(l) == line
	}
	if !found {
		st.t.Errorf("%s: no line %q:\n%s", win, line, s)
	}
}

// wrongCodesFrom tries n wrong codes at addr from the loopback address ip,
// one connection each, with golang.org/x/crypto/ssh.
func wrongCodesFrom(t *testing.T, addr, ip string, n int) {
	t.Helper()
	for range n {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
		conn, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("dial from %s: %v", ip, err)
		}
		c, _, _, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
			User: "eve", Auth: []gossh.AuthMethod{gossh.Password("000000")},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		})
		if err == nil {
			c.Close()
			t.Fatal("a wrong code joined")
		}
		conn.Close()
	}
}

// TestServeEndsScreensCleanlyWithOpenSSH plays the night's ends with the
// real OpenSSH client in tmux. With --idle 8s (long enough to join on a
// busy machine), Bob's screen closes after 8 s without a key: his
// terminal is given back (out of the alternate screen, cursor shown) and
// one line says why. Bob joins again with the
// same command, a viewer too, and the host quits: every joined terminal is
// given back, and told the game ended and is saved, and how it goes on.
func TestServeEndsScreensCleanlyWithOpenSSH(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	st.host("--players Ann,Bob --seed 5 --idle 8s")
	st.waitFor("t:host", "code 424242")

	st.joinWithCode("bob", "bob")
	st.waitFor("t:bob", "Ann draws the first card")
	st.terminalGivenBack("t:bob", "eventdeck: closed after 8s idle. Join again with the same ssh command.")

	st.tmux("kill-window", "-t", "t:bob")
	st.joinWithCode("bob", "bob")
	st.joinWithCode("viewer", "grandma")
	st.waitFor("t:bob", "Ann draws the first card")
	st.waitFor("t:viewer", "Ann draws the first card")
	st.waitFor("t:host", "2 screens")
	// A draw, a move in the game, keeps every screen from its idle close
	// however long the joins took; then the host quits (a turn under way
	// asks first).
	st.keys("t:host", "Space")
	st.waitFor("t:bob", "draw 1 of")
	st.keys("t:host", "q")
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		s := st.screen("t:host")
		if strings.Contains(s, "y quits") || strings.Contains(s, "y ends the game") {
			st.keys("t:host", "y")
			break
		}
		if !strings.Contains(s, "code 424242") {
			break
		}
	}
	for _, win := range []string{"t:bob", "t:viewer"} {
		st.terminalGivenBack(win, "eventdeck: the host ended the game; it is saved.")
		st.terminalGivenBack(win, "On the host, eventdeck serve --resume goes on with it.")
	}
}

// TestServeCodesBlockedWithOpenSSH: 30 wrong codes from 6 addresses in a
// minute block codes for everyone; the host's line says so and for how
// long, and a newcomer with the OpenSSH client is told the time left.
func TestServeCodesBlockedWithOpenSSH(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	st.host("--players Ann,Bob --seed 5")
	st.waitFor("t:host", "code 424242")
	addr := "127.0.0.1:" + st.port
	for i := range 6 {
		wrongCodesFrom(t, addr, fmt.Sprintf("127.0.0.%d", 2+i), 5)
	}
	st.waitFor("t:host", "Codes blocked 2m (too many wrong)")
	st.join("late", "bob")
	st.waitFor("t:late", "eventdeck: too many wrong codes at this table; try again in 2 minutes")
	st.waitFor("t:late", "SSH-ENDED 255")
}
