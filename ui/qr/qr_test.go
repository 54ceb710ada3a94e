package qr_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/qr"
	"github.com/eventdeck/eventdeck/ui/qr/qrtest"
)

var urls = []string{
	"http://192.168.1.23:8080/?code=123456",
	"http://10.0.0.5:8080/?code=000001",
	"http://laptop.local:8080/?code=987654",
	"http://[fd00::1]:8080/?code=424242",
	"http://172.16.254.254:65535/?code=999999",
}

// TestReadBack draws each address, turns the cells back into an image
// (each cell one module wide, two tall) and decodes it to the address, in
// every colouring and with a quiet zone of 1 and 2 modules.
func TestReadBack(t *testing.T) {
	for _, u := range urls {
		c, err := qr.Encode(u)
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range []qr.Colours{qr.Plain, qr.ANSI16, qr.ANSI256} {
			for _, quiet := range []int{1, 2} {
				lines := c.Lines(quiet, col)
				got, err := qrtest.Read(lines)
				if err != nil || got != u {
					t.Errorf("%s, colours %d, quiet %d: read %q, %v\n%s", u, col, quiet, got, err, strings.Join(lines, "\n"))
				}
			}
		}
	}
}

// TestSize: the address the host shows most often is about 31×16 cells.
func TestSize(t *testing.T) {
	c, err := qr.Encode(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	for quiet, want := range map[int][2]int{1: {31, 16}, 2: {33, 17}} {
		w, h := c.Cells(quiet)
		lines := c.Lines(quiet, qr.ANSI256)
		if [2]int{w, h} != want || len(lines) != h {
			t.Errorf("quiet %d: %d×%d cells, %d lines; want %v", quiet, w, h, len(lines), want)
		}
		for i, l := range lines {
			if ansi.StringWidth(l) != w {
				t.Errorf("quiet %d: line %d is %d wide, want %d", quiet, i, ansi.StringWidth(l), w)
			}
		}
	}
}

// TestForcedColours: with colours forced every row sets both the
// foreground and the background before its first cell; plain has no
// escape at all.
func TestForcedColours(t *testing.T) {
	c, _ := qr.Encode(urls[0])
	for col, start := range map[qr.Colours]string{qr.ANSI16: "\x1b[30;107m", qr.ANSI256: "\x1b[38;5;16;48;5;231m"} {
		for _, l := range c.Lines(2, col) {
			if !strings.HasPrefix(l, start) || !strings.HasSuffix(l, "\x1b[0m") {
				t.Fatalf("colours %d: row %q", col, l)
			}
		}
	}
	for _, l := range c.Lines(2, qr.Plain) {
		if strings.Contains(l, "\x1b") || strings.Trim(l, " ▀▄█") != "" {
			t.Fatalf("plain row %q", l)
		}
	}
}

// TestUnreadable: a code whose glyphs are read the wrong way round (a
// plain code taken as forced) does not decode: the read-back test can
// fail.
func TestUnreadable(t *testing.T) {
	c, _ := qr.Encode(urls[0])
	lines := c.Lines(2, qr.Plain)
	for i := range lines {
		lines[i] = "\x1b[30;107m" + lines[i] // glyphs dark: the code inverted
	}
	if got, err := qrtest.Read(lines); err == nil {
		t.Fatalf("an inverted code read as %q", got)
	}
}
