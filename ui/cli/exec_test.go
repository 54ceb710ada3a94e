package cli

import (
	"os/exec"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// command is testexec.Command: every program a test starts has a limit.
func command(t *testing.T, limit time.Duration, name string, args ...string) *exec.Cmd {
	t.Helper()
	return testexec.Command(t, limit, name, args...)
}
