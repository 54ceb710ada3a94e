package cli

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// The tests' few calls that differ per OS, for Windows: the tests that use
// them drive tmux, script(1) or FIFOs and skip or fail there; these keep
// the package's tests compiling (GOOS=windows go vet).

func killPid(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

func killGroup(pid int) error { return killPid(pid) }

func pidAlive(pid int) bool {
	_, err := os.FindProcess(pid) // opens the process: fails once it is gone
	return err == nil
}

func mkfifo(string) error { return errors.ErrUnsupported }

func cpuNow(t *testing.T) time.Duration {
	t.Helper()
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		t.Fatal(err)
	}
	var created, exited, kernel, user syscall.Filetime
	if err := syscall.GetProcessTimes(h, &created, &exited, &kernel, &user); err != nil {
		t.Fatal(err)
	}
	// A Filetime's count is of 100 ns; Nanoseconds reads it as a date.
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100)
}
