package deck

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The promises of osFiles (osfile.go), tested through osFS, the calls each
// OS answers: Linux's by .ci/run; Windows' where `go test ./deck` runs on
// Windows, each test checking Windows' own version of its promise or
// skipping what Windows has no such thing for (a lacks error). Windows'
// device names are tested on every OS, below.

// lacks is the error of a test's helper (osfile_unix_test.go,
// osfile_windows_test.go) where the OS has no such thing to make: a FIFO,
// a device file, a Unix socket. It says what the OS lacks.
type lacks string

func (l lacks) Error() string { return string(l) }

// hasMode reports whether fi has the mode perm. Windows keeps no modes but
// read-only (Go reads a file as 0444 with it, 0666 without; who may read
// a file is its folder's ACL there, and the state folder is in the user's
// %LocalAppData%): there, whether fi is read-only as perm would make it.
func hasMode(fi fs.FileInfo, perm fs.FileMode) bool {
	if runtime.GOOS == "windows" {
		if perm&0o200 == 0 {
			return fi.Mode().Perm() == 0o444
		}
		return fi.Mode().Perm() == 0o666
	}
	return fi.Mode().Perm() == perm
}

// TestLockIsExclusiveAndGoesWithTheFile: a second open of a locked file
// cannot lock it; closing the first frees it; a locked temp file renamed
// into place keeps its lock under the new name (the journal's restart).
func TestLockIsExclusiveAndGoesWithTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	open := func() *os.File {
		t.Helper()
		f, err := osFS.Open(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, b := open(), open()
	if err := osFS.Lock(a); err != nil {
		t.Fatal(err)
	}
	if err := osFS.Lock(b); err == nil {
		t.Fatal("a second open locked a locked file")
	}
	a.Close()
	if err := osFS.Lock(b); err != nil {
		t.Fatalf("the lock outlived its file: %v", err)
	}
	b.Close()

	tmp, err := osFS.CreateTemp(dir, tempPattern("f"))
	if err != nil {
		t.Fatal(err)
	}
	defer tmp.Close()
	if !isTempOf(filepath.Base(tmp.Name()), []string{"f"}) {
		t.Errorf("CreateTemp named %s, not a temp name of the store's", tmp.Name())
	}
	if err := osFS.Lock(tmp); err != nil {
		t.Fatal(err)
	}
	if err := osFS.Rename(tmp.Name(), path); err != nil {
		t.Fatal(err)
	}
	if err := osFS.Lock(open()); err == nil {
		t.Fatal("the renamed file lost its lock")
	}
}

// TestStoreLockRefusesASecondEventdeck: one eventdeck process per state
// folder (stores of one process share its claim); the refusal is one line
// that says what to do; the lock file is private.
func TestStoreLockRefusesASecondEventdeck(t *testing.T) {
	if os.Getenv("EVENTDECK_TEST_HOLD") != "" {
		holdLock(os.Getenv("EVENTDECK_TEST_HOLD"))
		return
	}
	dir := filepath.Join(t.TempDir(), "state")
	first, second := NewStore(dir), NewStore(dir)
	if err := first.Lock(); err != nil {
		t.Fatal(err)
	}
	if err := second.Lock(); err != nil {
		t.Fatalf("a second store of this process: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, LockFile)); err != nil || !hasMode(fi, 0o600) {
		t.Errorf("the lock file: %v, %v", fi.Mode(), err)
	}
	first.Unlock()
	first.Unlock() // twice: nothing
	f, err := osFS.Open(filepath.Join(dir, LockFile), os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if osFS.Lock(f) == nil {
		t.Fatal("the folder was let go while a store still held it")
	}
	f.Close()
	second.Unlock()
	var busy *FolderBusyError

	// Another process holds the folder: refused until it ends.
	cmd := exec.Command(os.Args[0], "-test.run=^TestStoreLockRefusesASecondEventdeck$")
	cmd.Env = append(os.Environ(), "EVENTDECK_TEST_HOLD="+dir)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("the other process: %q, %v", line, err)
	}
	if err := NewStore(dir).Lock(); !errors.As(err, &busy) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "--state-dir") {
		t.Fatalf("a folder another process holds: %v", err)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	again := NewStore(dir)
	if err := again.Lock(); err != nil {
		t.Fatalf("after the other process ended: %v", err)
	}
	again.Unlock()
}

// holdLock is the other process of TestStoreLockRefusesASecondEventdeck:
// it locks dir, says so, and holds it until its input closes.
func holdLock(dir string) {
	if err := NewStore(dir).Lock(); err != nil {
		os.Stdout.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("locked\n")
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	os.Exit(0)
}

// TestOpenNeverWaitsOnASpecialFile: a named pipe (a FIFO, whose open
// would wait for a writer; on Windows a pipe in \\.\pipe\, whose open
// would take its server's instance) and a device (os.DevNull: /dev/null,
// NUL) are refused through osFS.Open as every reader opens (OpenFile,
// OpenAppend, ReadDir), within a deadline, and on Windows never opened.
func TestOpenNeverWaitsOnASpecialFile(t *testing.T) {
	dir := t.TempDir()
	fifo, err := namedPipe(t, dir)
	if err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, path := range []string{fifo, os.DevNull} {
		done := make(chan error, 3)
		go func() {
			_, _, err := OpenFile(path)
			done <- err
			_, err = OpenAppend(path, 0o600)
			done <- err
			_, err = ReadDir(path)
			done <- err
		}()
		for range 3 {
			select {
			case err := <-done:
				var nf *NotAFileError
				if !errors.As(err, &nf) || nf.Mode.IsRegular() {
					t.Errorf("%s: %v", path, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: the open waits", path)
			}
		}
	}
}

// TestWindowsDeviceNames: what Windows opens as a device, never as a file,
// whatever folder or extension it is given, is refused by name.
func TestWindowsDeviceNames(t *testing.T) {
	const dev = fs.ModeDevice | fs.ModeCharDevice
	for path, want := range map[string]fs.FileMode{
		`NUL`: dev, `nul.json`: dev, `C:\Users\ann\AppData\Local\eventdeck\NUL.json`: dev,
		`con`: dev, `CON:`: dev, `C:aux`: dev, `prn.txt`: dev, `COM1`: dev, `lpt9.log`: dev,
		`conin$`: dev, `CONOUT$`: dev, `nul .txt`: dev, `D:/games/Con`: dev,
		`\\.\pipe\eventdeck`: fs.ModeNamedPipe, `//./pipe/x`: fs.ModeNamedPipe, `\\?\pipe\x`: fs.ModeNamedPipe,
		`\\.\C:`: dev, `\\.\PhysicalDrive0`: dev, `\\?\GLOBALROOT\Device\Null`: dev,
	} {
		if got, ok := windowsDevice(path); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", path, got, ok, want)
		}
	}
	for _, path := range []string{`game.json`, `C:\Users\con\game.json`, `console.json`, `COM10`, `COM0`,
		`\\?\C:\Users\ann\game.json`, `\\?\UNC\server\share\game.json`, `\\server\share\nulls.json`,
		`LPT`, `nul2`, `C:\eventdeck\game.json.journal`} {
		if m, ok := windowsDevice(path); ok {
			t.Errorf("%s taken for a device (%v)", path, m)
		}
	}
}

// TestSaveExistsAtEveryInstant: while saves replace game.json over and
// over, a reader that opens it at any moment finds a whole save, the old
// or the new, never no file and never a part of one; and a reader that had
// the old one open goes on reading it whole.
func TestSaveExistsAtEveryInstant(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, SaveFile)
	version := func(i int) []byte { return bytes.Repeat([]byte{byte('a' + i%26)}, 64<<10) }
	if err := WriteFileAtomic(path, version(0), 0o600); err != nil {
		t.Fatal(err)
	}
	held, _, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	var stop atomic.Bool
	var wg sync.WaitGroup
	var reads atomic.Int64
	for range 2 {
		wg.Go(func() {
			for !stop.Load() {
				data, err := ReadFile(path, 1<<20)
				if err != nil {
					t.Errorf("a read between saves: %v", err)
					return
				}
				if len(data) != 64<<10 || bytes.Count(data, data[:1]) != len(data) {
					t.Errorf("a read between saves found %d bytes, mixed", len(data))
					return
				}
				reads.Add(1)
			}
		})
	}
	for i := 1; i <= 100; i++ {
		if err := WriteFileAtomic(path, version(i), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for reads.Load() < 10 && !t.Failed() { // the readers had their chance
		time.Sleep(time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	old := make([]byte, 64<<10)
	if n, err := held.ReadAt(old, 0); n != len(old) || !bytes.Equal(old, version(0)) {
		t.Errorf("the save a reader held open: %d bytes, %v", n, err)
	}
	if fi, err := os.Stat(path); err != nil || !hasMode(fi, 0o600) {
		t.Errorf("the save is not private: %v, %v", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("saves left files beside the save: %v", entries)
	}
}

// A state folder's name that something else has is said for what it is
// (issue 38: under wine, `--state-dir NUL` said "mkdir NUL: Path not
// found"): a file, a named pipe (a FIFO; on Windows \\.\pipe\…), a
// device; nothing waits on the pipe.
func TestLockSaysWhatHasTheFoldersName(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{file: "it is a file, not a folder"}
	if fifo, err := namedPipe(t, dir); err == nil {
		cases[fifo] = "it is a named pipe (FIFO), not a folder"
	}
	if runtime.GOOS == "windows" {
		cases["NUL"] = "it is a device, not a folder"
	} else {
		cases["/dev/null"] = "it is a device, not a folder"
	}
	for path, want := range cases {
		err := NewStore(path).Lock()
		if err == nil || !strings.Contains(err.Error(), "the state folder could not be made: "+path+": "+want) {
			t.Errorf("%s: %v; want %q", path, err, want)
		}
	}
}

// TestNoFolderIsMadeAtAPipe: a folder eventdeck makes (the state folder,
// the journal's, a file's, the crash reports') whose name a named pipe has
// is refused, and the pipe is never opened: a FIFO is not waited on, and
// a Windows pipe (\\.\pipe\…) is not connected to, which would take one
// of its server's instances (namedPipe fails the test then).
func TestNoFolderIsMadeAtAPipe(t *testing.T) {
	g := newTestGame(3)
	if err := g.Do(drawOne); err != nil {
		t.Fatal(err)
	}
	for what, make := range map[string]func(pipe string) error{
		"the state folder": func(pipe string) error { return NewStore(pipe).Lock() },
		"the journal's": func(pipe string) error {
			_, _, err := NewStore(pipe).Append(g.Snapshot())
			return err
		},
		"a save's": func(pipe string) error {
			return WriteFileAtomic(filepath.Join(pipe, SaveFile), []byte("{}"), 0o600)
		},
		"the crash reports'": func(pipe string) error {
			_, err := WriteCrashReport(pipe, []byte("report"))
			return err
		},
	} {
		t.Run(what, func(t *testing.T) {
			pipe, err := namedPipe(t, t.TempDir())
			if err != nil {
				t.Skip("no FIFOs here:", err)
			}
			if err := make(pipe); err == nil {
				t.Errorf("%s was made at %s", what, pipe)
			}
		})
	}
}
