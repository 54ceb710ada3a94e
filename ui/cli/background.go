package cli

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
)

// askLimit is how long the table waits for the terminal to say its
// background colour: a terminal answers in milliseconds, and one that never
// answers must not hold the first frame (termenv waits 5 s).
const askLimit = 200 * time.Millisecond

// darkBackground says whether the terminal's background is dark: asked of
// the terminal once, waiting at most askLimit, else guessed from
// $COLORFGBG, else dark. The answer is only a colour hint.
func darkBackground() bool {
	if dark, ok := queryBackground(askLimit); ok {
		return dark
	}
	return guessBackground(os.Getenv("COLORFGBG"))
}

// guessBackground reads $COLORFGBG ("15;0": white on black): a background
// of colour 7 or 8 to 15 is light; anything else, or nothing, is dark.
func guessBackground(fgbg string) bool {
	i := strings.LastIndexByte(fgbg, ';')
	if i < 0 {
		return true
	}
	bg, err := strconv.Atoi(fgbg[i+1:])
	return err != nil || bg < 7 || bg > 15
}

// dsrAnswer ends the terminal's answers: the cursor position, which every
// terminal answers, asked after the colour, which some never do.
var dsrAnswer = regexp.MustCompile(`\x1b\[\d+;\d+R`)

// queryBackground asks the controlling terminal for its background colour
// (OSC 11) and its cursor position (so that a terminal that knows no
// colour query still ends the wait), and waits at most limit for the
// answers. ok is false without an answer. Terminals that pass queries on
// badly (screen, tmux) or know none (dumb) are not asked, as termenv does.
func queryBackground(limit time.Duration) (dark, ok bool) {
	if t := os.Getenv("TERM"); t == "" || t == "dumb" || strings.HasPrefix(t, "screen") || strings.HasPrefix(t, "tmux") {
		return false, false
	}
	// A file of its own, non-blocking, so a read can have a deadline.
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return false, false
	}
	defer tty.Close()
	rc, err := tty.SyscallConn()
	if err != nil {
		return false, false
	}
	var state *term.State
	if cerr := rc.Control(func(fd uintptr) { state, err = term.MakeRaw(fd) }); cerr != nil || err != nil {
		return false, false
	}
	defer rc.Control(func(fd uintptr) { _ = term.Restore(fd, state) })
	if _, err := tty.WriteString("\x1b]11;?\x07\x1b[6n"); err != nil {
		return false, false
	}
	if tty.SetReadDeadline(time.Now().Add(limit)) != nil {
		return false, false
	}
	var got []byte
	buf := make([]byte, 256)
	for !dsrAnswer.Match(got) && len(got) < 4096 {
		n, err := tty.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			break
		}
	}
	return parseBackground(got)
}

// parseBackground reads an OSC 11 answer, "ESC ] 11 ; rgb:RRRR/GGGG/BBBB"
// ended by BEL or ST, anywhere in got: dark when its lightness (HSL) is
// under a half, as termenv reckons.
func parseBackground(got []byte) (dark, ok bool) {
	_, rest, found := bytes.Cut(got, []byte("\x1b]11;"))
	if !found {
		return false, false
	}
	if i := bytes.IndexAny(rest, "\x07\x1b"); i >= 0 {
		rest = rest[:i]
	}
	spec := string(rest)
	_, spec, found = strings.Cut(spec, ":") // rgb: or rgba:
	parts := strings.Split(spec, "/")
	if !found || len(parts) < 3 {
		return false, false
	}
	var c [3]float64
	for i := range c {
		p := parts[i]
		v, err := strconv.ParseUint(p, 16, 64)
		if err != nil || len(p) == 0 || len(p) > 4 {
			return false, false
		}
		c[i] = float64(v) / float64(uint64(1)<<(4*len(p))-1)
	}
	lightness := (max(c[0], c[1], c[2]) + min(c[0], c[1], c[2])) / 2
	return lightness < 0.5, true
}
