package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Issue 32: a save just under the size cap, a player's name of 8.3 MB
// with 25 states to undo and 25 to redo, is refused by `eventdeck games`
// and `eventdeck export` in one line, and left where it is. (How fast and
// in how much memory: deck/testdata/hostile/measure.sh.)
func TestHostileSaveUnderTheCapIsRefused(t *testing.T) {
	dir := t.TempDir()
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, _ := expansions.Find(rulesets, "catan")
	s, err := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 7)
	if err != nil {
		t.Fatal(err)
	}
	g := deck.NewGame(s)
	for range 51 {
		if err := g.Do(func(s *deck.State) error {
			main, _ := expansions.Main(r.Actions(s))
			return r.Act(s, deck.Action{ID: main.ID})
		}); err != nil {
			t.Fatal(err)
		}
	}
	for range deck.SavedUndo {
		g.Undo()
	}
	data, err := deck.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	var w, now map[string]json.RawMessage
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(w["state"], &now); err != nil {
		t.Fatal(err)
	}
	now["players"], _ = json.Marshal([]deck.Player{{Name: strings.Repeat("A", 8_300_000)}, {Name: "Bob"}, {Name: "Cy"}})
	w["state"], _ = json.Marshal(now)
	hostile, _ := json.Marshal(w)
	if len(hostile) > deck.MaxSaveSize {
		t.Fatalf("%d bytes: over the cap", len(hostile))
	}
	path := filepath.Join(dir, deck.SaveFile)
	if err := os.WriteFile(path, hostile, 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	env := Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS()}
	if code := Run([]string{"games", "--state-dir", dir}, env); code != ExitOK || !strings.Contains(out.String(), "could not be read: a text of") {
		t.Errorf("games: exit %d, %q %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := Run([]string{"export", "--state-dir", dir}, env); code == ExitOK || strings.Count(errOut.String(), "\n") != 1 || !strings.Contains(errOut.String(), "a text of") {
		t.Errorf("export: exit %d, %q", code, errOut.String())
	}
	if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, hostile) {
		t.Error("the hostile save was moved or changed")
	}
}
