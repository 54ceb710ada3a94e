package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/qr/qrtest"
)

// TestJoinCodeInARealTerminal runs the host's table with the phone page's
// address in tmux (80×24, TERM=xterm-256color), captures the pane with its
// escapes, turns the cells coloured as the code into an image and decodes
// it to the address: on the table before the first draw, and on the join
// screen (J) after it. The program is testdata/joinhost: the host's table
// as eventdeck makes it, with ui.Options.JoinURL set.
func TestJoinCodeInARealTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing: .ci/run installs it")
		}
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "joinhost")
	if out, err := command(t, 5*time.Minute, "go", "build", "-o", bin, "./testdata/joinhost").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const url = "http://192.168.1.23:8080/?code=123456"
	x := newTmuxServer(t, "qr")
	x.tmux("new-session", "-d", "-s", "host", "-x", "80", "-y", "24", "env TERM=xterm-256color "+bin+" '"+url+"'; sleep 60")
	x.waitFor("host", "Scan to join:")
	readCode(t, x, url)

	x.keys("host", "Space")
	x.waitFor("host", "draw 1 of")
	x.keys("host", "J")
	x.waitFor("host", "Join the game")
	readCode(t, x, url)
}

// readCode captures the pane with its escapes once it has settled and
// decodes the QR code drawn in forced colours there.
func readCode(t *testing.T, x *tmuxServer, url string) {
	t.Helper()
	var capture string
	for range 20 { // a capture may catch a frame half drawn
		time.Sleep(50 * time.Millisecond)
		next := x.tmux("capture-pane", "-p", "-e", "-t", "host")
		if next == capture {
			break
		}
		capture = next
	}
	cells := qrtest.Forced(qrtest.Parse(strings.Split(capture, "\n")))
	if len(cells) < 16 || len(cells[0]) < 31 {
		t.Fatalf("no code in forced colours on the screen (%d rows):\n%q", len(cells), capture)
	}
	got, err := qrtest.Decode(qrtest.Image(cells, 4))
	if err != nil || got != url {
		t.Fatalf("the code on the terminal reads %q, %v; want %q:\n%s", got, err, url, x.screen("host"))
	}
	// Every cell of the code has its colours forced, black on white: the
	// terminal's theme has no say.
	for _, row := range cells {
		for _, c := range row {
			if !c.ForcedBG || c.BG != 0xff || c.FG != 0 {
				t.Fatalf("a cell of the code is not black on white (%+v):\n%q", c, capture)
			}
		}
	}
}
