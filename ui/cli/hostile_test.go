package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// TestPlayersWithEscapesAreRefused: a name that would retitle the window
// or clear it is refused in one line, with exit 2, before any screen.
func TestPlayersWithEscapesAreRefused(t *testing.T) {
	for _, players := range []string{
		"\x1b]0;owned\x07Ann,Bob",
		"Ann,\x1b[2JBob",
		"Ann:blue,B\u202eob",
		"Ann," + strings.Repeat("B", 1<<20),
	} {
		var out, errOut bytes.Buffer
		code := Run([]string{"--players", players, "--state-dir", t.TempDir()},
			Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS(), Terminal: true})
		msg := errOut.String()
		if code != ExitUsage || !strings.HasPrefix(msg, "eventdeck: --players: ") || strings.Count(msg, "\n") != 1 {
			t.Errorf("--players %q: exit %d, %q", deck.Quote(players), code, msg)
		}
		if deck.CheckText(strings.TrimSuffix(msg, "\n")) != nil || len(msg) > 200 || out.Len() > 0 {
			t.Errorf("--players %q: the reason carries the name's control characters: %q", deck.Quote(players), msg)
		}
	}
}

// TestExportNeverCarriesControls: whatever texts a game holds, no export
// format carries a control character (the guard at the output's edge;
// a save holding one is refused before, see the next test).
func TestExportNeverCarriesControls(t *testing.T) {
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.NewGame(nil, []deck.Player{{Name: "\x1b]0;owned\x07Ann"}, {Name: "B\u009b2Job\u202e"}}, 1)
	g := deck.NewGame(s)
	for range 12 {
		_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	}
	rows := historyRows(r, g.Now)
	for name, write := range map[string]func(*bytes.Buffer) error{
		"json": func(b *bytes.Buffer) error { return writeExportJSON(b, rows) },
		"csv":  func(b *bytes.Buffer) error { return writeExportCSV(b, rows) },
		"md":   func(b *bytes.Buffer) error { return writeExportMarkdown(b, rows) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, bad := range []string{"\x1b", "\u009b", "\u202e", "\x07", `\u001b`, `\u0007`, `\u009b`, `\u202e`} {
			if strings.Contains(out, bad) {
				t.Errorf("%s export carries %q:\n%s", name, bad, out)
			}
		}
		if !strings.Contains(out, "]0;owned") {
			t.Errorf("%s export lost the rest of the name:\n%s", name, out)
		}
	}
}

// TestExportRefusesASaveWithEscapes: export reads the save as a start does
// and refuses a name with an escape in one line, leaving the file as it is.
func TestExportRefusesASaveWithEscapes(t *testing.T) {
	dir := savedGame(t, 3)
	st := deck.NewStore(dir)
	data, err := os.ReadFile(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"name":"Ann"`), []byte(`"name":"\u001b]0;owned\u0007Ann"`), -1)
	if err := os.WriteFile(st.Path(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"md", "csv", "json"} {
		code, out, errOut := run("export", "--format", format, "--state-dir", dir)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, "control character") || strings.Contains(errOut, "\x1b") {
			t.Fatalf("export --format %s: exit %d, %q %q", format, code, out, errOut)
		}
	}
	if kept, _ := os.ReadFile(st.Path()); !bytes.Equal(kept, data) {
		t.Fatal("export moved or changed the save")
	}
}

// TestCardFileWithEscapesIsRefused: a card's title or text holding an
// escape or a bidi control is an error of the file, said where.
func TestCardFileWithEscapesIsRefused(t *testing.T) {
	for field, value := range map[string]string{
		"title": `"Gold\u001b]0;owned\u0007"`,
		"text":  `"Take \u001b[2J one"`,
		"id":    `"gold"`,
	} {
		src := map[string]string{"id": `"gold"`, "title": `"Gold"`, "text": `"Take one."`}
		src[field] = value
		if field == "id" {
			src["text"] = `"Take\u202e one."`
		}
		path := filepath.Join(t.TempDir(), "bad.toml")
		body := "[[card]]\nid = " + src["id"] + "\ntitle = " + src["title"] + "\ntext = " + src["text"] + "\ngame = \"catan\"\nreplaces = [12]\n"
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, _ := run("cards", "check", path)
		if code != ExitUsage || !strings.Contains(out, "bad.toml:") || strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("%s: exit %d\n%s", field, code, out)
		}
		code, out, errOut := run("draw", "--cards", path, "--count", "40")
		if code != ExitOK || strings.ContainsAny(out+errOut, "\x1b\x07\u202e") || !strings.Contains(errOut, "skipped") {
			t.Errorf("draw with %s: exit %d\n%s%s", field, code, out, errOut)
		}
	}
}
