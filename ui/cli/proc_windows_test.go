package cli

import (
	"errors"
	"os"
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
	t.Skip("no getrusage on Windows")
	return 0
}
