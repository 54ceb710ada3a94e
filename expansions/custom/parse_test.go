package custom_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// ExampleFile is the example card file of the README and the assets.
const ExampleFile = "../../assets/cards/example.toml"

func tables(t testing.TB) []custom.Table {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	return expansions.CardTables(rs)
}

func TestExampleLoads(t *testing.T) {
	data, err := os.ReadFile(ExampleFile)
	if err != nil {
		t.Fatal(err)
	}
	cards, errs := custom.Parse("example.toml", data, tables(t))
	if len(errs) > 0 {
		t.Fatalf("example.toml: %v", errs)
	}
	ids := ""
	for _, c := range cards {
		ids += c.ID + " "
	}
	if ids != "sheep-for-all market-day dragon-sighting royal-wedding gold-rush " {
		t.Errorf("cards %q", ids)
	}
	if c := cards[1]; c.Copies != 2 || len(c.Joins) != 1 || c.Joins[0] != 8 || len(c.Steps) != 2 || c.Steps[0].Ask != custom.AskPlayer {
		t.Errorf("market-day read as %+v", c)
	}
}

// TestErrorsSayWhere: each kind of mistake names its line and column.
func TestErrorsSayWhere(t *testing.T) {
	card := func(lines ...string) string {
		return "[[card]]\nid = \"a\"\ntitle = \"A\"\ntext = \"Do a thing.\"\n" + strings.Join(lines, "\n") + "\n"
	}
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "[[card]]\nid = \n", "f.toml:2:6:"},
		{"unknown game", card(`game = "catann"`), `f.toml:5:1: unknown game "catann"`},
		{"duplicate id", card(`game = "catan"`, "replaces = [12]") + "\n[[card]]\n  id = \"a\"\ntitle = \"B\"\ntext = \"x\"\ngame = \"catan\"\nreplaces = [2]\n",
			`f.toml:9:3: duplicate id "a"`},
		{"no such number", card(`game = "catan"`, "replaces = [13]"), "f.toml:6:1: no number card 13"},
		{"too many copies on a number", card(`game = "catan"`, "replaces = [12]", "copies = 2"), "f.toml:7:1: 2 copies on 12"},
		{"no free card", card(`game = "catan"`, "joins = [7]"), "f.toml:6:1: 7: the deck has 0 card(s) without an event"},
		{"zero copies", card(`game = "catan"`, "replaces = [2]", "    copies = 0"), "f.toml:7:5: copies is 0"},
		{"unknown question", card(`game = "catan"`, "replaces = [2]", "[[card.step]]", "text = \"x\"", "ask = \"colour\""),
			`f.toml:9:1: unknown question kind "colour"`},
		{"title too long", "[[card]]\nid = \"a\"\n  title = \"" + strings.Repeat("x", 40) + "\"\ntext = \"x\"\ngame = \"catan\"\nreplaces = [2]\n",
			"f.toml:3:3: title has 40 characters: at most 32 fit the screen"},
		{"step too long", card(`game = "catan"`, "replaces = [2]", "[[card.step]]", "text = \""+strings.Repeat("x", 161)+"\""),
			"f.toml:8:1: text has 161 characters: at most 160"},
		{"unknown stack", card(`game = "card-game"`, `stack = "dragons"`), `f.toml:6:1: unknown stack "dragons"`},
		{"printed id", "[[card]]\nid = \"plague\"\ntitle = \"P\"\ntext = \"x\"\ngame = \"card-game\"\nstack = \"basic\"\n", `f.toml:2:1: id "plague" is a printed card`},
		{"unknown key", card(`game = "catan"`, "replaces = [2]", "titel = \"x\""), `f.toml:7:1: unknown key "titel"`},
		{"unknown placeholder", card(`game = "catan"`, "replaces = [2]", "[[card.step]]", "text = \"{playr} pays 1 gold\""),
			"f.toml:8:1: unknown {playr}: a text takes {player} and {answer}"},
		{"placeholder in a prompt", card(`game = "catan"`, "replaces = [2]", "[[card.step]]", "text = \"x\"", "ask = \"player\"", "prompt = \"{playr}: who?\""),
			"f.toml:10:1: unknown {playr}"},
		{"placeholder in a title", "[[card]]\nid = \"a\"\ntitle = \"{player}'s day\"\ntext = \"x\"\ngame = \"catan\"\nreplaces = [2]\n", "f.toml:3:1: a title is the card's name"},
		{"answer before a question", card(`game = "catan"`, "replaces = [2]", "[[card.step]]", "text = \"{answer} pays\""),
			"f.toml:8:1: {answer} before any question"},
		// A curly quote from a word processor is named whole, its column in characters.
		{"curly quote", "[[card]]\nid = \"a\"\ntitle = “Quoted”\n", "f.toml:3:9: unexpected character U+201C '“'"},
		{"after wide letters", "[[card]]\nid = \"李雷\" x\n", "f.toml:2:11:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := custom.Parse("f.toml", []byte(tt.src), tables(t))
			if !strings.Contains(errs.Error(), tt.want) {
				t.Errorf("errors:\n%v\nwant one with %q", errs, tt.want)
			}
		})
	}
}

func TestLibrarySkipsBadFilesAndRepeatedIDs(t *testing.T) {
	dir := t.TempDir()
	good, _ := os.ReadFile(ExampleFile)
	must(t, os.WriteFile(dir+"/a.toml", good, 0o600))
	must(t, os.WriteFile(dir+"/b.toml", good, 0o600))
	must(t, os.WriteFile(dir+"/c.toml", []byte("[[card]]\nid = 1\n"), 0o600))
	lib := custom.Load(dir, nil, tables(t))
	if len(lib.Files) != 1 || lib.Files[0].Name != "a.toml" || len(lib.Skipped) != 2 {
		t.Fatalf("files %v, skipped %v", lib.Files, lib.Skipped)
	}
	w := lib.Warning()
	for _, want := range []string{"Card file b.toml skipped: b.toml:7:1: duplicate id", "Card file c.toml skipped: c.toml:2:1: id: want a string"} {
		if !strings.Contains(w, want) {
			t.Errorf("warning %q lacks %q", w, want)
		}
	}
	if got := len(lib.Select("catan", "all")); got != 2 {
		t.Errorf("catan cards %d, want 2", got)
	}
	if got := len(lib.Select("catan", "none")); got != 0 {
		t.Errorf("none gave %d cards", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzParse: whatever a file holds, reading it never panics, and every
// error it reports has a place in the file.
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile(ExampleFile); err == nil {
		f.Add(data)
	}
	tbl := tables(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		cards, errs := custom.Parse("f.toml", data, tbl)
		for _, e := range errs {
			if e.Line < 1 || e.Col < 1 {
				t.Fatalf("error without a place: %v", e)
			}
		}
		if len(errs) == 0 {
			for _, c := range cards {
				if _, err := custom.FromOptions(map[string]string{custom.OptSaved: custom.ToOptions([]custom.Card{c})}, c.Game); err != nil {
					t.Fatalf("a card that passed does not keep: %v", err)
				}
			}
		}
	})
}

// A file saved with a byte-order mark, as some Windows editors write, reads
// as one without.
func TestByteOrderMarkIsSkipped(t *testing.T) {
	src, err := os.ReadFile("../../assets/cards/example.toml")
	if err != nil {
		t.Fatal(err)
	}
	plain, errs := custom.Parse("example.toml", src, tables(t))
	if errs != nil {
		t.Fatal(errs)
	}
	marked, errs := custom.Parse("example.toml", append([]byte("\uFEFF"), src...), tables(t))
	if errs != nil || len(marked) != len(plain) || len(plain) == 0 {
		t.Fatalf("with a byte-order mark: %d cards (%v), without: %d", len(marked), errs, len(plain))
	}
}

// A file over the size a card file may have says its size, read or not
// (issue 32: a 9.2 MB file was said to have 65537 bytes).
func TestTooLargeSaysTheSize(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "huge.toml")
	if err := os.WriteFile(path, make([]byte, 9_650_000), 0o600); err != nil {
		t.Fatal(err)
	}
	want := "huge.toml:1:1: the file has 9.2 MB; a card file has at most 64 KB"
	lib := custom.Load(dir, nil, nil)
	if len(lib.Skipped) != 1 || lib.Skipped[0].Err.Error() != want {
		t.Fatalf("skipped %v, want %q", lib.Skipped, want)
	}
	if _, errs := custom.Parse("huge.toml", make([]byte, 9_650_000), nil); errs.Error() != want {
		t.Fatalf("Parse: %v", errs)
	}
	if _, errs := custom.Parse("over.toml", make([]byte, custom.MaxFile+1), nil); errs.Error() != "over.toml:1:1: the file is over 64 KB; a card file has at most 64 KB" {
		t.Fatalf("Parse: %v", errs)
	}
}
