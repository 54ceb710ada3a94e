package deck

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFileRefusesWhatIsNotAFile: a named pipe (a FIFO, which a plain
// open would wait on forever; on Windows a pipe in \\.\pipe\), a folder, a
// socket and a device (on Windows a device's name in a folder, nul.json)
// are refused at once, saying what they are; a file over the limit says
// its size. A Windows without Unix sockets (before 10 1803) skips those.
func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo, err := namedPipe(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	refused := map[string]string{fifo: "a named pipe (FIFO)", dir: "a folder"}
	var none lacks
	sock := filepath.Join(dir, "sock")
	l, err := listenUnix(sock)
	switch {
	case errors.As(err, &none):
		t.Log(err)
	case err != nil:
		t.Fatal(err)
	default:
		defer l.Close()
		refused[sock] = "a socket"
	}
	dev := filepath.Join(dir, "dev")
	if err := mkdevice(dev); errors.As(err, &none) {
		dev = filepath.Join(dir, "nul.json") // Windows: a device in every folder
	} else if err != nil {
		t.Fatal(err)
	}
	refused[dev] = "a device"
	for path, what := range refused {
		_, err := ReadFile(path, 100)
		var nf *NotAFileError
		if !errors.As(err, &nf) || err.Error() != path+": it is "+what+", not a file" {
			t.Errorf("%s: %v", path, err)
		}
	}
	for _, path := range []string{fifo, dev} {
		var nf *NotAFileError
		if _, err := ReadDir(path); !errors.As(err, &nf) || !strings.HasSuffix(err.Error(), ", not a folder") {
			t.Errorf("ReadDir %s: %v", path, err)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 9_650_000), 0o600); err != nil {
		t.Fatal(err)
	}
	var tl *TooLargeError
	if _, err := ReadFile(big, 64<<10); !errors.As(err, &tl) || !strings.Contains(err.Error(), "the file has 9.2 MB; at most 64 KB is read") {
		t.Errorf("big: %v", err)
	}
	if err := (&TooLargeError{Path: "x", Size: 65537, Limit: 64 << 10}).Error(); err != "x: the file is over 64 KB; at most 64 KB is read" {
		t.Errorf("just over: %s", err)
	}
	if data, err := ReadFile(big, 10_000_000); err != nil || len(data) != 9_650_000 {
		t.Errorf("under the limit: %d bytes, %v", len(data), err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KB", 65537: "64 KB", 1536: "1.5 KB", 9_650_000: "9.2 MB", 8 << 20: "8 MB", 3 << 30: "3 GB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
