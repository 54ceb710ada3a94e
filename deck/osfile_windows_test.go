//go:build windows

package deck

import (
	"errors"
	"fmt"
	"net"
	"os"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/windows"
)

// What has a file's name on Windows, made for the tests, or, where Windows
// has no such thing, a lacks error that says so (the test skips that part).

// mkfifo: Windows has no FIFOs in its folders.
func mkfifo(string) error {
	return lacks(`Windows has no FIFOs: its named pipes live in \\.\pipe\, never in a folder`)
}

// pipes numbers the named pipes the tests serve.
var pipes atomic.Int64

// namedPipe serves a named pipe for a test and returns its name: Windows'
// named pipes live in \\.\pipe\, not in dir. It has one instance, which a
// client's open would take (and keep until the server let it go): when the
// test ends, the test fails if the instance was taken, i.e. if anything
// opened the pipe rather than refusing it by its name.
func namedPipe(t *testing.T, _ string) (string, error) {
	name := fmt.Sprintf(`\\.\pipe\eventdeck-test-%d-%d`, os.Getpid(), pipes.Add(1))
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.CreateNamedPipe(p, windows.PIPE_ACCESS_DUPLEX, windows.PIPE_TYPE_BYTE, 1, 512, 512, 0, nil)
	if err != nil {
		t.Fatalf("serving %s: %v", name, err)
	}
	t.Cleanup(func() {
		defer windows.CloseHandle(h)
		c, err := windows.CreateFile(p, windows.GENERIC_READ, 0, nil, windows.OPEN_EXISTING, 0, 0)
		if err != nil {
			t.Errorf("%s was opened: its one instance is taken (%v)", name, err)
			return
		}
		windows.CloseHandle(c)
	})
	return name, nil
}

// mkdevice: Windows has no device files.
func mkdevice(string) error {
	return lacks("Windows has no device files: its devices are names (NUL, CON, COM1…) in every folder, refused by name")
}

// listenUnix serves a Unix socket at path for a test, where this Windows
// has them (Windows 10 1803 and later; wine has none).
func listenUnix(path string) (net.Listener, error) {
	l, err := net.Listen("unix", path)
	if errors.Is(err, windows.WSAEAFNOSUPPORT) {
		return nil, lacks("this Windows has no Unix sockets (AF_UNIX came with Windows 10 1803): " + err.Error())
	}
	return l, err
}
