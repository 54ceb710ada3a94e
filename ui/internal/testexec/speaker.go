package testexec

import (
	"os"
	"path/filepath"
	"testing"
)

// FakeSpeaker writes a speech command called name that records what it
// is told to say, and returns its path and the file it writes.
func FakeSpeaker(t testing.TB, name string) (path, said string) {
	t.Helper()
	dir := t.TempDir()
	said = filepath.Join(dir, "said.txt")
	path = filepath.Join(dir, name)
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + said + "'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, said
}
