package cli

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/qr/qrtest"
)

// TestJoinCodeInARealTerminal runs eventdeck serve in tmux (80×24,
// TERM=xterm-256color), captures the pane with its escapes, turns the cells
// coloured as the code into an image and decodes it: on the table before
// the first draw, and on the join screen (J) after it. The address it
// reads is the one the page is served at: fetching it brings the page.
func TestJoinCodeInARealTerminal(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	dir, bin := builtForTmux(t)
	web := freePort(t)
	url := "http://127.0.0.1:" + web + "/?code=123456"
	x := newTmuxServer(t, "qr")
	x.tmux("new-session", "-d", "-s", "host", "-x", "80", "-y", "24", fmt.Sprintf(
		"env -u CI -u NO_COLOR XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s TERM=xterm-256color %s serve --listen 127.0.0.1:%s --web 127.0.0.1:%s --host 127.0.0.1 --join-code 123456 --players Ann,Bob,Cy; sleep 60",
		filepath.Join(dir, "config"), filepath.Join(dir, "state"), bin, freePort(t), web))
	x.waitFor("host", "Scan to join:")
	readCode(t, x, url)
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("the address the code reads: %v", err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "<html") {
		t.Fatalf("the address the code reads serves %d:\n%.300s", resp.StatusCode, page)
	}

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
