package ui

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pieces"
)

// sgrRe finds the parameters of each colour and style sequence.
var sgrRe = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// sixteenOnly reports the first sequence in s that a 16-colour console (the
// classic Windows console's default profile) has no colour for: a 256 or
// true colour (38;… or 48;…).
func sixteenOnly(s string) string {
	for _, m := range sgrRe.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			if p == "38" || p == "48" {
				return m[0]
			}
		}
	}
	return ""
}

// anyColour is the first sequence in s that sets a colour, fore- or
// background, of any depth: "" when there is none.
func anyColour(s string) string {
	for _, m := range sgrRe.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			if n, err := strconv.Atoi(p); err == nil && (n >= 30 && n <= 49 || n >= 90 && n <= 107) {
				return m[0]
			}
		}
	}
	return ""
}

// plainWords is what a frame says without its colours: the text, each line
// without the spaces that end it (a style pads its lines, or not).
func plainWords(frame string) string {
	lines := strings.Split(ansi.Strip(frame), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// TestFewerColoursStillRead (issue 38): the same games played on a true
// colour terminal, a 16-colour console and one with no colour (NO_COLOR)
// show the same words on every frame, so a colour never says what the
// words do not; the 16-colour frames use only its 16 colours; and every
// die drawn reads without colour (its letter, and its pips or word).
func TestFewerColoursStillRead(t *testing.T) {
	profiles := []termenv.Profile{termenv.TrueColor, termenv.ANSI, termenv.Ascii}
	for _, g := range []struct {
		game    string
		options map[string]string
		players []string
	}{
		{"catan", nil, []string{"Ann", "Bob", "Cy"}},
		{"catan", map[string]string{"cities-knights": "on"}, []string{"Ann", "Bob", "Cy", "Dee"}},
		{"rivals", nil, []string{"Ann", "Bob"}},
	} {
		var screens []Model
		var styles []common.Styles
		for _, p := range profiles {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(p)
			r.SetHasDarkBackground(true)
			opts := testOptions(t)
			opts.QuickStart = true
			opts.Renderer = r
			opts.Setup = common.Setup{Game: g.game, Players: g.players, Options: g.options}
			m, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			screens = append(screens, update(m, sizeMsg(100, 40)))
			styles = append(styles, common.NewStyles(r))
		}
		coloured, dice := 0, map[string]bool{}
		for k := range 300 {
			key := layoutKeys[k%len(layoutKeys)]
			for i := range screens {
				screens[i] = press(screens[i], key)
				if screens[i].active != common.Screen(screens[i].table) {
					screens[i] = press(screens[i], "esc")
				}
			}
			raw := make([]string, len(screens))
			for i, s := range screens {
				raw[i] = s.View()
			}
			words := plainWords(raw[len(raw)-1])
			if c := anyColour(raw[len(raw)-1]); c != "" {
				t.Fatalf("%s: colour %q with no colour profile:\n%q", g.game, c, raw[len(raw)-1])
			}
			for i := range len(raw) - 1 {
				if got := plainWords(raw[i]); got != words {
					t.Fatalf("%s key %d (%q): the %v frame says other words than the colourless one:\n%s\n---\n%s", g.game, k, key, profiles[i], got, words)
				}
			}
			if bad := sixteenOnly(raw[1]); bad != "" {
				t.Fatalf("%s key %d: a 16-colour console is sent %q", g.game, k, bad)
			}
			if strings.Contains(raw[1], "\x1b[") {
				coloured++
			}
			tm := screens[len(screens)-1].table
			if tm == nil || !tm.Shown {
				continue
			}
			for _, f := range tm.Turn.Dice {
				plain := ansi.Strip(pieces.Die(styles[2], f))
				label := f.Label()
				if !strings.Contains(plain, label) || f.Letter == "" && f.Colour != "" {
					t.Fatalf("%s: the %s die's face %+v reads %q without colour", g.game, f.Name, f, plain)
				}
				if f.Pips == 0 && f.Symbol == "" {
					t.Fatalf("%s: the %s die's face %+v has neither pips nor a word", g.game, f.Name, f)
				}
				for i := range 2 {
					if got := ansi.Strip(pieces.Die(styles[i], f)); got != plain {
						t.Fatalf("%s: the %s die's face reads %q in %v, %q without colour", g.game, f.Name, got, profiles[i], plain)
					}
				}
				dice[f.Die+" "+f.Value] = true
			}
		}
		if coloured == 0 || len(dice) < 6 {
			t.Errorf("%s: %d coloured frames, %d faces seen: the test saw too little", g.game, coloured, len(dice))
		}
		t.Logf("%s %v: %d frames in 16 colours, %d die faces", g.game, g.options, coloured, len(dice))
	}
}
