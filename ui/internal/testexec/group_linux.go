package testexec

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, so that killGroup
// ends its children too; withParent also kills it when this test process
// dies (Linux's parent-death signal).
func ownGroup(cmd *exec.Cmd, withParent bool) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if withParent {
		cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	}
}

// killGroup kills cmd's process group.
func killGroup(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
