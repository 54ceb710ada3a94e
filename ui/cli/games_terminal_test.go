package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGameNightNeverLosesItsPlace runs the built binary in tmux: a quick
// start over a game in progress offers it (n starts the new one), a quick
// start after a Cities & Knights game plays the base game as eventdeck
// draw does, eventdeck games lists every game, and --resume NAME resumes
// an archive without changing it.
func TestGameNightNeverLosesItsPlace(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	dir, bin := builtForTmux(t)
	state := filepath.Join(dir, "state")
	x := newTmuxServer(t, "night")
	tmux := x.tmux
	alive := func() bool {
		return command(t, 20*time.Second, "tmux", "-L", x.socket, "has-session", "-t", "night").Run() == nil
	}
	start := func(args string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); alive(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the last table never quit")
			}
		}
		tmux("new-session", "-d", "-s", "night", "-x", "80", "-y", "24", fmt.Sprintf("env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s %s",
			filepath.Join(dir, "config"), state, bin, args))
	}
	screen := func() string { return x.screen("night") }
	waitFor := func(what string) string { t.Helper(); return x.waitFor("night", what) }
	keys := func(k ...string) { x.keys("night", k...) }
	quit := func() {
		t.Helper()
		keys("q")
		// q quits, or asks first: whichever it did, as soon as it shows.
		for deadline := time.Now().Add(10 * time.Second); alive(); time.Sleep(20 * time.Millisecond) {
			// (Read without failing: the table may end between the two.)
			shown, _ := command(t, 20*time.Second, "tmux", "-L", x.socket, "-f", "/dev/null", "capture-pane", "-p", "-t", "night").Output()
			if strings.Contains(string(shown), "y quits") {
				keys("y")
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("q neither quit nor asked:\n%s", screen())
			}
		}
	}
	firstNumber := func(args ...string) int {
		t.Helper()
		code, out, errOut := run(append([]string{"draw", "--count", "1", "--json"}, args...)...)
		var d drawLine
		if code != 0 || json.Unmarshal([]byte(out), &d) != nil {
			t.Fatalf("draw %v: %d %s", args, code, errOut)
		}
		return d.Number
	}
	archives := func() []string {
		m, _ := filepath.Glob(filepath.Join(state, "eventdeck", "game-*.json"))
		return m
	}

	// A Cities & Knights night, one draw, remembered as the setup.
	start("--players Ann,Bob,Cy --seed 39 --expansion cities-knights")
	waitFor("Ann draws the first card")
	keys("Space")
	waitFor("draw 1 of")
	quit()

	// The same kind of command again: the game in progress is offered.
	start("--players Ann,Bob,Cy --seed 7")
	s := waitFor("enter resume")
	if !strings.Contains(s, "Cities & Knights") || !strings.Contains(s, "draw 1 of") || len(archives()) != 0 {
		t.Fatalf("the quick start did not offer the game in progress (archives %v):\n%s", archives(), s)
	}
	keys("n") // the new game is the one the flags say
	waitFor("Ann draws the first card")
	keys("Space")
	s = waitFor("draw 1 of 31")
	if want := firstNumber("--seed", "7"); !strings.Contains(s, fmt.Sprintf("Last: %d", want)) || strings.Contains(s, "Cities") {
		t.Fatalf("n after a quick start: want the base game's %d:\n%s", want, s)
	}
	quit()
	if len(archives()) != 1 {
		t.Fatalf("the C&K game was not archived: %v", archives())
	}

	// --new with --players: the base game, as eventdeck draw --seed 39.
	start("--new --players Ann,Bob,Cy --seed 39")
	waitFor("Ann draws the first card")
	keys("Space")
	s = waitFor("draw 1 of 31")
	if want := firstNumber("--seed", "39"); !strings.Contains(s, fmt.Sprintf("Last: %d", want)) || strings.Contains(s, "Cities") {
		t.Fatalf("--new --seed 39 after a C&K game: want the base game's %d:\n%s", want, s)
	}
	quit()

	// eventdeck games lists all three; the C&K one resumes by its name.
	cmd := command(t, 20*time.Second, bin, "games")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("eventdeck games: %v", err)
	}
	var name, row string
	rows := 0
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "game") {
			rows++
			row = f[0]
		}
		if strings.Contains(line, "Cities & Knights") { // on its row, or under it at 80 columns
			name = row
		}
	}
	if rows != 3 || name == "" || name == "game" {
		t.Fatalf("eventdeck games:\n%s", out)
	}
	path := filepath.Join(state, "eventdeck", name+".json")
	before, _ := os.ReadFile(path)
	start("--resume " + name)
	s = waitFor("draw 1 of")
	if !strings.Contains(s, "Cities & Knights") {
		t.Fatalf("--resume %s:\n%s", name, s)
	}
	quit()
	start("--resume") // and quit at once: the game is saved on the way out
	waitFor("draw 1 of")
	quit()
	for deadline := time.Now().Add(10 * time.Second); alive() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatalf("resuming %s changed it", name)
	}
	if n := len(archives()); n != 3 {
		t.Fatalf("%d archives, want 3: the save the archive replaced is archived", n)
	}
}
