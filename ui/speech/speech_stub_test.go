package speech

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A powershell.exe that runs and says nothing back did not speak: wine
// 8.0's is a stub that exits 0 and runs nothing, and there the table went
// on in silence without a word. Now Say says reading aloud is not
// available; a PowerShell that fails gives its own first line of error.
func TestPowerShellThatDoesNotSpeakIsSaid(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake programs are shell scripts")
	}
	for _, tc := range []struct {
		name, script, want string
	}{
		{"stub", "exit 0", "reading aloud is not available: %s ran but did not speak"},
		{"no voice", "echo 'Exception calling \"Speak\": No voice installed on the system' >&2\necho >&2\necho 'At line:1' >&2\nexit 1",
			"reading aloud is not available: %s ran but did not speak: Exception calling \"Speak\": No voice installed on the system"},
		// As PowerShell writes them: CRLF, a blank line first, a tab.
		{"crlf", "printf '\\r\\n\\tException calling \"Speak\": no voice\\r\\nAt line:1\\r\\n' >&2\nexit 1",
			"reading aloud is not available: %s ran but did not speak: Exception calling \"Speak\": no voice"},
		// Its words are shown on the table: a terminal's escape in them
		// is not passed on.
		{"escapes", "printf 'No voice\\033[2J\\033]0;title\\007 here\\n' >&2\nexit 1",
			"reading aloud is not available: %s ran but did not speak: No voice\uFFFD[2J\uFFFD]0;title\uFFFD here"},
	} {
		path := filepath.Join(t.TempDir(), "powershell.exe")
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		err := (Speaker{Path: path}).Say(context.Background(), "8 Epidemic")
		want := strings.Replace(tc.want, "%s", path, 1)
		if err == nil || err.Error() != want {
			t.Errorf("%s: Say = %v, want %q", tc.name, err, want)
		}
	}
	if !strings.HasPrefix(psSpeak, "$ErrorActionPreference = 'Stop'; ") || !strings.HasSuffix(psSpeak, "'"+spokenMark+"'") {
		t.Errorf("the PowerShell command stops at no error or says nothing when done: %s", psSpeak)
	}
}
