// Package testexec starts programs for tests with a time limit, so that a
// stuck program fails its test by name instead of hanging the whole run
// until go test's own timeout (as CI once saw).
package testexec

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// Command is exec.Command with a time limit: past limit the program and
// its process group are killed (the test's log says so), and Wait gives
// up 2 s later on output a grandchild still holds open.
func Command(t testing.TB, limit time.Duration, name string, args ...string) *exec.Cmd {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, name, args...)
	ownGroup(cmd, false)
	cmd.Cancel = func() error {
		t.Logf("%s %v: still running after %s; killed", name, args, limit)
		return killGroup(cmd)
	}
	cmd.WaitDelay = 2 * time.Second
	return cmd
}

// Guard gives cmd, made by a library that starts it (a browser for
// chromedp), what Command gives: its own process group, killed past limit
// or once the test ends, and a Wait that gives up 2 s after.
func Guard(t testing.TB, limit time.Duration, cmd *exec.Cmd) {
	t.Helper()
	ownGroup(cmd, true)
	kill := func() error {
		if cmd.Process == nil {
			return nil
		}
		return killGroup(cmd)
	}
	cmd.Cancel = kill
	cmd.WaitDelay = 2 * time.Second
	timer := time.AfterFunc(limit, func() {
		t.Logf("%s: still running after %s; killed", cmd.Path, limit)
		_ = kill()
	})
	t.Cleanup(func() {
		timer.Stop()
		_ = kill()
	})
}
