package cli

import (
	"net"
	"os"
	"testing"
)

// notFiles make, at a path, each thing that may have a file's name and is
// not a file: what eventdeck must refuse at once, never wait on.
var notFiles = map[string]func(t *testing.T, path string){
	"fifo": func(t *testing.T, path string) {
		if err := mkfifo(path); err != nil {
			t.Fatal(err)
		}
	},
	"folder": func(t *testing.T, path string) {
		if err := os.Mkdir(path, 0o700); err != nil {
			t.Fatal(err)
		}
	},
	"socket": func(t *testing.T, path string) {
		l, err := net.Listen("unix", path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
	},
	"device": func(t *testing.T, path string) { // a link to one: only root makes devices
		if err := os.Symlink("/dev/null", path); err != nil {
			t.Fatal(err)
		}
	},
}

// notFileWords is what the one line says each is.
var notFileWords = map[string]string{
	"fifo":   "a named pipe (FIFO), not a file",
	"folder": "a folder, not a file",
	"socket": "a socket, not a file",
	"device": "a device, not a file",
}
