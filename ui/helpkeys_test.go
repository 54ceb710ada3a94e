package ui

import (
	"strings"
	"testing"
)

// issue 23 item 10: the full help lists every key, those that do not apply
// now marked; the players screen's key bar has + and -.
func TestFullHelpListsEveryKey(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	v := view(press(m, "?"))
	for _, want := range []string{"a      accept all defaults", "ctrl+r", "(not now)"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
	v = view(press(m, "?", "?", "e"))
	for _, want := range []string{"+ add", "- remove"} {
		if !strings.Contains(v, want) {
			t.Errorf("players screen's key bar lacks %q:\n%s", want, v)
		}
	}
}

// The play-test: the Rivals introductory game's ? listed o/g/k/t/i/d/c,
// keys of cards of theme sets not in play. Each mode's help lists the keys
// of the cards its sets hold, and no other (the ruleset offers only those).
func TestRivalsHelpListsOnlyCardsInPlay(t *testing.T) {
	all := []string{"w set production die", "j set event die", "v void event", "o great foresight", "g grove of great foresight",
		"k scout", "t pirate fight", "i forgotten tribe", "d dispute of sages", "c grove of peace", "l court astrologer"}
	for _, tc := range []struct {
		options map[string]string
		keys    string // the keys listed
	}{
		{nil, "w"}, // introductory: the Basic Set's Brigitta
		{map[string]string{"mode": "theme", "set": "gold"}, "w"},
		{map[string]string{"mode": "theme", "set": "sages"}, "wjvogdc"},
		{map[string]string{"mode": "duel", "sets": "explorers,barbarians,prosperity"}, "wktil"}, // Court Astrologer: l, an event now (issue 31)
	} {
		m := newGame(t, "rivals", tc.options)
		if strings.Contains(tc.keys, "v") {
			m = press(m, "j", "2") // Trade: the roll may be void
		}
		v := view(press(finishTurn(press(m, "space")), "?"))
		for _, k := range all {
			if in := strings.Contains(tc.keys, k[:1]); strings.Contains(v, k) != in {
				t.Errorf("%v: help lists %q: %v, want %v:\n%s", tc.options, k, !in, in, v)
			}
		}
	}
}

// Play-test: before the first roll the help listed o/g/k (looks into the
// stack) as if they applied, though no such card is played before a roll.
// They are listed "not now", left out of the footer, and a press says why;
// after the roll they apply.
func TestRivalsLooksAreNotNowBeforeTheFirstRoll(t *testing.T) {
	m := newGame(t, "rivals", map[string]string{"mode": "duel", "sets": "sages,barbarians,prosperity"})
	looks := []string{"o great foresight", "g grove of great foresight", "k scout"}
	help := view(press(m, "?"))
	for _, k := range looks {
		if !strings.Contains(help, k+" (not now)") {
			t.Errorf("before the first roll the help lists %q as if it applied:\n%s", k, help)
		}
	}
	if !strings.Contains(help, "w set production die") || strings.Contains(help, "w set production die (not now)") {
		t.Errorf("the help marks w:\n%s", help)
	}
	if foot := lastLine(view(m)); strings.Contains(foot, "scout") || strings.Contains(foot, "foresight") {
		t.Errorf("the footer offers a look: %q", foot)
	}
	for _, k := range []string{"o", "g", "k"} {
		m = press(m, k)
		if v := view(m); m.table.Entry != nil || !strings.Contains(v, "Not before the first roll") {
			t.Fatalf("%s before the first roll:\n%s", k, v)
		}
	}
	help = view(press(finishTurn(press(m, "space")), "?"))
	for _, k := range looks {
		if !strings.Contains(help, k) || strings.Contains(help, k+" (not now)") {
			t.Errorf("after the first roll the help lists %q as not now:\n%s", k, help)
		}
	}
}
