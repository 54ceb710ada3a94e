//go:build unix

package web

import "syscall"

// openFiles raises the soft limit on open files to the hard limit (Go
// does so itself at start on most systems; a limit lowered since is
// raised again) and returns the soft limit now.
func openFiles() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = raised.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			lim = raised
		}
	}
	if lim.Cur > 1<<30 {
		return 1 << 30
	}
	return int(lim.Cur)
}
