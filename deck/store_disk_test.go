package deck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStoreRemovesStaleTemps: the temp files a killed save leaves are
// removed; anything else, and a temp file of a save under way, stays.
func TestStoreRemovesStaleTemps(t *testing.T) {
	st := NewStore(t.TempDir())
	old := time.Now().Add(-2 * StaleTemp)
	files := map[string]bool{ // name → removed
		".game.json.123456.tmp":     true,
		".game.json.bak.987654.tmp": true,
		".game.json.42.tmp":         false, // fresh: a save under way
		".game.json.x1.tmp":         false, // not a name eventdeck makes
		".notes.123.tmp":            false,
		"game.json.123.tmp":         false,
		"mine.tmp":                  false,
	}
	for name, removed := range files {
		p := filepath.Join(st.Dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if removed || name != ".game.json.42.tmp" {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := st.RemoveStaleTemps(); n != 2 {
		t.Errorf("removed %d files, want 2", n)
	}
	for name, removed := range files {
		if _, err := os.Stat(filepath.Join(st.Dir, name)); removed != errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: removed %v, want %v", name, !removed, removed)
		}
	}
}

// TestStoreRefusesWhatIsNotAFile: a FIFO, a socket, a folder or a device
// at game.json is refused at once with a one-line reason and left in place;
// neither Load nor Read opens a FIFO (that would wait for a writer). What
// the OS has no such thing for at a file's name (Windows: FIFOs, device
// files; Unix sockets before Windows 10 1803) is skipped, saying so.
func TestStoreRefusesWhatIsNotAFile(t *testing.T) {
	makers := map[string]func(path string) error{
		"named pipe": func(p string) error { return mkfifo(p) },
		"folder":     func(p string) error { return os.Mkdir(p, 0o700) },
		"socket": func(p string) error {
			l, err := listenUnix(p)
			if err == nil {
				t.Cleanup(func() { l.Close() })
			}
			return err
		},
		"device": func(p string) error { return mkdevice(p) },
	}
	for what, make := range makers {
		t.Run(what, func(t *testing.T) {
			st := NewStore(t.TempDir())
			var none lacks
			if err := make(st.Path()); errors.As(err, &none) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
			got, err := st.Load(nil)
			if !errors.Is(err, ErrNotASave) || !strings.Contains(err.Error(), what) || strings.Contains(err.Error(), "\\n") || got.MovedTo != "" {
				t.Fatalf("Load: %+v, %v", got, err)
			}
			if _, err := st.Read(nil); !errors.Is(err, ErrNotASave) {
				t.Fatalf("Read: %v", err)
			}
			if _, err := os.Lstat(st.Path()); err != nil {
				t.Fatalf("the %s was moved: %v", what, err)
			}
		})
	}
}

// TestStoreLeavesAnUnreadableSave: permission denied is said so, and the
// file stays where it is, not moved aside as broken.
func TestStoreLeavesAnUnreadableSave(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no file modes: 0o000 makes a file read-only, not unreadable (denying reads takes an ACL)")
	}
	if os.Geteuid() == 0 {
		t.Skip("root reads every file: no permission is denied")
	}
	st := NewStore(t.TempDir())
	if err := os.WriteFile(st.Path(), []byte("{}"), 0o000); err != nil {
		t.Fatal(err)
	}
	got, err := st.Load(nil)
	if !errors.Is(err, ErrNotASave) || !strings.Contains(err.Error(), "permission denied") || got.MovedTo != "" {
		t.Fatalf("Load: %+v, %v", got, err)
	}
	if _, err := os.Lstat(st.Path()); err != nil {
		t.Fatal("the unreadable save was moved")
	}
}

// TestStoreKeepsOfferingTheBackup: a broken save moved aside leaves the
// good backup offered at the next start too, until a new game archives it.
func TestStoreKeepsOfferingTheBackup(t *testing.T) {
	st := NewStore(t.TempDir())
	g := newTestGame(5)
	_ = g.Do(drawOne)
	first := saveGame(t, st, g, 1)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 2)
	if err := os.WriteFile(st.Path(), []byte("damaged"), 0o600); err != nil {
		t.Fatal(err)
	}
	for run := range 3 { // the table quits at the resume screen each time
		got, err := st.Load(nil)
		if err != nil || got.Game == nil || !got.FromBackup || !bytes.Equal(mustEncode(t, got.Game), first) {
			t.Fatalf("start %d: %+v %v", run+1, got, err)
		}
		if (got.Problem != nil) != (run == 0) {
			t.Fatalf("start %d: problem %v", run+1, got.Problem)
		}
	}
	st.NewGameStarts()
	saveGame(t, st, newTestGame(6), 3)
	if _, err := os.Stat(st.BackupPath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the old backup was not archived by the new game")
	}
	if len(filesHolding(t, st.Dir, first)) != 1 {
		t.Fatal("the old backup is lost")
	}
}

// TestStoreRotatesTheBackupByRename: the save before becomes the backup
// (the same file, renamed), not a second written copy.
func TestStoreRotatesTheBackupByRename(t *testing.T) {
	st := NewStore(t.TempDir())
	g := newTestGame(7)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 1)
	// The old save's identity now, from the open file: on Windows, os.Stat
	// reads a file's ID only when SameFile asks, from the path as it is then
	// (by when game.json is the new save).
	f, err := os.Open(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	before, err := f.Stat()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	_ = g.Do(drawOne)
	saveGame(t, st, g, 2)
	after, err := os.Stat(st.BackupPath())
	if err != nil || !os.SameFile(before, after) {
		t.Fatalf("the backup is not the old save renamed: %v", err)
	}
}

// TestBrokenSaveGivesTheSameReason: checks run in a fixed order, so the
// same file gives the same words on every run.
func TestBrokenSaveGivesTheSameReason(t *testing.T) {
	g := newTestGame(8)
	_ = g.Do(drawOne)
	g.Now.Trackers = map[string]int{"a": -1, "b": -2, "c": -3, "d": -4, "e": -5, "f": -6}
	g.Now.Facts = map[string]string{"x": "\x1b", "y": "\x07", "z": "\x00"}
	data := mustEncode(t, g)
	_, first := Decode(data)
	if first == nil {
		t.Fatal("a broken state decoded")
	}
	for range 50 {
		if _, err := Decode(data); err == nil || err.Error() != first.Error() {
			t.Fatalf("%v, then %v", first, err)
		}
	}
}
