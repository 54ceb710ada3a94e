package cli

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// tmuxServer is a tmux server of a test's own (its own socket), killed
// when the test ends: the real-terminal tests type keys and read screens
// through it.
type tmuxServer struct {
	t      *testing.T
	socket string
}

func newTmuxServer(t *testing.T, name string) *tmuxServer {
	x := &tmuxServer{t: t, socket: fmt.Sprintf("eventdeck-%s-%d-%s", name, os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", x.socket, "kill-server").Run() })
	x.keepAlive()
	return x
}

// keepAlive starts the server with a session that outlives the tests' own:
// a server left with no session exits, and a command that reaches it as
// it goes fails ("server exited unexpectedly").
func (x *tmuxServer) keepAlive() {
	x.t.Helper()
	x.tmux("new-session", "-d", "-s", "keep", "-x", "20", "-y", "5", "sleep 3600")
}

// tmux runs a tmux command on the test's server; a failure fails the test.
func (x *tmuxServer) tmux(args ...string) string {
	x.t.Helper()
	b, err := command(x.t, 20*time.Second, "tmux", append([]string{"-L", x.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, b)
	}
	return string(b)
}

// screen is what target (a session or window) shows now.
func (x *tmuxServer) screen(target string) string { return x.tmux("capture-pane", "-p", "-t", target) }

// waitFor waits until target shows what, or fails.
func (x *tmuxServer) waitFor(target, what string) string {
	x.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) { // a hang guard
		if s := x.screen(target); strings.Contains(s, what) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("%s: %q never appeared; the screen:\n%s", target, what, x.screen(target))
		}
	}
}

// keys types k at target.
func (x *tmuxServer) keys(target string, k ...string) {
	x.tmux(append([]string{"send-keys", "-t", target}, k...)...)
}
