package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// A journal the start cannot read is moved aside and the table says so
// on its first screen; a newer eventdeck's journal stops the start with
// one line and exit 2, the journal left as it is (issue 39: both were
// deleted without a word).
func TestAJournalThatCannotBeReadIsSaid(t *testing.T) {
	dir := folders(t)
	rulesets, _ := expansions.All(assets.FS())
	saveDrawn(t, dir, rulesets, 3)
	journal := filepath.Join(dir, deck.JournalFile)
	if err := os.WriteFile(journal, []byte("{\"journal\":\"eventdeck\",\"version\":2,\"base\":\"\"}\n{\"op\":\"save\"}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	a := &app{stdout: &out, stderr: &errOut, assets: assets.FS(), terminal: true}
	if _, code, done := a.tableOptions([]string{"--resume"}); !done || code != ExitUsage ||
		!strings.Contains(errOut.String(), "newer eventdeck") || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("over a newer journal: exit %d, %q", code, errOut.String())
	}
	if _, err := os.Stat(journal); err != nil {
		t.Fatalf("the newer journal went: %v", err)
	}

	if err := os.WriteFile(journal, []byte("not a journal\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _ := tableAt(t, "--resume")
	aside, _ := filepath.Glob(journal + ".broken-*")
	if len(aside) != 1 {
		t.Fatalf("kept aside: %v", aside)
	}
	if v := m.View(); !strings.Contains(v, "could not all be") || m.Game() == nil || m.Game().Now.Draws != 3 {
		t.Errorf("the table does not say so, or does not resume the save:\n%s", v)
	}
}
