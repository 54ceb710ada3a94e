//go:build unix

package cli

import (
	"syscall"
	"testing"
	"time"
)

// The tests' few calls that differ per OS (Windows: proc_windows_test.go).

// killPid kills the process pid at once (SIGKILL).
func killPid(pid int) error { return syscall.Kill(pid, syscall.SIGKILL) }

// killGroup kills the process group that pid leads.
func killGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }

// pidAlive reports whether the process pid still runs.
func pidAlive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// mkfifo makes a FIFO at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }

// cpuNow is the process's CPU time so far, all threads, user and system.
func cpuNow(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
