package deck

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// osFiles is everything deck asks of the operating system for its files,
// and the one place per-OS code sits: osfile_unix.go (Linux, macOS) and
// osfile_windows.go. The rest of deck, and its tests, go through osFS, so
// the promises below are tested here on Linux through the very calls each
// OS answers.
type osFiles interface {
	// Lock takes an exclusive lock on the open file f without waiting: an
	// error when another open of it holds one (another eventdeck, or
	// another open in this process). The lock ends when f is closed, and
	// it goes with f when f is renamed.
	Lock(f *os.File) error
	// Open opens path as os.OpenFile does, never waiting on what is
	// there: a FIFO, a terminal, a device such as NUL or CON, a named
	// pipe. The caller checks that the open file is a regular file (a
	// name that can only be a device may be refused here already, as a
	// *NotAFileError). The file may be renamed over, or removed, while it
	// is open. A file made gets mode perm.
	Open(path string, flag int, perm fs.FileMode) (*os.File, error)
	// CreateTemp is os.CreateTemp (the same names: digits where the
	// pattern has its *), for a file that may be renamed while open.
	CreateTemp(dir, pattern string) (*os.File, error)
	// Rename gives oldpath's file the name newpath, replacing what had it
	// in one step: at every instant newpath names the old file or the new
	// one, even if a reader has the old one open. Durable with SyncDir.
	Rename(oldpath, newpath string) error
	// SyncDir makes the names made in dir durable (a rename, a new file).
	SyncDir(dir string) error
	// MkdirAll is os.MkdirAll, never opening what has a folder's name: a
	// name that can only be a device or a named pipe is refused as a
	// *NotAFileError (os.MkdirAll's Stat opens it on Windows, and opening
	// a pipe connects to it, taking one of its server's instances).
	MkdirAll(dir string, perm fs.FileMode) error
}

// osFS is this OS's osFiles (osFileSystem is defined per OS).
var osFS osFiles = osFileSystem{}

// LockFile is the file in a state folder that the eventdeck playing there
// holds locked while it runs: one eventdeck per folder. It is never
// removed (a lock file removed while another process opens it would let
// two in); it holds nothing.
const LockFile = "eventdeck.lock"

// FolderBusyError is Store.Lock's error when another eventdeck already
// plays in the folder.
type FolderBusyError struct{ Dir string }

func (e *FolderBusyError) Error() string {
	return fmt.Sprintf("another eventdeck is already open on %s: close it first, or give this one another folder with --state-dir", e.Dir)
}

// Lock claims the store's folder for this process, made (mode 0700) if it
// is missing: another eventdeck process on the same folder gets a
// *FolderBusyError, on every OS, at once. The claim lasts until Unlock or
// the process ends (a kill too: the OS drops the lock with the process).
// Stores of one process share its claim (tests open a folder twice); the
// lock is let go with the last of them.
func (st *Store) Lock() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.locked {
		return nil
	}
	abs, err := filepath.Abs(st.Dir)
	if err != nil {
		return fmt.Errorf("the state folder could not be locked: %w", err)
	}
	claims.Lock()
	defer claims.Unlock()
	if c := claims.by[abs]; c != nil {
		c.stores++
		st.locked = true
		return nil
	}
	if err := osFS.MkdirAll(st.Dir, 0o700); err != nil {
		var nf *NotAFileError
		if _, rerr := ReadDir(st.Dir); errors.As(rerr, &nf) {
			err = nf // what is there instead: "NUL: it is a device, not a folder"
		}
		return fmt.Errorf("the state folder could not be made: %w", err)
	}
	f, err := OpenAppend(filepath.Join(st.Dir, LockFile), 0o600)
	if err != nil {
		return fmt.Errorf("the state folder could not be locked: %w", err)
	}
	if err := osFS.Lock(f); err != nil {
		f.Close()
		return &FolderBusyError{Dir: st.Dir}
	}
	claims.by[abs] = &claim{f: f, stores: 1}
	st.locked = true
	return nil
}

// Unlock gives up the claim Lock took; nothing when it took none.
func (st *Store) Unlock() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.locked {
		return nil
	}
	st.locked = false
	abs, err := filepath.Abs(st.Dir)
	if err != nil {
		return err
	}
	claims.Lock()
	defer claims.Unlock()
	c := claims.by[abs]
	if c == nil {
		return nil
	}
	if c.stores--; c.stores > 0 {
		return nil
	}
	delete(claims.by, abs)
	return c.f.Close()
}

// claims are the folders this process holds, by absolute path.
var claims = struct {
	sync.Mutex
	by map[string]*claim
}{by: map[string]*claim{}}

// claim is one folder's lock file, held open for the stores that share it.
type claim struct {
	f      *os.File
	stores int
}

// emptyFile empties f, opened for appending, and writes go to its start
// from then on (on Windows an appended file is written where it stands,
// see osfile_windows.go).
func emptyFile(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.Seek(0, io.SeekStart)
	return err
}
