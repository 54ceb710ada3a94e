//go:build windows

package deck

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// osFileSystem is osFiles on Windows.
//
// Locks: LockFileEx, exclusive, LOCKFILE_FAIL_IMMEDIATELY, on one byte far
// past the end of any file eventdeck writes. golang.org/x/sys/windows is
// called directly rather than github.com/gofrs/flock: our locks are taken
// on files the store already has open (the journal, its temp file, which
// carries its lock when it is renamed into place), and flock.New opens a
// path of its own; and Windows byte-range locks are mandatory, so the
// byte 0 that flock locks could not be read through another handle, where
// ours (beyond the end) never stands in a read's way. The lock is the
// handle's: it ends when the file is closed or the process dies.
//
// Opens: CreateFile with FILE_SHARE_READ|WRITE|DELETE (os.OpenFile leaves
// out DELETE, and then a file that is open cannot be renamed over or
// removed: the journal and the saves are). Nothing here waits: devices
// (NUL, CON, COM1…) and named pipes (\\.\pipe\…) are refused by name
// before any open (windowsDevice), and by GetFileType after it; so is a
// folder to be made at such a name (MkdirAll: os.MkdirAll's Stat opens
// what it names, and an open of a pipe connects to it).
//
// Saves: a rename that replaces the old save in one step, so a save exists
// at every instant: SetFileInformationByHandle(FileRenameInfoEx) with
// FILE_RENAME_FLAG_REPLACE_IF_EXISTS|FILE_RENAME_FLAG_POSIX_SEMANTICS
// (Windows 10 1607 and later, NTFS), which replaces a file even while a
// reader has it open, then FlushFileBuffers on the file, which commits
// NTFS's log with the rename in it. Where that is not supported (FAT, an
// older Windows, some network shares) MoveFileEx with
// MOVEFILE_REPLACE_EXISTING|MOVEFILE_WRITE_THROUGH, which returns only once
// the rename is on disk. A rename refused because something else holds the
// file a moment (an antivirus scan, the search indexer) is tried again for
// up to about two seconds. Folders are not synced: Windows cannot flush a
// folder's handle, and each rename above is durable by itself.
//
// Privacy: files get no mode bits (Windows has none beyond read-only); the
// state folder is in the user's profile (%LocalAppData%), which only the
// user (and administrators) may read.
//
// Appending: a file opened with os.O_APPEND here is opened for writing and
// placed at its end, not in append mode (where it could not be emptied):
// eventdeck's appended files have one writer each (the journal's holds its
// lock), so every write lands at the end as with O_APPEND.
type osFileSystem struct{}

// lockOffset is where the lock byte sits: past any file's end.
const lockOffset = 1<<63 - 2

func (osFileSystem) Lock(f *os.File) error {
	ol := windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
}

func (osFileSystem) Open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if mode, ok := windowsDevice(path); ok {
		return nil, &NotAFileError{Path: path, Mode: mode, Want: "a file"}
	}
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	access := uint32(windows.GENERIC_READ)
	attrs := uint32(windows.FILE_ATTRIBUTE_NORMAL)
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		access |= windows.GENERIC_WRITE
	} else {
		attrs |= windows.FILE_FLAG_BACKUP_SEMANTICS // a folder opens too (ReadDir)
	}
	if perm&0o200 == 0 && flag&os.O_CREATE != 0 {
		attrs |= windows.FILE_ATTRIBUTE_READONLY
	}
	create := uint32(windows.OPEN_EXISTING)
	switch {
	case flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL:
		create = windows.CREATE_NEW
	case flag&os.O_CREATE != 0:
		create = windows.OPEN_ALWAYS
	}
	share := uint32(windows.FILE_SHARE_READ | windows.FILE_SHARE_WRITE | windows.FILE_SHARE_DELETE)
	h, err := windows.CreateFile(name, access, share, nil, create, attrs, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if t, err := windows.GetFileType(h); err != nil || t != windows.FILE_TYPE_DISK {
		windows.CloseHandle(h)
		mode := fs.ModeDevice | fs.ModeCharDevice
		if t == windows.FILE_TYPE_PIPE {
			mode = fs.ModeNamedPipe
		}
		return nil, &NotAFileError{Path: path, Mode: mode, Want: "a file"}
	}
	f := os.NewFile(uintptr(h), path)
	if flag&os.O_TRUNC != 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
	}
	if flag&os.O_APPEND != 0 {
		if _, err := f.Seek(0, io.SeekEnd); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

func (fsys osFileSystem) CreateTemp(dir, pattern string) (*os.File, error) {
	prefix, suffix, _ := strings.Cut(pattern, "*")
	for range 10000 {
		// A name, not the game: the global source is fine here.
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+suffix)
		f, err := fsys.Open(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, pattern), Err: fs.ErrExist}
}

func (osFileSystem) Rename(oldpath, newpath string) error {
	var err error
	for try := range 20 {
		if err = renameReplacing(oldpath, newpath); !held(err) {
			break
		}
		time.Sleep(time.Duration(try+1) * 10 * time.Millisecond) // 2.1 s in all
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
	}
	return nil
}

// held reports a rename refused because another program has a file open
// a moment.
func held(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED) ||
		errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}

// fileRenameInfo is FILE_RENAME_INFO as FileRenameInfoEx takes it: Flags,
// the folder (none: the name is whole), the name's length in bytes, the
// name.
type fileRenameInfo struct {
	Flags          uint32
	RootDirectory  windows.Handle
	FileNameLength uint32
	FileName       [1]uint16
}

// renameReplacing renames oldpath over newpath by handle with POSIX
// semantics, or with MoveFileEx where that is not supported.
func renameReplacing(oldpath, newpath string) error {
	to, err := filepath.Abs(newpath)
	if err != nil {
		return err
	}
	err = renamePOSIX(oldpath, to)
	if !errors.Is(err, windows.ERROR_INVALID_PARAMETER) && !errors.Is(err, windows.ERROR_NOT_SUPPORTED) &&
		!errors.Is(err, windows.ERROR_INVALID_FUNCTION) {
		return err
	}
	from, err := windows.UTF16PtrFromString(oldpath)
	if err != nil {
		return err
	}
	t, err := windows.UTF16PtrFromString(to)
	if err != nil {
		return err
	}
	return windows.MoveFileEx(from, t, windows.MOVEFILE_REPLACE_EXISTING|windows.MOVEFILE_WRITE_THROUGH)
}

// renamePOSIX renames the file at oldpath to the whole path to, replacing
// it even while open, and flushes the renamed file.
func renamePOSIX(oldpath, to string) error {
	from, err := windows.UTF16PtrFromString(oldpath)
	if err != nil {
		return err
	}
	h, err := windows.CreateFile(from, windows.DELETE|windows.SYNCHRONIZE|windows.GENERIC_WRITE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(h)
	name, err := windows.UTF16FromString(to)
	if err != nil {
		return err
	}
	var info fileRenameInfo
	size := int(unsafe.Offsetof(info.FileName)) + len(name)*2
	buf := make([]byte, size)
	ri := (*fileRenameInfo)(unsafe.Pointer(&buf[0]))
	ri.Flags = windows.FILE_RENAME_REPLACE_IF_EXISTS | windows.FILE_RENAME_POSIX_SEMANTICS
	ri.FileNameLength = uint32((len(name) - 1) * 2) // without the closing NUL
	copy(unsafe.Slice(&ri.FileName[0], len(name)), name)
	if err := windows.SetFileInformationByHandle(h, windows.FileRenameInfoEx, &buf[0], uint32(size)); err != nil {
		return err
	}
	return windows.FlushFileBuffers(h)
}

// MkdirAll refuses a device's or a named pipe's name (windowsDevice)
// before os.MkdirAll, whose Stat would open it.
func (osFileSystem) MkdirAll(dir string, perm fs.FileMode) error {
	if mode, ok := windowsDevice(dir); ok {
		return &NotAFileError{Path: dir, Mode: mode, Want: "a folder"}
	}
	return os.MkdirAll(dir, perm)
}

// SyncDir does nothing on Windows: a folder's handle cannot be flushed,
// and Rename is durable by itself (see osFileSystem).
func (osFileSystem) SyncDir(string) error { return nil }
