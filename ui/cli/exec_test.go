package cli

import (
	"context"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// command is exec.Command with a time limit, for every program a test
// starts: past limit the program and its process group are killed, and
// Wait gives up on output a grandchild still holds open 2 s later. A test
// that meets a stuck program fails with the program's name, instead of
// hanging the whole run until go test's own timeout.
func command(t *testing.T, limit time.Duration, name string, args ...string) *exec.Cmd {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		t.Logf("%s %v: still running after %s; killed", name, args, limit)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 2 * time.Second
	return cmd
}
