package cli

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// builtBinary builds the app into a temporary folder, or skips the test in
// -short runs or where script(1), which gives it a terminal, is missing.
func builtBinary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := exec.LookPath("script"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("script (util-linux) is missing")
		}
		t.Skip("script is not installed")
	}
	return eventdeckBinary(t)
}

// silentTerminal is the binary on a terminal (script(1)'s pty, 80×24,
// TERM=xterm-256color) that never answers a query and never types a key:
// its input is a pipe the test holds open and never writes.
type silentTerminal struct {
	t     testing.TB
	cmd   *exec.Cmd
	start time.Time
	mu    sync.Mutex
	out   bytes.Buffer
	done  chan struct{}
}

// lockedWriter lets the test read the output while script writes it.
type lockedWriter struct{ s *silentTerminal }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.out.Write(p)
}

// onSilentTerminal starts bin with args on a silent terminal, with env
// added to the test's environment. The program is killed when the test ends.
func onSilentTerminal(t testing.TB, bin string, env []string, args ...string) *silentTerminal {
	t.Helper()
	quoted := []string{"stty cols 80 rows 24 && exec", shellQuote(bin)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	s := &silentTerminal{t: t, done: make(chan struct{})}
	s.cmd = testexec.Command(t, time.Minute, "script", "-qfec", strings.Join(quoted, " "), "/dev/null")
	s.cmd.Env = append(withoutCI(os.Environ()), append([]string{"TERM=xterm-256color", "SHELL=/bin/sh", "COLORFGBG="}, env...)...)
	s.cmd.Stdout, s.cmd.Stderr = lockedWriter{s}, lockedWriter{s}
	in, err := s.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.start = time.Now()
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		_ = killGroup(s.cmd.Process.Pid) // the group script leads
		<-s.done
		in.Close()
	})
	return s
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// output is what the terminal got so far.
func (s *silentTerminal) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// waitFor waits until the terminal got what, at most limit after the
// program started (a hang guard, not a speed test), and reports when.
func (s *silentTerminal) waitFor(what string, limit time.Duration) time.Duration {
	s.t.Helper()
	for {
		if strings.Contains(s.output(), what) {
			return time.Since(s.start)
		}
		select {
		case <-s.done:
			if strings.Contains(s.output(), what) {
				return time.Since(s.start)
			}
			s.t.Fatalf("the program ended before %q appeared:\n%q", what, s.output())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Since(s.start) > limit {
			s.t.Fatalf("%q did not appear within %s (it hangs):\n%q", what, limit, s.output())
		}
	}
}

// ended waits at most limit for the program to end, and returns what it
// wrote.
func (s *silentTerminal) ended(limit time.Duration) string {
	s.t.Helper()
	select {
	case <-s.done:
	case <-time.After(limit):
		s.t.Fatalf("still running after %s (it hangs):\n%q", limit, s.output())
	}
	return s.output()
}

// hangGuard is how long a screen may take to appear before its test says
// the program waited on a terminal query: below the 5 s a query without a
// limit waits, far above a start's milliseconds on a quiet machine (and
// above the 2.5 s a start took on 2 cores at a load of 25).
const hangGuard = 4500 * time.Millisecond

// foreverGuard is how long a program may take to show its first screen, or
// to end, before its test says it hangs on what never answers (a FIFO
// waits for a writer for ever): a hang guard only, so far above a start's
// time on a busy machine.
const foreverGuard = 30 * time.Second

// TestSilentTerminalFirstFrame: on a terminal that never answers, the
// table's first frame is drawn at once, not after a 5 s wait for the
// background colour; the terminal is asked once at most.
func TestSilentTerminalFirstFrame(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	dir := t.TempDir()
	s := onSilentTerminal(t, bin, []string{"XDG_CONFIG_HOME=" + dir, "XDG_STATE_HOME=" + dir}, "--players", "Ann,Bob", "--new")
	took := s.waitFor("Year 1", hangGuard)
	t.Logf("first frame after %s", took)
	if n := strings.Count(s.output(), "\x1b]11;?"); n > 1 {
		t.Errorf("the background was asked %d times", n)
	}
}

// BenchmarkSilentTerminalFirstFrame is a quick start's first frame on a
// terminal that never answers, from the program's start (script(1)'s
// included): the figure issue 32 saw at 5.02 s.
func BenchmarkSilentTerminalFirstFrame(b *testing.B) {
	bin := builtBinary(b)
	dir := b.TempDir()
	b.ResetTimer()
	for range b.N {
		s := onSilentTerminal(b, bin, []string{"XDG_CONFIG_HOME=" + dir, "XDG_STATE_HOME=" + dir}, "--players", "Ann,Bob", "--new")
		s.waitFor("Year 1", time.Minute)
		_ = killGroup(s.cmd.Process.Pid)
		<-s.done
	}
}
