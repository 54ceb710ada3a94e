package deck

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// The one way eventdeck opens what it reads (saves, the remembered setup,
// card files, the serve keys): something else at a file's name (a FIFO, a
// folder, a socket, a device) is refused at once, never waited on, and a
// file is read up to a limit, never whole whatever its size.

// NotAFileError is returned for a name that something other than a
// regular file has (or other than a folder, where a folder was wanted).
type NotAFileError struct {
	Path string
	Mode fs.FileMode // what is there
	Want string      // "a file" or "a folder"
}

func (e *NotAFileError) Error() string {
	return fmt.Sprintf("%s: it is %s, not %s", e.Path, Kind(e.Mode), e.Want)
}

// TooLargeError is returned for a file over the limit its reader sets.
type TooLargeError struct {
	Path  string
	Size  int64 // the file's size, or -1 when only its read said it is over
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: the file %s; at most %s is read", e.Path, e.Has(), Size(e.Limit))
}

// Has says the file's size: "has 9.2 MB", or "is over 64 KB" when its
// size is not known or would read as the limit's.
func (e *TooLargeError) Has() string {
	if e.Size < 0 || Size(e.Size) == Size(e.Limit) {
		return "is over " + Size(e.Limit)
	}
	return "has " + Size(e.Size)
}

// Kind names what has a file's name: "a folder", "a named pipe (FIFO)", …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// Size says a number of bytes as people read it: "812 bytes", "64 KB",
// "9.2 MB" (units of 1,024).
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KB"
	case n < 1<<30:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MB"
	}
	return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GB"
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// OpenFile opens path for reading if it is a regular file, and says what
// it is otherwise (a *NotAFileError), without ever blocking: it is opened
// non-blocking and its type is checked on the open file, so nothing that
// takes its name meanwhile is read either. Close the file.
func OpenFile(path string) (*os.File, fs.FileInfo, error) {
	f, fi, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotAFileError{Path: path, Mode: fi.Mode(), Want: "a file"}
	}
	return f, fi, nil
}

// openNonBlocking opens path without waiting and stats the open file. A
// socket cannot be opened at all: the error then says what it is.
func openNonBlocking(path string) (*os.File, fs.FileInfo, error) {
	f, err := osFS.Open(path, os.O_RDONLY, 0) // never waits (osfile.go)
	var nf *NotAFileError
	if errors.As(err, &nf) {
		return nil, nil, err
	}
	if err != nil {
		if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
			return nil, nil, &NotAFileError{Path: path, Mode: fi.Mode(), Want: "a file"}
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadFile reads the regular file at path, of at most limit bytes: a
// larger one is refused (a *TooLargeError) from its size, without reading
// it, or when a read finds it grew; anything but a regular file is refused
// as OpenFile refuses it.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, fi, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > limit {
		return nil, &TooLargeError{Path: path, Size: fi.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Size: -1, Limit: limit}
	}
	return data, nil
}

// ReadDir is os.ReadDir for a folder that may be something else: a FIFO or
// a file at its name is refused at once (a *NotAFileError), never waited
// on. The entries are sorted by name.
func ReadDir(path string) ([]fs.DirEntry, error) {
	f, fi, err := openNonBlocking(path)
	var nf *NotAFileError
	if errors.As(err, &nf) {
		nf.Want = "a folder"
		return nil, nf
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !fi.IsDir() {
		return nil, &NotAFileError{Path: path, Mode: fi.Mode(), Want: "a folder"}
	}
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// OpenAppend opens path for appending (a log, a journal; it may be read
// back with ReadAt), making it with mode perm if it is missing. As
// OpenFile, it refuses anything but a regular file at once: a FIFO's open
// would wait for a reader.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	f, err := osFS.Open(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, perm)
	var nf *NotAFileError
	if errors.As(err, &nf) {
		return nil, err
	}
	if err != nil {
		if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
			return nil, &NotAFileError{Path: path, Mode: fi.Mode(), Want: "a file"}
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &NotAFileError{Path: path, Mode: fi.Mode(), Want: "a file"}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
