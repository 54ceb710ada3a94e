package testexec

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own (Windows has no
// parent-death signal).
func ownGroup(cmd *exec.Cmd, _ bool) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills cmd (Windows kills a process, not its group: a child it
// started lives on, and WaitDelay ends the wait for it).
func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
