package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

func TestRefPrintsMatchingEntries(t *testing.T) {
	code, all, _ := run("ref")
	if code != 0 || strings.Count(all, "\n## ")+1 < 25 {
		t.Fatalf("ref without words: exit %d, %d entries", code, strings.Count(all, "## "))
	}
	for _, line := range strings.Split(all, "\n") {
		if len([]rune(line)) > 78 {
			t.Errorf("line over 78 columns: %q", line)
		}
	}
	tests := []struct {
		words []string
		has   []string
		lacks []string
	}{
		{[]string{"new", "year"}, []string{"## New Year\n", "6th from the bottom"}, []string{"## Earthquake"}},
		{[]string{"NEIGHBORLY"}, []string{"## Helpful Neighbor (Neighborly Assistance"}, []string{"## Conflict"}},
		{[]string{"barbarians", "defender"}, []string{"## Cities & Knights: barbarians"}, []string{"## Tournament"}},
		{[]string{"progress", "level"}, []string{"level 2 on 1–3"}, nil},
	}
	for _, tt := range tests {
		code, out, _ := run(append([]string{"ref"}, tt.words...)...)
		if code != 0 {
			t.Fatalf("ref %v: exit %d", tt.words, code)
		}
		for _, h := range tt.has {
			if !strings.Contains(out, h) {
				t.Errorf("ref %v lacks %q:\n%s", tt.words, h, out)
			}
		}
		for _, l := range tt.lacks {
			if strings.Contains(out, l) {
				t.Errorf("ref %v has %q", tt.words, l)
			}
		}
	}
	if code, out, errOut := run("ref", "xylophone"); code != ExitError || out != "" || !strings.Contains(errOut, "nothing in the reference") {
		t.Errorf("ref xylophone: exit %d out %q err %q", code, out, errOut)
	}
}

func TestReferenceCoversEveryEventTitle(t *testing.T) {
	_, all, _ := run("ref")
	for _, e := range catan.Events() {
		for _, ed := range []int{4, 5, 6} {
			if title := catan.Title(e, ed); title != "" && !strings.Contains(all, "## "+title) && !strings.Contains(all, "("+title+" before") {
				t.Errorf("no reference entry for %q (edition %d)", title, ed)
			}
		}
	}
}

// savedGame writes a game of n draws with seed 1 to a state folder.
func savedGame(t *testing.T, n int) string {
	t.Helper()
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob|B"}}, 1)
	g := deck.NewGame(s)
	for range n {
		_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	}
	dir := t.TempDir()
	data, _ := deck.Encode(g)
	if err := deck.NewStore(dir).Save(1, data); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestExport(t *testing.T) {
	dir := savedGame(t, 33)
	want := drawn(t, 33)

	code, out, errOut := run("export", "--format", "json", "--state-dir", dir)
	if code != 0 {
		t.Fatal(errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 33 {
		t.Fatalf("%d json lines", len(lines))
	}
	for i, l := range lines {
		var r exportRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Draw != i+1 || r.Number != want[i].Number || r.Title != want[i].Title || r.Player != []string{"Ann", "Bob|B"}[i%2] {
			t.Fatalf("row %d: %+v, want %+v", i+1, r, want[i])
		}
		if r.Rebuilt != (i == 31) || r.Rebuilt != want[i].Rebuilt {
			t.Fatalf("row %d rebuilt %v", i+1, r.Rebuilt)
		}
		if r.Dice["red"] != strconv.Itoa(want[i].Red) || r.Dice["white"] != strconv.Itoa(want[i].White) {
			t.Fatalf("row %d dice %v, want red %d white %d", i+1, r.Dice, want[i].Red, want[i].White)
		}
	}

	_, out, _ = run("export", "--format", "csv", "--state-dir", dir)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 34 || rows[0][0] != "draw" || rows[0][7] != "rebuilt" || rows[32][7] != "true" || rows[31][7] != "false" {
		t.Fatalf("csv: %v, %d rows", err, len(rows))
	}

	_, out, _ = run("export", "--state-dir", dir)
	if !strings.HasPrefix(out, "| draw | year |") || !strings.Contains(out, `Bob\|B`) || !strings.Contains(out, "| deck rebuilt, then ") {
		t.Fatalf("markdown:\n%s", out)
	}
}

func TestExportBadInput(t *testing.T) {
	if code, _, errOut := run("export", "--format", "xml", "--state-dir", t.TempDir()); code != ExitUsage || !strings.Contains(errOut, "json, csv or md") {
		t.Fatalf("bad format: %d %q", code, errOut)
	}
	if code, _, errOut := run("export", "--state-dir", t.TempDir()); code != ExitUsage || !strings.Contains(errOut, "no saved game") {
		t.Fatalf("no save: %d %q", code, errOut)
	}
	// A broken save: a clear message, and the file is left exactly as it was.
	dir := t.TempDir()
	st := deck.NewStore(dir)
	_ = st.Save(1, []byte(`{"format":"eventdeck"`))
	if code, _, errOut := run("export", "--state-dir", dir); code != ExitUsage || !strings.Contains(errOut, "not a readable save") {
		t.Fatalf("broken save: %d %q", code, errOut)
	}
	if data, err := os.ReadFile(st.Path()); err != nil || string(data) != `{"format":"eventdeck"` {
		t.Fatalf("export moved or changed the broken save: %q %v", data, err)
	}
	// Too large: refused from its size, and left where it is.
	big := t.TempDir()
	if err := os.WriteFile(filepath.Join(big, deck.SaveFile), make([]byte, deck.MaxSaveSize+1), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run("export", "--state-dir", big); code != ExitUsage || !strings.Contains(errOut, "too large") {
		t.Fatalf("oversized save: %d %q", code, errOut)
	}
	if fi, err := os.Stat(filepath.Join(big, deck.SaveFile)); err != nil || fi.Size() != deck.MaxSaveSize+1 {
		t.Fatal("export moved the oversized save")
	}
}

func drawn(t *testing.T, n int) []drawLine {
	t.Helper()
	_, out, _ := run("draw", "--seed", "1", "--count", strconv.Itoa(n), "--json")
	var lines []drawLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		_ = json.Unmarshal([]byte(l), &d)
		lines = append(lines, d)
	}
	return lines
}

// A title several games share says whose entry it is; --game keeps one
// game's entries.
func TestRefNamesTheGameOfASharedTitle(t *testing.T) {
	code, out, _ := run("ref", "brigand")
	if code != ExitOK || !strings.Contains(out, "## Event die (rivals)\n") || !strings.Contains(out, "## Event die (card-game)\n") {
		t.Fatalf("ref brigand: exit %d\n%s", code, out)
	}
	code, out, _ = run("ref", "--game", "rivals", "brigand")
	if code != ExitOK || strings.Contains(out, "card-game") || !strings.Contains(out, "## Event die\n") {
		t.Fatalf("ref --game rivals brigand: exit %d\n%s", code, out)
	}
	if code, _, errOut := run("ref", "--game", "chess"); code != ExitUsage || !strings.Contains(errOut, "unknown game") {
		t.Fatalf("ref --game chess: exit %d %q", code, errOut)
	}
	if code, out, _ := run("cards", "-h"); code != ExitOK || !strings.Contains(out, "cards check FILE") {
		t.Fatalf("cards -h: exit %d\n%s", code, out)
	}
}

// Issue 24: the reference says the 7 as the walkthrough does, finds city
// walls and the pirate's 7, gives Harvest Moon as a setting only, and a
// word of another game names that game.
func TestRefIssue24(t *testing.T) {
	tests := []struct {
		words []string
		has   []string
		lacks []string
	}{
		{[]string{"robber", "attacks"}, []string{"1 card at random from the hand", "commodities in the hand", "each city wall adds 2"}, []string{"robs 1 resource"}},
		{[]string{"--game", "catan", "wall"}, []string{"## Cities & Knights: city walls", "check your walls"}, nil},
		{[]string{"--game", "catan", "pirate"}, []string{"## Seafarers\nOn a 7", "## Robber Attacks"}, nil},
		{[]string{"seasonal"}, []string{"so is Harvest Moon"}, []string{"Harvest Moon lets", "Season actions come first"}},
	}
	for _, tt := range tests {
		code, out, errOut := run(append([]string{"ref"}, tt.words...)...)
		if code != ExitOK {
			t.Fatalf("ref %v: exit %d, %s", tt.words, code, errOut)
		}
		flat := strings.ReplaceAll(out, "\n", " ") // a phrase may wrap at 80 columns
		for _, h := range tt.has {
			if !strings.Contains(out, h) && !strings.Contains(flat, h) {
				t.Errorf("ref %v lacks %q:\n%s", tt.words, h, out)
			}
		}
		for _, l := range tt.lacks {
			if strings.Contains(out, l) || strings.Contains(flat, l) {
				t.Errorf("ref %v has %q:\n%s", tt.words, l, out)
			}
		}
	}
	code, out, errOut := run("ref", "--game", "catan", "yule")
	if code != ExitError || out != "" || !strings.Contains(errOut, "The Rivals for Catan has it (ref --game rivals)") ||
		strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("ref --game catan yule: exit %d out %q err %q", code, out, errOut)
	}
	if code, _, errOut := run("ref", "--game", "rivals", "xylophone"); code != ExitError || strings.Contains(errOut, "has it") {
		t.Errorf("ref --game rivals xylophone: exit %d err %q", code, errOut)
	}
}

// Issue 30 items 13-14: what a table types finds the entry it means first.
func TestRefPutsTheEntryMeantFirst(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string
	}{
		{[]string{"ref", "--game", "catan", "aqueduct"}, "## Aqueduct (Cities & Knights)"},
		{[]string{"ref", "aqueduct"}, "## Aqueduct (Cities & Knights)"},
		{[]string{"ref", "year", "end"}, "## Event card: Year End"},
		// Play-test: the board game has no Year End card; its year ends
		// with New Year, not with the seasonal variant's "ends".
		{[]string{"ref", "--game", "catan", "year", "end"}, "## New Year"},
		{[]string{"ref", "barbarians"}, "## Cities & Knights: barbarians"},
	} {
		code, out, errOut := run(c.args...)
		if first, _, _ := strings.Cut(out, "\n"); code != ExitOK || first != c.first {
			t.Errorf("eventdeck %s: exit %d, first %q, want %q %s", strings.Join(c.args, " "), code, first, c.first, errOut)
		}
	}
}

// Issue 40 (9, 1, 3): `eventdeck ref` finds first what a player most likely
// means, and says Raid and the Brigand Attack in full.
func TestRefFindsItFirst(t *testing.T) {
	for _, c := range []struct {
		args  []string
		top   int
		title string
	}{
		{[]string{"ref", "robber"}, 1, "Robber Attacks"},
		{[]string{"ref", "seven"}, 1, "Over the limit (a 7)"},
		{[]string{"ref", "knight"}, 1, "Knights"},
		{[]string{"ref", "--game", "rivals", "trade"}, 3, "Event die"},
		{[]string{"ref", "--game", "rivals", "mercenaries"}, 1, "Event die"},
		{[]string{"ref", "--game", "card-game", "raid"}, 1, "Event card: Raid"},
	} {
		code, out, errOut := run(c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		var titles []string
		for _, line := range strings.Split(out, "\n") {
			if t, ok := strings.CutPrefix(line, "## "); ok {
				titles = append(titles, t)
			}
		}
		if !slices.Contains(titles[:min(c.top, len(titles))], c.title) {
			t.Errorf("%v: %q, want %q in the first %d", c.args, titles, c.title, c.top)
		}
	}
	_, out, _ := run("ref", "--game", "card-game", "raid")
	for _, w := range []string{"may raid", "foreign", "all of them"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), w) {
			t.Errorf("ref raid lacks %q:\n%s", w, out)
		}
	}
}

// A card file ref cannot read is named, as draw and the table name it,
// and the reference is printed all the same (issue 38's play on every OS
// found ref silent about it).
func TestRefNamesACardFileItSkips(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "mine.json")
	code, out, errOut := run("ref", "--cards", missing, "robber")
	if code != 0 || !strings.Contains(out, "## Robber Attacks") {
		t.Fatalf("ref: %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "Card file mine.json skipped") {
		t.Fatalf("ref said nothing of the card file it skipped: %q", errOut)
	}
}
