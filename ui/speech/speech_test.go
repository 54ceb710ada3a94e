package speech

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// fakeProgram writes a program called name that records its arguments and
// $EVENTDECK_SAY, one a line, and says it spoke (as psSpeak does), and
// returns its path and the record.
func fakeProgram(t *testing.T, name string) (string, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake programs are shell scripts")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "said.txt")
	path := filepath.Join(dir, name)
	script := "#!/bin/sh\nfor a in \"$@\"; do printf 'arg:%s\\n' \"$a\"; done >> '" + out + "'\n" +
		"printf 'env:%s\\n' \"$" + TextEnv + "\" >> '" + out + "'\n" +
		"echo " + spokenMark + "\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, out
}

func TestFindLooksOnPath(t *testing.T) {
	path, _ := fakeProgram(t, Programs[len(Programs)-1])
	t.Setenv("PATH", filepath.Dir(path))
	if s, ok := Find(); !ok || s.Path != path {
		t.Fatalf("Find = %q %v, want %q", s.Path, ok, path)
	}
	t.Setenv("PATH", t.TempDir())
	if s, ok := Find(); ok {
		t.Fatalf("no speech program installed, found %q", s.Path)
	}
	if !strings.HasPrefix(Missing, "No speech command found: ") || !strings.Contains(Missing, Programs[0]) {
		t.Errorf("Missing does not name what this OS would use: %q", Missing)
	}
}

// Every program but PowerShell gets the text as its one argument, as
// espeak-ng, spd-say and say take it.
func TestSayGivesTheTextAsOneArgument(t *testing.T) {
	path, said := fakeProgram(t, "espeak-ng")
	if err := (Speaker{Path: path}).Say(context.Background(), "8 Epidemic"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(said); string(got) != "arg:8 Epidemic\nenv:\n" {
		t.Fatalf("the program got %q", got)
	}
}

// PowerShell (Windows) runs one fixed command; the text reaches it only in
// its environment, so quotes, $ and ; in a title never become code.
func TestPowerShellGetsTheTextInItsEnvironment(t *testing.T) {
	for _, name := range []string{"powershell", "powershell.exe", "pwsh"} {
		path, said := fakeProgram(t, name)
		text := `7 "; Remove-Item -Recurse ~ ; $(calc) '` + "`" + `whoami` + "`"
		if err := (Speaker{Path: path}).Say(context.Background(), text); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(said)
		want := "arg:-NoProfile\narg:-NonInteractive\narg:-Command\narg:" + psSpeak + "\nenv:" + text + "\n"
		if string(got) != want {
			t.Fatalf("%s got\n%s\nwant\n%s", name, got, want)
		}
	}
	if strings.Contains(psSpeak, "{") || !strings.Contains(psSpeak, "$env:"+TextEnv) {
		t.Errorf("the PowerShell command: %s", psSpeak)
	}
}

// A program that hangs is stopped at the context's end.
func TestSayStopsAtTheDeadline(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep here")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := (Speaker{Path: sleep}).Say(ctx, "3600"); err == nil {
		t.Fatal("a hung program reported no error")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("stopped after %s", d)
	}
}
