package cli

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestUIImportsNoGame holds the seam (issue 21): ui and ui/cli reach the
// games only through package expansions and the engine through deck; no
// file of theirs imports a game's package (expansions/<game>).
func TestUIImportsNoGame(t *testing.T) {
	const module = "github.com/eventdeck/eventdeck/"
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob("../*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("only %d files found", len(files))
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, module+"expansions/") {
				t.Errorf("%s imports %s: reach it through package expansions", name, path)
			}
		}
	}
}
