package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/pages/setup"
)

func TestSetupStartsTheGameAndRemembersIt(t *testing.T) {
	opts := testOptions(t)
	opts.Setup = common.Setup{}
	opts.SetupPath = filepath.Join(t.TempDir(), "eventdeck", "setup.json")
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, want := range []string{"new game", "Game", "Edition", "Deck printing", "New Year", "Seafarers", "Explorers & Pirates", "Players", "Who starts"} {
		if !strings.Contains(v, want) {
			t.Fatalf("setup lacks %q:\n%s", want, v)
		}
	}
	// Too few players: a clear message, no game.
	m = press(m, "Ann", "enter")
	if !m.onSetup() || !strings.Contains(view(m), "2 to 6 names") {
		t.Fatalf("one player started a game:\n%s", view(m))
	}
	m = press(m, ", Bob, Cy")
	// Edition: up from Players to the options, left/right to change.
	m = focus(t, m, "Edition")
	m = press(m, "right")
	if !strings.Contains(view(m), "‹ 5 ›") {
		t.Fatalf("edition did not change:\n%s", view(m))
	}
	// Who starts: Bob.
	m = focus(t, m, "Who starts")
	m = press(m, "right")
	if !strings.Contains(view(m), "‹ Bob ›") {
		t.Fatalf("starter did not change:\n%s", view(m))
	}
	m = press(m, "enter")
	if !m.onTable() {
		t.Fatalf("enter did not start:\n%s", view(m))
	}
	if s := m.table.Now(); s.Players[s.Current].Name != "Bob" || s.Options["edition"] != "5" {
		t.Fatalf("game started with %+v", s)
	}
	saved, err := common.LoadSetup(opts.SetupPath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(saved.Players, ",") != "Ann,Bob,Cy" || saved.Starter != "Bob" || saved.Options["edition"] != "5" {
		t.Fatalf("remembered %+v", saved)
	}
	if fi, err := os.Stat(opts.SetupPath); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("setup file mode: %v %v", fi.Mode(), err)
	}

	// Next game night: the remembered setup, one key.
	opts.Setup = saved
	m2, _ := New(opts)
	m2 = update(m2, sizeMsg(80, 24))
	m2 = press(m2, "enter")
	if !m2.onTable() || m2.table.Now().Options["edition"] != "5" {
		t.Fatalf("the remembered setup did not start in one key:\n%s", view(m2))
	}
}

func TestSetupGolden(t *testing.T) {
	m := newTestModel(t, false, 80, 24)
	v := view(m)
	checkFits(t, v, 80, 24)
	golden.RequireEqual(t, []byte(v))
}

func TestSetupRejectsBadNames(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Ann", "ann"}, "appears twice"},
		{[]string{"Ann", "Bartholomew Featherstonehaugh"}, "longer than 24 characters"},
	} {
		opts := testOptions(t)
		opts.Setup.Players = c.names
		m, _ := New(opts)
		m = update(m, sizeMsg(80, 24))
		m = press(m, "enter")
		if !m.onSetup() || !strings.Contains(view(m), c.want) {
			t.Errorf("%v accepted:\n%s", c.names, view(m))
		}
	}
}

func TestSetupRandomStarterIsSeeded(t *testing.T) {
	start := func(seed uint64) string {
		opts := testOptions(t)
		opts.Seed = seed
		opts.Setup.Starter = common.StarterRandom
		opts.QuickStart = true
		m, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		s := m.table.Now()
		return s.Players[s.Current].Name
	}
	seen := map[string]bool{}
	for seed := uint64(0); seed < 30; seed++ {
		first, again := start(seed), start(seed)
		if first != again {
			t.Fatal("the same seed picked different starters")
		}
		seen[first] = true
	}
	if len(seen) != 3 {
		t.Fatalf("30 seeds picked only %v", seen)
	}
	// The pick does not shift the cards: the first card is eventdeck draw's.
	opts := testOptions(t)
	opts.Seed = 5
	opts.Setup.Starter = common.StarterRandom
	opts.QuickStart = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = press(m, "space")
	if want := drawnBy(t, 5, 1)[0]; faces(m.table.Turn) != faces(want) {
		t.Fatalf("random starter changed the first card: %s, want %s", faces(m.table.Turn), faces(want))
	}
}

func TestQuitKeys(t *testing.T) {
	m := newTestModel(t, true, 80, 24)
	if _, cmd := m.Update(keyMsg("q")); cmd == nil || cmd() == nil {
		t.Fatal("q did not quit the table")
	}
	if _, cmd := m.Update(keyMsg("ctrl+c")); cmd == nil || cmd() == nil {
		t.Fatal("ctrl+c did not quit")
	}
	// On the setup screen q types into the names.
	s := newTestModel(t, false, 80, 24)
	s = press(s, "q")
	if !strings.Contains(view(s), "q") || s.setupScreen().Names.Value() != "Ann, Bob, Cyq" {
		t.Fatalf("q in the names field: %q", s.setupScreen().Names.Value())
	}
}

// focus moves the setup's focus down to the field with label.
func focus(t *testing.T, m Model, label string) Model {
	t.Helper()
	for range 40 {
		if m.setupScreen().Label(m.setupScreen().Fields[m.setupScreen().Focus]) == label {
			return m
		}
		m = press(m, "down")
	}
	t.Fatalf("no field %q", label)
	return m
}

func TestSetupShowsOptionsThatApply(t *testing.T) {
	m := newTestModel(t, false, 60, 20)
	checkFits(t, view(m), 60, 20)
	if v := view(m); strings.Contains(v, "C&K event die") || strings.Contains(v, "5–6 players") {
		t.Fatalf("options that do not apply are shown:\n%s", v)
	}
	m = focus(t, m, "Cities & Knights")
	m = press(m, "right")
	if v := view(m); !strings.Contains(v, "C&K event die") || !strings.Contains(v, "‹ on ›") {
		t.Fatalf("C&K options not offered:\n%s", v)
	}
	checkFits(t, view(m), 60, 20)
	m = focus(t, m, "Players")
	m = press(m, ", Dee, Eve")
	if v := view(m); !strings.Contains(v, "5–6 players") {
		// the window may hide it: look for the field itself
		found := false
		for _, f := range m.setupScreen().Fields {
			found = found || f.Option.Key == "five-six"
		}
		if !found {
			t.Fatalf("5–6 player rule not offered for five players:\n%s", v)
		}
	}
	checkFits(t, view(m), 60, 20)
}

// f1 opens help from the names field, where "?" is text; the footer says so.
func TestSetupHelpFromTheNamesField(t *testing.T) {
	m := newTestModel(t, false, 80, 24)
	if !m.setupScreen().Typing() {
		t.Fatal("the names field is not focused")
	}
	if v := view(m); !strings.Contains(v, "f1 help") || strings.Contains(v, "? help") {
		t.Fatalf("footer in the names field:\n%s", v)
	}
	m = press(m, "?")
	if m.fullHelp {
		t.Fatal("? opened help while typing names")
	}
	m = update(m, tea.KeyMsg{Type: tea.KeyF1})
	if !m.fullHelp || !strings.Contains(view(m), "Keys") {
		t.Fatalf("f1 did not open help:\n%s", view(m))
	}
}

// An empty names field shows a placeholder no one takes for names.
func TestSetupPlaceholder(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = nil
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	if v := view(m); !strings.Contains(v, "(type names: e.g. Ann, Bob, Cy)") {
		t.Fatalf("no placeholder:\n%s", v)
	}
	// Who starts says what will happen, not "random" until a name is typed.
	if v := view(m); !strings.Contains(v, "Who starts              the first name") {
		t.Fatalf("who starts before any name:\n%s", v)
	}
	m = typeText(m, "Ann")
	if v := view(m); !strings.Contains(v, "Who starts              Ann") {
		t.Fatalf("who starts after a name:\n%s", v)
	}
}

// Names longer than the screen keep the cursor in sight.
func TestSetupNamesScroll(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = nil
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = typeText(m, "Alexandra, Benjamin, Christopher, Dominique, Evangeline, Frederick")
	for _, line := range strings.Split(view(m), "\n") {
		if strings.Contains(line, "Players") {
			if strings.Contains(line, "Alexandra") || !strings.HasSuffix(strings.TrimRight(line, " "), "Frederick") || ansi.StringWidth(line) > 80 {
				t.Fatalf("players line: %q", line)
			}
		}
	}
}

// An option that needs a hidden option hides too: the season settings
// show only while the seasonal die, which needs C&K, shows and is on.
func TestSetupHidesOptionsOfHiddenOptions(t *testing.T) {
	m := newTestModel(t, false, 100, 40)
	has := func(key string) bool {
		for _, f := range m.setupScreen().Fields {
			if f.Option.Key == key {
				return true
			}
		}
		return false
	}
	m = focus(t, m, "Cities & Knights")
	m = press(m, "right")
	m = focus(t, m, "Seasonal event die")
	m = press(m, "right")
	if !has("season-change") {
		t.Fatal("season settings not offered with the seasonal die on")
	}
	m = focus(t, m, "Cities & Knights")
	m = press(m, "left")
	if has("seasons") || has("season-change") {
		t.Fatal("season settings offered without Cities & Knights")
	}
}

// On a small screen the fields that do not fit are said to be there, and
// an error is wrapped, never cut.
func TestSetupSmallScreen(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = []string{"Ann", "Maximilianus Augustinus Rex"}
	m, _ := New(opts)
	m = update(m, sizeMsg(60, 20))
	m = press(m, "enter")
	v := view(m)
	if !strings.Contains(v, "↑ more") && !strings.Contains(v, "↓ more") {
		t.Errorf("no sign of more fields:\n%s", v)
	}
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "is longer than 24 characters.") {
		t.Errorf("the error is cut:\n%s", v)
	}
	checkFits(t, v, 60, 20)
}

// Options out of play (the Theme Game's set in a Duel) stay remembered but
// do not reach the game: a Duel starts from the setup screen.
func TestSetupStartsADuel(t *testing.T) {
	t.Run("the names' example fits a game for two", func(t *testing.T) {
		opts := testOptions(t)
		opts.Setup = common.Setup{Game: "rivals"}
		m, _ := New(opts)
		if v := view(update(m, sizeMsg(80, 24))); !strings.Contains(v, "(type names: e.g. Ann, Bob)") {
			t.Fatalf("placeholder:\n%s", v)
		}
	})
	opts := testOptions(t)
	opts.Setup = common.Setup{Game: "rivals", Players: []string{"Ann", "Bob"}, Options: map[string]string{"mode": "duel"}}
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = press(m, "enter")
	if !m.onTable() {
		t.Fatalf("a Duel did not start:\n%s", view(m))
	}
	if got := m.table.Now().Options["mode"]; got != "duel" {
		t.Fatalf("mode %q", got)
	}
}

// With every C&K option showing at 80 columns, the values and the help
// line are whole: the focused game keeps its closing ›, a long help wraps.
func TestSetupLinesAreWholeAt80(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Options = map[string]string{"cities-knights": "on"}
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = focus(t, m, "Game")
	v := view(m)
	checkFits(t, v, 80, 24)
	if !strings.Contains(v, "‹ Catan board game (Event Cards) ›") {
		t.Fatalf("the game's value is cut:\n%s", v)
	}
	m = focus(t, m, "C&K red die")
	if v := strings.Join(strings.Fields(view(m)), " "); !strings.Contains(v, "a plain deck rolls") || strings.Contains(v, "…") {
		t.Fatalf("the help line is cut:\n%s", view(m))
	}
}

// Letters typed on a row of choices go to the names field.
func TestSetupLettersGoToTheNames(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = nil
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = focus(t, m, "Who starts")
	m = typeText(m, "Ann, Bob")
	if got := m.setupScreen().Names.Value(); got != "Ann, Bob" {
		t.Fatalf("names %q", got)
	}
	if m.setupScreen().Fields[m.setupScreen().Focus].Kind != setup.FieldPlayers {
		t.Fatal("the focus did not move to the names")
	}
}

// A game started from the command line remembers its setup, as the setup
// screen does: pass-and-play and the counting aid are there on resume.
func TestQuickStartRemembersTheSetup(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.SetupPath = filepath.Join(t.TempDir(), "setup.json")
	opts.Setup.HandOff, opts.Setup.CountAid = true, true
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := m.Init()
	if cmd == nil {
		t.Fatal("nothing remembers the setup")
	}
	cmd()
	got, err := common.LoadSetup(opts.SetupPath)
	if err != nil || !got.HandOff || !got.CountAid {
		t.Fatalf("remembered %+v, %v", got, err)
	}
}

// A list of names pasted, a name a line, becomes names by commas.
func TestSetupPastedLinesBecomeNames(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = nil
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Ann\nBob\r\n\r\nCy\x1b[31m"), Paste: true})
	if got := m.setupScreen().Names.Value(); got != "Ann, Bob, Cy[31m" {
		t.Fatalf("names %q", got)
	}
	if v := view(m); !strings.Contains(v, "Who starts              Ann") {
		t.Fatalf("the pasted names are not names:\n%s", v)
	}
}

// hostileText holds what a name may not carry to the screen: bidi controls
// (U+202E, U+2067, U+200F), a zero-width space, a byte-order mark, an
// escape and a C1 control; between them, what a name may hold (an emoji
// joined by U+200D). issue 32: they reached the terminal raw while typed.
const hostileText = "A\u202En\u2067n\u200F\u200B\uFEFF\x1b\u009b 👩\u200D👩"

// A name pasted or typed with bidi or other control and format characters
// shows without them at once, not only refused at enter.
func TestSetupNamesDropControlsAsTyped(t *testing.T) {
	opts := testOptions(t)
	opts.Setup.Players = nil
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(hostileText + "\n"), Paste: true})
	m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("\u202eBob")})
	m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("\u2067"), Alt: true})
	if got := m.setupScreen().Names.Value(); got != "Ann 👩\u200D👩, Bob" {
		t.Fatalf("names %q", got)
	}
	if v := view(m); strings.ContainsAny(v, "\u202e\u2067\u200f\u200b\ufeff\u009b") {
		t.Fatalf("the screen shows a control:\n%q", v)
	}
}
