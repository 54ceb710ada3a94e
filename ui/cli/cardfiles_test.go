package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
)

// writeCardFiles writes n Rivals card files of per cards each into a new
// folder, every id its own, and returns the folder.
func writeCardFiles(tb testing.TB, n, per int) string {
	tb.Helper()
	dir := tb.TempDir()
	for f := range n {
		var b strings.Builder
		for c := range per {
			fmt.Fprintf(&b, "[[card]]\nid = \"c%d-%d\"\ntitle = \"Card %d %d\"\ntext = \"Take one gold.\"\ngame = \"rivals\"\nstack = \"basic\"\n\n", f, c, f, c)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.toml", f)), []byte(b.String()), 0o600); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// TestCardsPerGameAreCapped: a file that would give a game more than 200
// cards is skipped with a one-line reason, as any bad card file is: a draw
// goes on (exit 0) and `cards check` fails (exit 2).
func TestCardsPerGameAreCapped(t *testing.T) {
	dir := writeCardFiles(t, 3, 100)
	var out, errOut bytes.Buffer
	code := Run([]string{"draw", "--game", "rivals", "--count", "1"}, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS(), CardsDir: dir})
	want := "Card file f002.toml skipped: f002.toml:1:1: rivals already has 200 cards from other files; a game takes at most 200\n"
	if code != ExitOK || errOut.String() != want {
		t.Errorf("draw: exit %d, stderr %q, want %q", code, errOut.String(), want)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
	code, got, _ := run(append([]string{"cards", "check"}, files...)...)
	if code != ExitUsage || !strings.Contains(got, "f001.toml: 100 cards, all good") || !strings.Contains(got, "f002.toml:1:1: rivals already has 200 cards") {
		t.Errorf("cards check: exit %d\n%s", code, got)
	}
}

// TestManySkippedFilesTakeFewLines: 30 files over the cap are said in five
// lines, not thirty.
func TestManySkippedFilesTakeFewLines(t *testing.T) {
	dir := writeCardFiles(t, 32, 100)
	var errOut bytes.Buffer
	code := Run([]string{"draw", "--count", "1"}, Env{Stdout: io.Discard, Stderr: &errOut, Assets: assets.FS(), CardsDir: dir})
	lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
	if code != ExitOK || len(lines) != 5 || lines[4] != "26 more card files skipped: eventdeck cards check says why" {
		t.Errorf("exit %d, stderr:\n%s", code, errOut.String())
	}
}

// BenchmarkDrawCardFiles is `draw --count 1` with 50, 100 and 200 card
// files of 100 cards each: the time grows with the cards, not their square.
func BenchmarkDrawCardFiles(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		dir := writeCardFiles(b, n, 100)
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			for range b.N {
				if code := Run([]string{"draw", "--count", "1"}, Env{Stdout: io.Discard, Stderr: io.Discard, Assets: assets.FS(), CardsDir: dir}); code != ExitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
