package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
)

// midWord is a letter or digit cut short by "…".
var midWord = regexp.MustCompile(`[\p{L}\p{N}]…`)

// issue 23 item 9: at 80×24 or larger no text is cut mid-word: headers
// drop whole parts, rows wrap at words, and a hyphenated name stays whole.
func TestNothingCutMidWord(t *testing.T) {
	games := []struct {
		game string
		opts map[string]string
	}{
		{"catan", map[string]string{"cities-knights": "on", "deck": "plain"}},
		{"catan", nil},
		{"rivals", nil},
		{"rivals", map[string]string{"mode": "duel", "sets": "gold,barbarians,sages"}},
		{"card-game", nil},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, g := range games {
			opts := testOptions(t)
			opts.QuickStart = true
			opts.Setup = common.Setup{Game: g.game, Players: []string{"Anne-Marie", "Bob", "Cy"}, Options: g.opts}
			if g.game != "catan" {
				opts.Setup.Players = opts.Setup.Players[:2]
			}
			m, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			m = update(m, sizeMsg(size[0], size[1]))
			for i := 0; i < 20; i++ {
				m = press(m, "space")
				for _, v := range []string{view(m), view(finishTurn(m))} {
					for _, l := range strings.Split(v, "\n") {
						if midWord.MatchString(l) || strings.HasSuffix(strings.TrimSpace(l), "Anne-") {
							t.Fatalf("%s %v %v draw %d: %q cut mid-word:\n%s", g.game, g.opts, size, i+1, l, v)
						}
					}
				}
				m = finishTurn(m)
			}
			facts := press(m, "f")
			for _, l := range strings.Split(view(facts), "\n") {
				if midWord.MatchString(l) {
					t.Fatalf("%s %v %v facts: %q cut mid-word:\n%s", g.game, g.opts, size, l, view(facts))
				}
			}
		}
	}
}
