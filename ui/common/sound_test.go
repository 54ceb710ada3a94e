package common

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

func TestFindSpeakerLooksOnPath(t *testing.T) {
	path, _ := testexec.FakeSpeaker(t, "espeak-ng")
	t.Setenv("PATH", filepath.Dir(path))
	if got := FindSpeaker(); got != path {
		t.Fatalf("FindSpeaker = %q, want %q", got, path)
	}
	t.Setenv("PATH", t.TempDir())
	if got := FindSpeaker(); got != "" {
		t.Fatalf("no speaker installed, found %q", got)
	}
}

// Issue 28: a speech program that never ends is stopped: the table hears
// it failed, and nothing is left running.
func TestSpeechThatHangsIsStopped(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep program")
	}
	msg := speakWithin(sleep, "3600", 50*time.Millisecond)()
	if sm, ok := msg.(SpokenMsg); !ok || sm.Err == nil {
		t.Fatalf("a speech program that hangs: %#v", msg)
	}
}
