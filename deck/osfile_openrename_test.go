package deck

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// noReplaceOpen is osFiles as Windows answers where a rename cannot
// replace a file that is open, even one opened with FILE_SHARE_DELETE:
// MoveFileEx, the fallback where the POSIX-semantics rename is not
// supported (FAT and exFAT, network shares, older Windows; wine too),
// refuses it with ERROR_ACCESS_DENIED. Everything else is this OS's own.
type noReplaceOpen struct {
	osFiles
	mu      sync.Mutex
	open    map[string][]*os.File // the files opened through it, by their name now
	refused int
}

func (n *noReplaceOpen) track(path string, f *os.File, err error) (*os.File, error) {
	if err == nil {
		n.mu.Lock()
		n.open[filepath.Clean(path)] = append(n.open[filepath.Clean(path)], f)
		n.mu.Unlock()
	}
	return f, err
}

func (n *noReplaceOpen) Open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := n.osFiles.Open(path, flag, perm)
	return n.track(path, f, err)
}

func (n *noReplaceOpen) CreateTemp(dir, pattern string) (*os.File, error) {
	f, err := n.osFiles.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return n.track(f.Name(), f, nil)
}

func (n *noReplaceOpen) Rename(oldpath, newpath string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	from, to := filepath.Clean(oldpath), filepath.Clean(newpath)
	var still []*os.File
	for _, f := range n.open[to] {
		if f.Fd() != ^uintptr(0) { // a closed file's handle is invalid, on every OS
			still = append(still, f)
		}
	}
	if len(still) > 0 {
		n.refused++
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: fs.ErrPermission}
	}
	if err := n.osFiles.Rename(oldpath, newpath); err != nil {
		return err
	}
	n.open[to] = n.open[from]
	delete(n.open, from)
	return nil
}

// withNoReplaceOpen puts noReplaceOpen in osFS's place for the test.
func withNoReplaceOpen(t *testing.T) *noReplaceOpen {
	n := &noReplaceOpen{osFiles: osFS, open: map[string][]*os.File{}}
	old := osFS
	osFS = n
	t.Cleanup(func() { osFS = old })
	return n
}

// Where a rename cannot replace an open file (Windows without POSIX
// renames), the journal still folds: its restart renames the new journal
// over the old one, which the store itself holds open. Before, every fold
// there failed ("Access is denied", found under wine), the journal was
// given up for whole saves, and the table said "Not saved" at its first
// draw and on quitting.
func TestJournalFoldsWhereARenameCannotReplaceAnOpenFile(t *testing.T) {
	fake := withNoReplaceOpen(t)
	dir := t.TempDir()
	st := NewStore(dir)
	saveGame(t, st, newTestGame(3), st.Reserve())
	loaded, err := st.Load(nil)
	if err != nil || loaded.Game == nil {
		t.Fatal(loaded, err)
	}
	g := loaded.Game
	for i := range 30 {
		_ = g.Do(drawOne)
		seq, _, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if i%10 == 9 {
			if err := st.Fold(g.Snapshot(), seq, mustEncode(t, g)); err != nil {
				t.Fatalf("fold %d: %v", i/10+1, err)
			}
		}
		// A kill now: the next start finds every change.
		again, err := NewStore(dir).Load(nil)
		if err != nil || again.Game == nil || !bytes.Equal(mustEncode(t, again.Game), mustEncode(t, g)) {
			t.Fatalf("after change %d a start finds another game (%v)", i+1, err)
		}
	}
	if fake.refused == 0 {
		t.Fatal("no rename over an open file was tried: the test tests nothing")
	}
	// The journal is still this store's, locked: a second writer is refused.
	f, err := osFS.Open(st.JournalPath(), os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if osFS.Lock(f) == nil {
		t.Fatal("the restarted journal is not locked")
	}
}
