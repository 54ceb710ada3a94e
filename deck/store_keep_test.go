package deck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// filesHolding lists the files in dir whose content is data.
func filesHolding(t *testing.T, dir string, data []byte) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && bytes.Equal(b, data) {
			out = append(out, e.Name())
		}
	}
	return out
}

// brokenSaveWithGoodBackup saves two games, then breaks the save: the
// backup is the only good copy. It returns the backup's content.
func brokenSaveWithGoodBackup(t *testing.T, st *Store) []byte {
	t.Helper()
	g := newTestGame(7)
	_ = g.Do(drawOne)
	good := saveGame(t, st, g, 1)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 2)
	if err := os.WriteFile(st.Path(), []byte(`{"format":"eventdeck","vers`), 0o600); err != nil {
		t.Fatal(err)
	}
	return good
}

func TestStoreNewGameAfterBrokenSaveKeepsTheBackup(t *testing.T) {
	t.Run("new game chosen on the broken-save screen", func(t *testing.T) {
		st := NewStore(t.TempDir())
		good := brokenSaveWithGoodBackup(t, st)
		got, err := st.Load(nil)
		if err != nil || !got.FromBackup {
			t.Fatalf("Load: %+v %v", got, err)
		}
		st.NewGameStarts()
		n := newTestGame(8)
		for i := range 3 {
			_ = n.Do(drawOne)
			saveGame(t, st, n, uint64(10+i))
		}
		if f := filesHolding(t, st.Dir, good); len(f) == 0 {
			t.Fatal("the only good backup was overwritten")
		}
	})
	t.Run("--new", func(t *testing.T) {
		st := NewStore(t.TempDir())
		good := brokenSaveWithGoodBackup(t, st)
		broken, _ := os.ReadFile(st.Path())
		st.NewGameStarts()
		n := newTestGame(8)
		for i := range 3 {
			_ = n.Do(drawOne)
			saveGame(t, st, n, uint64(10+i))
		}
		f := filesHolding(t, st.Dir, good)
		if len(f) == 0 {
			t.Fatal("the only good backup was deleted")
		}
		if !strings.HasPrefix(f[0], "game-") || !strings.HasSuffix(f[0], ".json.bak") {
			t.Errorf("the backup was archived as %s, want game-<time>.json.bak", f[0])
		}
		if len(filesHolding(t, st.Dir, broken)) == 0 {
			t.Error("the damaged save was not archived")
		}
	})
}

func TestStoreSavesWhenTheBackupCannotBeKept(t *testing.T) {
	st := NewStore(t.TempDir())
	// A folder where the backup goes: it cannot be replaced by a file.
	if err := os.MkdirAll(filepath.Join(st.BackupPath(), "inside"), 0o700); err != nil {
		t.Fatal(err)
	}
	g := newTestGame(9)
	var last []byte
	for i := range 3 {
		_ = g.Do(drawOne)
		data := mustEncode(t, g)
		if err := st.Save(uint64(i+1), data); err != nil {
			t.Fatalf("save %d failed: %v", i+1, err)
		}
		last = data
	}
	if b, _ := os.ReadFile(st.Path()); !bytes.Equal(b, last) {
		t.Fatal("the save is not the last game")
	}
	if err := st.BackupProblem(); err == nil {
		t.Error("no word that the backup could not be kept")
	}
	if err := st.BackupProblem(); err != nil {
		t.Errorf("said twice: %v", err)
	}
	entries, _ := os.ReadDir(st.Dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if _, err := os.Stat(filepath.Join(st.BackupPath(), "inside")); err != nil {
		t.Errorf("the folder in the way was touched: %v", err)
	}
}

func TestStoreRefusesAnOversizedSave(t *testing.T) {
	st := NewStore(t.TempDir())
	f, err := os.Create(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: as large as the limit allows plus one, without writing it.
	if err := f.Truncate(MaxSaveSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, err := st.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != nil || !errors.Is(got.Problem, ErrTooLarge) {
		t.Fatalf("Load: %+v", got)
	}
	fi, err := os.Stat(got.MovedTo)
	if err != nil || fi.Size() != MaxSaveSize+1 {
		t.Fatalf("the oversized save was not kept aside: %v", err)
	}
	if !strings.Contains(got.Problem.Error(), "too large") {
		t.Errorf("unclear message: %v", got.Problem)
	}
}

// TestStoreWritesEveryFile0600: a save left readable by others is not
// kept so: the next save and the backup it becomes are 0600.
func TestStoreWritesEveryFile0600(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no file modes: no save is readable by others by its mode (who reads it is the folder's ACL's)")
	}
	st := NewStore(t.TempDir())
	g := newTestGame(10)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 1)
	// A save left readable by others, e.g. by an older version or a copy.
	if err := os.Chmod(st.Path(), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = g.Do(drawOne)
	saveGame(t, st, g, 2)
	for _, p := range []string{st.Path(), st.BackupPath()} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600", filepath.Base(p), fi.Mode().Perm(), err)
		}
	}
}

func TestStoreLoadChecksUndoAndRedoStates(t *testing.T) {
	st := NewStore(t.TempDir())
	g := newTestGame(11)
	for range 4 {
		_ = g.Do(drawOne)
	}
	saveGame(t, st, g, 1)
	// The ruleset refuses the game after one draw: only an undo state has it.
	check := func(g *Game) error {
		if g.Now.Draws == 1 {
			return errors.New("one draw is not a game")
		}
		return nil
	}
	got, err := st.Load(check)
	if err != nil {
		t.Fatal(err)
	}
	if got.Problem == nil || !strings.Contains(got.Problem.Error(), "undo state") {
		t.Fatalf("a bad undo state passed: %+v", got)
	}
}
