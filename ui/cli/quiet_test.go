package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Bytes of termenv's terminal queries: the background colour and the
// cursor position. A terminal that never answers makes each cost 5 s.
const (
	askBackground = "\x1b]11;?"
	askCursor     = "\x1b[6n"
)

// underPty runs the built binary with args under script(1): a pseudo
// terminal that never answers a query. It returns what the terminal got.
func underPty(t *testing.T, dir, bin string, args ...string) string {
	t.Helper()
	line := "timeout --foreground -k 2 10 " + bin
	for _, a := range args {
		line += " '" + a + "'"
	}
	cmd := command(t, 30*time.Second, "script", "-qec", line, "/dev/null")
	cmd.Stdin = nil // /dev/null: the terminal types nothing
	cmd.Env = append(withoutCI(os.Environ()), "TERM=xterm-256color",
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_STATE_HOME="+filepath.Join(dir, "state"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // the table ends on the end of its input: only the bytes matter
	return out.String()
}

// withoutCI drops CI from env: termenv asks no terminal when it is set, and
// the test must see what a user's terminal sees.
func withoutCI(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "CI=") {
			out = append(out, e)
		}
	}
	return out
}

// TestHeadlessCommandsNeverQueryTheTerminal: draw, ref, export, simulate
// and cards write their output and nothing that asks the terminal; the
// table asks once (its colours), not twice.
func TestHeadlessCommandsNeverQueryTheTerminal(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := exec.LookPath("script"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("script (util-linux) is missing")
		}
		t.Skip("script (util-linux) is not installed")
	}
	dir := t.TempDir()
	bin := eventdeckBinary(t)
	saved := savedGame(t, 3)
	for _, args := range [][]string{
		{"draw", "--count", "1"},
		{"ref", "robber"},
		{"export", "--state-dir", saved},
		{"simulate", "--games", "10", "--turns", "5"},
		{"cards", "list"},
		{"--version"},
	} {
		out := underPty(t, dir, bin, args...)
		if strings.Contains(out, askBackground) || strings.Contains(out, askCursor) {
			t.Errorf("eventdeck %s queried the terminal: %q", strings.Join(args, " "), out)
		}
		if len(strings.TrimSpace(out)) == 0 {
			t.Errorf("eventdeck %s wrote nothing", strings.Join(args, " "))
		}
	}
	// The table: one question, its own, waited on at most askLimit, before
	// its first frame. (It never ends on its own: the terminal's input
	// stays open, so the test reads its first frame and ends it.)
	s := onSilentTerminal(t, bin, []string{"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")},
		"--players", "Ann,Bob", "--state-dir", filepath.Join(dir, "table"))
	s.waitFor("Year 1", hangGuard)
	// A second question would come after the first frame: the table is
	// given several times askLimit more before its questions are counted.
	time.Sleep(5 * askLimit)
	out := s.output()
	if n := strings.Count(out, askBackground); n != 1 || !strings.Contains(out, "\x1b[?1049h") {
		t.Errorf("the table asked the terminal %d times (want 1): %q", n, out)
	}
}
