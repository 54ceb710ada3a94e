package ui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// layoutGames are every game and mode a table plays (issue 30).
var layoutGames = []struct {
	game    string
	opts    map[string]string
	players int
}{
	{"catan", map[string]string{"edition": "4"}, 4},
	{"catan", map[string]string{"edition": "5"}, 5},
	{"catan", map[string]string{"edition": "6"}, 6},
	{"catan", map[string]string{"seafarers": "on"}, 4},
	{"catan", map[string]string{"cities-knights": "on"}, 4},
	{"catan", map[string]string{"cities-knights": "on"}, 6},
	{"catan", map[string]string{"explorers": "on"}, 4},
	{"catan", map[string]string{"cities-knights": "on", "seasons": "on"}, 4},
	{"rivals", nil, 2},
	{"rivals", map[string]string{"mode": "theme", "set": "prosperity"}, 2},
	{"rivals", map[string]string{"mode": "duel", "sets": "gold,barbarians,sages"}, 2},
	{"card-game", nil, 2},
	{"card-game", map[string]string{"mode": "expanded"}, 2},
	{"card-game", map[string]string{"mode": "tournament"}, 2},
}

// longNames are players' names of 20 characters and more.
var longNames = []string{"Evangeline Montgomery", "Bartholomew Fitzgerald", "Maximiliana Rosenberg", "Christopher Wellington", "Alexandrina Vanderbilt", "Anne-Marie Blackwood"}

// layoutKeys are the keys a table presses, in turn: draws, answers of
// every kind, defaults, skips.
var layoutKeys = []string{"space", "1", "enter", "y", "2", "enter", "n", "enter", "3", "enter", "x", "a", "enter", "space"}

// Issue 30: at every size from 60×20 up, on this terminal and on a serve
// host with two joined screens (and its two lines about them), every
// game shows the open step whole (its title, what it tells, the question
// and how to answer it) and the event's title, and cuts no line mid-word.
func TestTurnFitsTheScreen(t *testing.T) {
	sizes := [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}}
	for _, g := range layoutGames {
		for _, served := range []bool{false, true} {
			for _, names := range [][]string{{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}, longNames} {
				if g.players < 6 && len(names[0]) > 3 && g.game == "catan" && g.opts["cities-knights"] == "" {
					continue // long names: the six-player games and the two-player ones
				}
				name := fmt.Sprintf("%s %v %d served=%v long=%v", g.game, g.opts, g.players, served, len(names[0]) > 3)
				t.Run(name, func(t *testing.T) {
					t.Parallel() // each game its own session, folder and screens
					playLayout(t, g.game, g.opts, names[:g.players], served, sizes)
				})
			}
		}
	}
}

// playLayout plays 40 turns at each size in turn, checking every frame (10
// at each under the race detector, whose run is for concurrency: the CI
// limit).
func playLayout(t *testing.T, game string, options map[string]string, players []string, served bool, sizes [][2]int) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup = common.Setup{Game: game, Players: players, Options: options}
	if served {
		opts.Hub = session.NewHub()
		opts.Serving = func() string {
			return "Join code 482913 · ssh -p 2222 NAME@192.168.1.20 (NAME: your name or seat; others watch)\nKey SHA256:Qm3x · 3 screens"
		}
	}
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	screens := []Model{update(host, sizeMsg(sizes[0][0], sizes[0][1]))}
	if served {
		for seat := range 2 {
			v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(seat), Name: players[seat], Renderer: opts.Renderer, Glyphs: opts.Glyphs})
			t.Cleanup(v.Close)
			screens = append(screens, update(v, sizeMsg(sizes[0][0], sizes[0][1])))
		}
		screens = look(screens...)
	}
	perSize := 40
	if raceOn {
		perSize = 10
	}
	turns, k, picks, seen := 0, 0, make([]int, len(screens)), make([]string, len(screens))
	for _, size := range sizes {
		for i := range screens {
			screens[i] = update(screens[i], sizeMsg(size[0], size[1]))
		}
		for start := turns; turns < start+perSize && k < 400*perSize; k++ {
			// The host presses most keys; every third key is a joined
			// screen's, as players answer their own questions.
			who := 0
			if len(screens) > 1 && k%3 == 2 {
				who = 1 + (k/3)%(len(screens)-1)
			}
			key := layoutKeys[k%len(layoutKeys)]
			if tm := screens[who].table; tm != nil && tm.Entry != nil {
				picks[who]++
				if picks[who]%2 == 1 {
					key = strconv.Itoa(1 + (picks[who]/2)%7) // a pick: each card in turn
				}
			}
			screens[who] = press(screens[who], key)
			if screens[who].active != common.Screen(screens[who].table) && screens[who].table != nil {
				screens[who] = press(screens[who], "esc") // a screen a key opened
			}
			screens = look(screens...)
			for i, s := range screens {
				v := view(s)
				if v == seen[i] {
					continue // the same frame: checked already
				}
				seen[i] = v
				checkTurnShown(t, s, v, size[0], size[1], fmt.Sprintf("screen %d, key %d (%q), %dx%d", i, k, key, size[0], size[1]))
			}
			if screens[0].table != nil {
				turns = screens[0].table.Now().Turns()
			}
		}
	}
	if turns < 3*perSize {
		t.Errorf("only %d turns were drawn:\n%s\n%s", turns, view(screens[0]), view(screens[len(screens)-1]))
	}
}

// checkTurnShown fails when s, a w×h screen, misses the open step, the
// event's title or a line of the question, or cuts a line mid-word.
func checkTurnShown(t *testing.T, s Model, v string, w, h int, where string) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Fatalf("%s: %d lines at height %d:\n%s", where, len(lines), h, v)
	}
	for _, l := range lines {
		if len(l) > w && ansi.StringWidth(l) > w { // bytes bound the width
			t.Fatalf("%s: %q is wider than %d", where, l, w)
		}
	}
	var names []string // the long ones, read once a frame
	if s.table != nil {
		for _, p := range s.table.Now().Players {
			if len(p.Name) > 3 {
				names = append(names, p.Name)
			}
		}
	}
	for _, l := range lines {
		if cut := cutLine(l, s.table != nil, names); cut != "" {
			t.Fatalf("%s: %q cut mid-word (%s):\n%s", where, l, cut, v)
		}
	}
	m := s.table
	if m == nil || !s.onTable() || !m.Shown || m.Entry != nil || m.Number.Focus || m.Number.Card == nil {
		return
	}
	has := func(want string) bool {
		want = strings.TrimSpace(ansi.Strip(want))
		for _, l := range lines {
			if strings.Contains(l, want) {
				return true
			}
		}
		return false
	}
	if m.Turn.Title != "" && !has(m.Turn.Title) {
		t.Fatalf("%s: the event's title %q is missing:\n%s", where, m.Turn.Title, v)
	}
	width := min(w, 80)
	if m.Number.Card.Side > 0 {
		width = m.Number.Card.Side
	}
	title, told, ask := m.Current(width)
	for _, want := range append(append(title, told...), ask...) {
		if !has(want) {
			t.Fatalf("%s: the open step's line %q is missing:\n%s", where, ansi.Strip(want), v)
		}
	}
	checkGivenWay(t, s, v, where)
}

// cutLine says how line is cut mid-word, or "": a letter before "…", or
// one of the players' long names broken at the line's end (on a table).
func cutLine(line string, table bool, names []string) string {
	if strings.Contains(line, "…") && midWord.MatchString(strings.ReplaceAll(line, "own screen…", "")) { // "is picking on their own screen…" waits
		return "a word before …"
	}
	if !table {
		return ""
	}
	end := strings.TrimRight(line, " │╮╯║")
	for _, name := range names {
		for k := 3; k < len(name); k++ {
			if strings.HasSuffix(end, name[:k]) && (len(end) == k || end[len(end)-k-1] == ' ') {
				if r := rune(name[k]); unicode.IsLetter(r) || r == '-' {
					return "the name " + name
				}
			}
		}
	}
	return ""
}

// Issue 30 item 3: a lost pirate fight in a Rivals Duel with the Era of
// Explorers says who loses the ship at 120×40, after a resize too.
func TestPirateFightResultWhole(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {60, 20}} {
		m := newGame(t, "rivals", map[string]string{"mode": "duel", "sets": "explorers,barbarians,sages"})
		m = press(m, "space")
		lost := false
		for try := 0; try < 20 && !lost; try++ {
			// Robert not with Ann, an 8-strength pirate, no cannon, no foundry, no Lars.
			if _, err := m.table.Apply(session.Intent{Do: session.DoAct, Action: "pirate", Values: []int{0, 2, 0, 0, 0}}); err != nil {
				t.Fatal(err)
			}
			m = look(m)[0]
			for _, mk := range m.table.Turn.Marks {
				lost = lost || mk.Alert && strings.Contains(mk.Text, "loses the ship")
			}
		}
		if !lost {
			t.Fatal("no lost pirate fight in 20 tries")
		}
		m = update(m, sizeMsg(size[0], size[1]))
		v := view(m)
		width := min(size[0], 80)
		if c := m.table.Number.Card; c.Side > 0 {
			width = c.Side
		}
		var mark string
		for _, mk := range m.table.Turn.Marks {
			if mk.Alert {
				mark = "! " + mk.Label + ": " + mk.Text
			}
		}
		for _, l := range common.WrapLines(mark, width) {
			if !strings.Contains(v, strings.TrimSpace(l)) {
				t.Fatalf("%v: the fight's result %q lacks %q:\n%s", size, mark, l, v)
			}
		}
	}
}
