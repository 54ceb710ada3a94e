package cli

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// servedTmux is eventdeck serve in tmux and OpenSSH clients beside it,
// each in a window of one tmux session.
type servedTmux struct {
	*tmuxServer
	dir, bin, state, port string
}

func newServedTmux(t *testing.T) *servedTmux {
	dir, bin := builtForTmux(t)
	if _, err := exec.LookPath("ssh"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ssh is missing: .ci/run installs it")
		}
		t.Skip("ssh is not installed")
	}
	st := &servedTmux{tmuxServer: newTmuxServer(t, "serve"), dir: dir, bin: bin, state: filepath.Join(dir, "state"), port: freePort(t)}
	st.tmux("new-session", "-d", "-s", "t", "-x", "90", "-y", "30")
	st.tmux("resize-window", "-t", "t", "-x", "90", "-y", "30")
	return st
}

// host runs eventdeck serve with args in the window "host".
func (st *servedTmux) host(args string) {
	st.tmux("new-window", "-d", "-n", "host", "-t", "t:", fmt.Sprintf("env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s serve --listen 127.0.0.1:%s --web 127.0.0.1:0 --join-code 424242 %s; sleep 60",
		filepath.Join(st.dir, "config"), st.state, st.bin, st.port, args))
}

// join runs ssh as user in window win; it says how it ended.
func (st *servedTmux) join(win, user string) {
	st.tmux("new-window", "-d", "-n", win, "-t", "t:", fmt.Sprintf("ssh -F /dev/null -p %s -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=%s -o PubkeyAuthentication=no -o PreferredAuthentications=keyboard-interactive -o NumberOfPasswordPrompts=1 %s@127.0.0.1; echo SSH-ENDED $?; sleep 60",
		st.port, filepath.Join(st.dir, "known_hosts"), user))
}

// joinWithCode joins as user and types the code.
func (st *servedTmux) joinWithCode(win, user string) {
	st.join(win, user)
	st.waitFor("t:"+win, "join code:")
	st.keys("t:"+win, "424242", "Enter")
}

// TestServeWithOpenSSH hosts a game with eventdeck serve in tmux and joins
// it with the real OpenSSH client, as players at a table would: a wrong
// code is refused; Bob and a viewer join with the code; Bob's space and
// the viewer's do not draw on Ann's turn; Ann's draw on the host shows on
// Bob's screen; Bob draws on his own screen and the host shows it. Then
// the host is killed (kill -9) and eventdeck serve --resume goes on with
// the same game and the same host key.
func TestServeWithOpenSSH(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	tmux, screen, waitFor, keys, host, join := st.tmux, st.screen, st.waitFor, st.keys, st.host, st.join
	port := st.port
	host("--players Ann,Bob,Cy --seed 5")
	s := waitFor("t:host", "code 424242")
	fp := regexp.MustCompile(`SHA256:[A-Za-z0-9+/]+`).FindString(s)
	if fp == "" || !strings.Contains(s, "ssh -p "+port+" NAME@127.0.0.1") {
		t.Fatalf("the host's screen does not say how to join:\n%s", s)
	}

	// A wrong code is refused.
	join("mallory", "ann")
	waitFor("t:mallory", "join code:")
	keys("t:mallory", "000000", "Enter")
	waitFor("t:mallory", "SSH-ENDED 255")

	// Bob and a viewer join with the code.
	join("bob", "bob")
	waitFor("t:bob", "join code:")
	keys("t:bob", "424242", "Enter")
	waitFor("t:bob", "Ann draws the first card")
	join("viewer", "grandma")
	waitFor("t:viewer", "join code:")
	keys("t:viewer", "424242", "Enter")
	waitFor("t:viewer", "Ann draws the first card")
	waitFor("t:host", "2 screens")

	// Ann's turn: neither Bob's space nor the viewer's draws.
	keys("t:bob", "Space")
	waitFor("t:bob", "It is Ann's turn")
	keys("t:viewer", "Space")
	waitFor("t:viewer", "Viewers watch")
	if strings.Contains(screen("t:host"), "draw 1 of") {
		t.Fatal("a key on another's screen drew on Ann's turn")
	}
	// Ann draws on the host: it shows on Bob's screen and the viewer's.
	keys("t:host", "Space")
	waitFor("t:host", "draw 1 of")
	waitFor("t:bob", "draw 1 of")
	waitFor("t:viewer", "draw 1 of")
	// Bob's turn now: he walks it and draws on his own screen.
	for i := 0; i < 20 && !strings.Contains(screen("t:host"), "draw 2 of"); i++ {
		if strings.Contains(screen("t:bob"), "x skip") {
			keys("t:host", "x") // a question of Ann's turn: the host answers for her
		} else {
			keys("t:bob", "Space")
		}
		time.Sleep(150 * time.Millisecond)
	}
	waitFor("t:host", "draw 2 of")
	waitFor("t:viewer", "draw 2 of")

	// kill -9 of the host; serve --resume goes on, same key, same game.
	pid := strings.TrimSpace(tmux("display-message", "-p", "-t", "t:host", "#{pane_pid}"))
	out, _ := command(t, 20*time.Second, "pgrep", "-P", pid, "-f", "eventdeck").Output()
	for _, p := range strings.Fields(string(out)) {
		var n int
		fmt.Sscan(p, &n)
		_ = killPid(n)
	}
	waitFor("t:bob", "SSH-ENDED")
	tmux("kill-window", "-t", "t:host")
	host("--resume")
	s = waitFor("t:host", "draw 2 of")
	if !strings.Contains(s, fp) {
		t.Fatalf("the host key changed after a restart (was %s):\n%s", fp, s)
	}
	tmux("kill-window", "-t", "t:bob")
	join("bob", "bob") // known_hosts holds the key: a changed one would stop ssh here
	waitFor("t:bob", "join code:")
	keys("t:bob", "424242", "Enter")
	waitFor("t:bob", "draw 2 of")
}

// freePort is a TCP port free on loopback now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, port, _ := strings.Cut(l.Addr().String(), ":")
	return port
}

// TestServePrivatePickWithOpenSSH: a Card Game Tournament with Ann on her
// own screen: her secret picks open there at once, and neither the host's
// screen nor Bob's holds any of her choices.
func TestServePrivatePickWithOpenSSH(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	st.host("--game card-game --mode tournament --players Ann,Bob --seed 4")
	st.waitFor("t:host", "code 424242")
	st.joinWithCode("ann", "ann")
	st.joinWithCode("bob", "bob")
	st.waitFor("t:bob", "Ann is picking on their own screen")
	st.waitFor("t:host", "Ann is picking on their own screen")
	st.keys("t:ann", "Space")
	s := st.waitFor("t:ann", "event card 1 of 4")
	if strings.Contains(s, "Pass the laptop") {
		t.Fatalf("Ann's own screen asks for a hand-off:\n%s", s)
	}
	// Her choices: the labels of her cards, as her screen lists them.
	var choices []string
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && len(f[0]) == 1 && f[0][0] >= '1' && f[0][0] <= '9' {
			choices = append(choices, strings.Join(f[1:], " "))
		}
	}
	if len(choices) < 2 {
		t.Fatalf("no choices read off Ann's screen:\n%s", s)
	}
	for _, win := range []string{"t:host", "t:bob"} {
		other := st.screen(win)
		for _, c := range choices {
			if strings.Contains(other, c) {
				t.Fatalf("%s shows Ann's choice %q:\n%s", win, c, other)
			}
		}
	}
}
