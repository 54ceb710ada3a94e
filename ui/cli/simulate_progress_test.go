package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// longRun is a simulation of many seconds: the runs below are stopped
// once they have shown, or not shown, their progress.
var longRun = []string{"simulate", "--games", "2000000", "--turns", "1000"}

// TestSimulateShowsProgressOnATerminal: a long run shows its progress on a
// terminal's stderr after a second; with --json or --csv, or with stderr
// not a terminal, it writes nothing until its figures, however long.
func TestSimulateShowsProgressOnATerminal(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	// All four runs start together: the three that must stay quiet have run
	// as long as the one that shows its progress, and half a second more,
	// when they are read (where progress showed once, it would show again).
	s := onSilentTerminal(t, bin, nil, longRun...)
	var quiet []*silentTerminal
	for _, extra := range []string{"--json", "--csv"} {
		quiet = append(quiet, onSilentTerminal(t, bin, nil, append(longRun, extra)...))
	}
	cmd := testexec.Command(t, time.Minute, bin, longRun...)
	cmd.Env = withoutCI(os.Environ())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	took := s.waitFor(" games ", 10*time.Second)
	if out := s.output(); !strings.Contains(out, "simulating ") || !strings.Contains(out, " of 10,000,000 games") {
		t.Fatalf("no progress: %q", out)
	}
	time.Sleep(took + 500*time.Millisecond - time.Since(s.start))
	for i, q := range quiet {
		if out := q.output(); strings.Contains(out, "simulating") || strings.Contains(out, " games ") {
			t.Errorf("%s: progress on the terminal: %q", []string{"--json", "--csv"}[i], out)
		}
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if out.Len()+errOut.Len() > 0 {
		t.Errorf("stderr not a terminal: %q %q", out.String(), errOut.String())
	}
}
