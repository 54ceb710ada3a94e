//go:build unix

package deck

import (
	"io/fs"
	"os"
	"syscall"
)

// osFileSystem is osFiles on Linux, macOS and the other Unixes: flock(2)
// locks (advisory, held by the open file, dropped when it closes or the
// process dies), O_NONBLOCK|O_NOCTTY opens (a FIFO's open would wait for a
// writer, a terminal's would become the process's), rename(2), which
// replaces a name in one step even while the old file is open, and
// fsync(2) of the folder.
type osFileSystem struct{}

func (osFileSystem) Lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

func (osFileSystem) Open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NONBLOCK|syscall.O_NOCTTY, perm)
}

func (osFileSystem) CreateTemp(dir, pattern string) (*os.File, error) {
	return os.CreateTemp(dir, pattern)
}

func (osFileSystem) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }

// MkdirAll: a stat opens nothing here.
func (osFileSystem) MkdirAll(dir string, perm fs.FileMode) error { return os.MkdirAll(dir, perm) }

func (osFileSystem) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
