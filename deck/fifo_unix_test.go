//go:build unix

package deck

import "syscall"

// mkfifo makes a FIFO at path for a test.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
