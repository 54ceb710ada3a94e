//go:build unix

package deck

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// What has a file's name on Linux, macOS and the other Unixes, made for
// the tests (osfile_windows_test.go makes Windows' own, or says it has none).

// mkfifo makes a FIFO at path for a test.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }

// namedPipe makes a named pipe for a test: a FIFO in dir, which a plain
// open would wait on for a writer.
func namedPipe(_ *testing.T, dir string) (string, error) {
	path := filepath.Join(dir, "fifo")
	return path, mkfifo(path)
}

// mkdevice gives path to a device for a test: a symlink to /dev/zero.
func mkdevice(path string) error { return os.Symlink("/dev/zero", path) }

// listenUnix serves a Unix socket at path for a test.
func listenUnix(path string) (net.Listener, error) { return net.Listen("unix", path) }
