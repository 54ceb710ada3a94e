package cli

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeWithOpenSSH hosts a game with eventdeck serve in tmux and joins
// it with the real OpenSSH client, as players at a table would: a wrong
// code is refused; Bob and a viewer join with the code; Bob's space and
// the viewer's do not draw on Ann's turn; Ann's draw on the host shows on
// Bob's screen; Bob draws on his own screen and the host shows it. Then
// the host is killed (kill -9) and eventdeck serve --resume goes on with
// the same game and the same host key.
func TestServeWithOpenSSH(t *testing.T) {
	dir, bin := builtForTmux(t)
	if _, err := exec.LookPath("ssh"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ssh is missing: .ci/run installs it")
		}
		t.Skip("ssh is not installed")
	}
	state, port := filepath.Join(dir, "state"), freePort(t)
	socket := fmt.Sprintf("eventdeck-serve-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		b, err := exec.Command("tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", socket, "kill-server").Run() })
	screen := func(win string) string { return tmux("capture-pane", "-p", "-t", win) }
	waitFor := func(win, what string) string {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if s := screen(win); strings.Contains(s, what) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %q never appeared; the screen:\n%s", win, what, screen(win))
			}
		}
	}
	keys := func(win string, k ...string) { tmux(append([]string{"send-keys", "-t", win}, k...)...) }
	host := func(args string) {
		tmux("new-window", "-d", "-n", "host", "-t", "t", fmt.Sprintf("env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s serve --listen 127.0.0.1:%s --join-code 424242 %s; sleep 60",
			filepath.Join(dir, "config"), state, bin, port, args))
	}
	join := func(win, user string) {
		tmux("new-window", "-d", "-n", win, "-t", "t", fmt.Sprintf("ssh -F /dev/null -p %s -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=%s -o PubkeyAuthentication=no -o PreferredAuthentications=keyboard-interactive -o NumberOfPasswordPrompts=1 %s@127.0.0.1; echo SSH-ENDED $?; sleep 60",
			port, filepath.Join(dir, "known_hosts"), user))
	}
	tmux("new-session", "-d", "-s", "t", "-x", "90", "-y", "30")
	tmux("resize-window", "-t", "t", "-x", "90", "-y", "30")
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
	waitFor("t:bob", "it is Ann's turn")
	keys("t:viewer", "Space")
	waitFor("t:viewer", "viewers watch")
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
	out, _ := exec.Command("pgrep", "-P", pid, "-f", "eventdeck").Output()
	for _, p := range strings.Fields(string(out)) {
		var n int
		fmt.Sscan(p, &n)
		_ = syscall.Kill(n, syscall.SIGKILL)
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
