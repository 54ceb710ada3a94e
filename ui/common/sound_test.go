package common

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// fakeSpeaker writes a speech command that records what it is told to
// say, and returns its path and the file it writes.
func fakeSpeaker(t *testing.T, name string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "said.txt")
	path := filepath.Join(dir, name)
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + out + "'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, out
}

func TestFindSpeakerLooksOnPath(t *testing.T) {
	path, _ := fakeSpeaker(t, "espeak-ng")
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
