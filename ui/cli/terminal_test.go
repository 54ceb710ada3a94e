package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// builtForTmux builds the app into a temporary folder for a tmux test, or
// skips the test when tmux is missing (never on CI, where .ci/run installs
// it) or in -short runs. It returns the folder and the binary.
func builtForTmux(t *testing.T) (dir, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing: .ci/run installs it")
		}
		t.Skip("tmux is not installed")
	}
	return t.TempDir(), eventdeckBinary(t)
}

// TestRealTerminal runs the built binary in tmux: it types keys, reads the
// screen back, and checks that the table shows the cards eventdeck draw gives
// for the same seed, and that a 40×10 window gets the too-small message.
func TestRealTerminal(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	dir, bin := builtForTmux(t)

	const seed = "42"
	code, out, errOut := run("draw", "--seed", seed, "--count", "5", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	var want []drawLine
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		want = append(want, d)
	}

	socket := fmt.Sprintf("eventdeck-test-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		b, err := command(t, 20*time.Second, "tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", socket, "kill-server").Run() })
	start := func(args string) {
		shell := fmt.Sprintf("env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s %s",
			filepath.Join(dir, "config"), filepath.Join(dir, "state"), bin, args)
		tmux("new-session", "-d", "-s", "table", "-x", "80", "-y", "24", shell)
	}
	// A server left with no session exits; one that outlives the table's
	// keeps a command from reaching it as it goes.
	tmux("new-session", "-d", "-s", "keep", "-x", "20", "-y", "5", "sleep 3600")
	start("--players Ann,Bob,Cy --seed " + seed)

	screen := func() string { return tmux("capture-pane", "-p", "-t", "table") }
	waitFor := func(what string) string {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			s := screen()
			if strings.Contains(s, what) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q never appeared; the screen:\n%s", what, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// finishTurn walks the steps of the turn on screen to the end: a
	// accepts every remembered default, x skips a question, enter goes on.
	// A turn whose steps only tell is done without a key.
	finishTurn := func() {
		t.Helper()
		for range 40 {
			s := screen()
			switch {
			case strings.Contains(s, "Turn done"):
				return
			case strings.Contains(s, "a accept"):
				tmux("send-keys", "-t", "table", "a")
			case strings.Contains(s, "x skip"):
				tmux("send-keys", "-t", "table", "x")
			default:
				tmux("send-keys", "-t", "table", "Enter")
			}
			for deadline := time.Now().Add(5 * time.Second); screen() == s && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
			}
		}
		t.Fatalf("the turn never ended; the screen:\n%s", screen())
	}
	// settled is the screen once it stopped changing.
	settled := func() string {
		t.Helper()
		s := screen()
		for range 20 {
			time.Sleep(50 * time.Millisecond)
			next := screen()
			if next == s {
				return s
			}
			s = next
		}
		return s
	}
	checkDraw := func(i int) {
		t.Helper()
		w := want[i]
		if i > 0 {
			finishTurn()
		}
		tmux("send-keys", "-t", "table", "Space")
		waitFor(fmt.Sprintf("draw %d of 31", i+1))
		s := settled() // a capture may catch the frame half drawn
		if !strings.Contains(s, fmt.Sprintf("Last: %d", w.Number)) {
			t.Fatalf("draw %d: eventdeck draw gives %d; the screen:\n%s", i+1, w.Number, s)
		}
		title := w.Title
		if title == "" {
			title = "No event"
		}
		if !strings.Contains(s, title) {
			t.Fatalf("draw %d: eventdeck draw gives %q; the screen:\n%s", i+1, title, s)
		}
		if !strings.Contains(s, fmt.Sprintf("R red %d", w.Red)) || !strings.Contains(s, fmt.Sprintf("W white %d", w.White)) {
			t.Fatalf("draw %d: dice red %d white %d not shown:\n%s", i+1, w.Red, w.White, s)
		}
		if s = settled(); !strings.Contains(s, "x skip") && !strings.Contains(s, "Turn done") {
			t.Fatalf("draw %d: a turn that only tells is done at once; the screen:\n%s", i+1, s)
		}
	}
	waitFor("Ann draws the first card")
	for i := range 3 {
		checkDraw(i)
	}

	tmux("resize-window", "-t", "table", "-x", "40", "-y", "10")
	waitFor("terminal too small (need 60×20)")
	tmux("resize-window", "-t", "table", "-x", "80", "-y", "24")
	waitFor(fmt.Sprintf("Last: %d", want[2].Number))

	// kill -9 mid-game, then resume: nothing lost, and the cards go on as
	// eventdeck draw deals them for the same seed.
	pid := strings.TrimSpace(tmux("display-message", "-p", "-t", "table", "#{pane_pid}"))
	if err := command(t, 20*time.Second, "kill", "-9", pid).Run(); err != nil {
		t.Fatalf("kill -9 %s: %v", pid, err)
	}
	for deadline := time.Now().Add(10 * time.Second); command(t, 20*time.Second, "tmux", "-L", socket, "has-session", "-t", "table").Run() == nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the table outlived kill -9; the screen:\n%s", screen())
		}
	}
	start("--resume")
	waitFor("draw 3 of 31")
	checkDraw(3)
	checkDraw(4)

	// q in the middle of a turn asks first.
	tmux("send-keys", "-t", "table", "q")
	waitFor("y quits")
	tmux("send-keys", "-t", "table", "y")
	gone := func() {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for command(t, 20*time.Second, "tmux", "-L", socket, "has-session", "-t", "table").Run() == nil {
			if time.Now().After(deadline) {
				t.Fatalf("q did not quit; the screen:\n%s", screen())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	gone()

	// Cities & Knights: c is Alchemy; each die is one digit, and the dice
	// chosen are the turn's, with the event die rolled.
	start("--new --players Ann,Bob --seed " + seed + " --expansion cities-knights")
	waitFor("Ann draws the first card")
	tmux("send-keys", "-t", "table", "c")
	waitFor("Alchemy: the red die")
	tmux("send-keys", "-t", "table", "3")
	waitFor("Alchemy: the white die")
	tmux("send-keys", "-t", "table", "4")
	s := waitFor("W white 4") // the turn typed (the Last line gives way to the steps at this size)
	if !strings.Contains(s, "R red 3") || !strings.Contains(s, "W white 4") || !strings.Contains(s, "Alchemy") || !strings.Contains(s, "Barbarians") {
		t.Fatalf("alchemy 3 and 4; the screen:\n%s", s)
	}
	finishTurn()
	tmux("send-keys", "-t", "table", "q")
	gone()

	if out, err := command(t, 20*time.Second, bin, "--version").Output(); err != nil || !strings.HasPrefix(string(out), "eventdeck ") || strings.Count(string(out), "\n") != 1 {
		t.Fatalf("eventdeck --version: %q %v", out, err)
	}
}

func TestNoTerminal(t *testing.T) {
	code, out, errOut := run("--players", "Ann,Bob")
	if code != ExitUsage || out != "" || !strings.Contains(errOut, "eventdeck draw") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("without a terminal: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
