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

// TestKeysPerTurn plays seeded games in the built binary, in tmux, as a
// table would: one key draws, and each question gets the fewest keys its
// answer takes. It counts the keys of every turn and holds the goals of
// issue 10 (4 players, pass-and-play on or off): a quiet turn 1; a 7 with
// nobody over the limit 2; an event with one clear leader 2; a C&K gate
// nobody can use 1; a C&K attack with the facts remembered at most 6.
func TestKeysPerTurn(t *testing.T) {
	t.Parallel()
	dir, bin := builtForTmux(t)
	for _, tc := range []struct {
		name  string
		flags string
		turns int
	}{
		{"board game", "", 40},
		{"board game, pass-and-play", "--pass-and-play", 40},
		{"Cities & Knights", "--expansion cities-knights", 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each game its own tmux server, binary run and folders
			playCounting(t, bin, filepath.Join(dir, fmt.Sprint(len(tc.flags))), tc.flags, tc.turns)
		})
	}
}

// turnKinds are what a turn asks of the table, from eventdeck draw's line:
// a 7, a leader, an earthquake, a gate, an attack; none for a quiet turn.
// With Cities & Knights a turn may be several at once.
func turnKinds(d map[string]any) []string {
	var kinds []string
	ev, _ := d["event"].(string)
	if d["attack"] == true {
		kinds = append(kinds, "attack")
	}
	switch {
	case d["number"] == float64(7):
		kinds = append(kinds, "seven")
	case ev == "helpful-neighbor" || ev == "conflict" || ev == "trade-advantage" || ev == "tournament" || ev == "calm-seas":
		kinds = append(kinds, "leader")
	case ev == "earthquake":
		kinds = append(kinds, "earthquake")
	}
	if face, _ := d["event_die"].(string); face != "" && face != "ship" {
		kinds = append(kinds, "gate")
	}
	if len(kinds) == 0 {
		kinds = []string{"quiet"}
	}
	return kinds
}

func playCounting(t *testing.T, bin, dir, flags string, turns int) {
	const seed = "11"
	args := []string{"draw", "--seed", seed, "--count", fmt.Sprint(turns), "--json"}
	args = append(args, strings.Fields(flags)...)
	for i, a := range args { // draw takes the game's flags only
		if a == "--pass-and-play" {
			args = append(args[:i], args[i+1:]...)
			break
		}
	}
	code, out, errOut := run(args...)
	if code != 0 {
		t.Fatal(errOut)
	}
	var kinds [][]string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d map[string]any
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, turnKinds(d))
	}

	socket := fmt.Sprintf("eventdeck-keys-%d-%d", os.Getpid(), time.Now().UnixNano())
	tmux := func(args ...string) string {
		t.Helper()
		b, err := command(t, 20*time.Second, "tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", socket, "kill-server").Run() })
	shell := fmt.Sprintf("env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s --players Ann,Bob,Cy,Dee --seed %s --new %s",
		filepath.Join(dir, "config"), filepath.Join(dir, "state"), bin, seed, flags)
	tmux("new-session", "-d", "-s", "t", "-x", "100", "-y", "30", shell)
	// whole captures the screen and says whether its frame is drawn whole:
	// Bubble Tea ends each frame with the cursor at the start of the
	// frame's last line, the pane's last (the table fills the pane), and
	// tmux runs the commands at once, with no output read between them.
	// then are more commands to run right after, in the same call.
	whole := func(then ...string) (string, bool) {
		args := []string{"capture-pane", "-p", "-t", "t", ";", "display", "-p", "-t", "t", "#{cursor_x} #{cursor_y} #{pane_height}"}
		if len(then) > 0 {
			args = append(append(args, ";"), then...)
		}
		out := strings.TrimSuffix(tmux(args...), "\n")
		i := strings.LastIndex(out, "\n") // the capture's lines, then the cursor's
		text, at := out[:i+1], out[i+1:]
		var x, y, h int
		if _, err := fmt.Sscan(at, &x, &y, &h); err != nil {
			t.Fatalf("tmux cursor %q: %v", at, err)
		}
		return text, x == 0 && y == h-1
	}
	// press sends one key and returns the screen once it has changed: a
	// whole frame, the same in two captures in a row (the first of two
	// frames a key may draw would change again). A key that changes
	// nothing is returned as it stands after 3 s. The screen before is
	// taken in the call that sends the key: no frame comes between.
	press := func(k string) string {
		t.Helper()
		before, _ := whole("send-keys", "-t", "t", k)
		prev := ""
		for deadline := time.Now().Add(3 * time.Second); ; {
			s, ok := whole()
			if ok && s != before && s == prev || time.Now().After(deadline) {
				return s
			}
			if ok {
				prev = s
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		s, ok := whole()
		if ok && strings.Contains(s, "press space") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table never came up:\n%s", s)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// With Cities & Knights the table tells the cities on the board once,
	// on the facts screen, as a table would before the game: remembered.
	if strings.Contains(flags, "cities-knights") {
		s := press("f")
		for i := 0; i < 60 && !strings.Contains(s, "▸ Cities and metropolises"); i++ {
			s = press("Down")
		}
		press("4")
		press("Enter")
		press("Escape")
	}

	// Keys past the draw each part of a turn may take: the goals of issue
	// 10, one key each for a decision, the attack 5 (cities remembered:
	// enter; Catan's strength: a digit and enter; the top defender: one).
	extra := map[string]int{"quiet": 0, "seven": 1, "leader": 1, "earthquake": 1, "gate": 1, "attack": 5}
	counted := map[string]int{}
	for i, kind := range kinds {
		keys := 1
		s := press("Space")
		asked := false
		for range 12 {
			if !strings.Contains(s, "enter answer") {
				break
			}
			asked = true
			var k string
			switch {
			case strings.Contains(s, "Who holds more than"), strings.Contains(s, "Who damaged a road?"), strings.Contains(s, "level") && strings.Contains(s, "or more?"):
				k = "Enter" // nobody over the limit; everyone's road; nobody at that level
			case strings.Contains(s, "Who holds the Largest Army?"), strings.Contains(s, "Who holds the Longest Road?"),
				strings.Contains(s, "Cities and metropolises on the board?"):
				k = "Enter"
				if !strings.Contains(s, "enter: ") {
					k = "1" // the first time: Ann holds it
				}
			case strings.Contains(s, "Who has"), strings.Contains(s, "Who gave"), strings.Contains(s, "who gave"):
				k = "1" // one clear leader: Ann
			case strings.Contains(s, "Active knight strength of all players together?"):
				press("5")
				keys++
				k = "Enter"
			default:
				k = "x"
			}
			s = press(k)
			keys++
		}
		if strings.Contains(s, "enter answer") {
			t.Fatalf("turn %d (%s) still asks after %d keys:\n%s", i+1, kind, keys, s)
		}
		want := 1
		for _, k := range kind {
			want += extra[k]
			counted[k]++
		}
		if len(kind) == 1 && kind[0] == "gate" && !asked {
			want = 1 // nobody can use it, and eventdeck knows: no question
		}
		if keys > want {
			t.Errorf("turn %d (%v): %d keys, goal %d; the screen:\n%s", i+1, kind, keys, want, s)
		}
	}
	t.Logf("%d turns by kind: %v", len(kinds), counted)
	if counted["quiet"] == 0 || counted["seven"] == 0 || counted["leader"] == 0 {
		t.Fatalf("seed %s does not cover the kinds: %v", seed, counted)
	}
}
