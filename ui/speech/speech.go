// Package speech reads the table's numbers aloud with the speech program
// the OS has: espeak-ng, espeak or spd-say on Linux, say on macOS, and
// Windows' own voices (System.Speech) through Windows PowerShell. The
// programs looked for, and the line the table shows when none is there,
// are per OS (speech_linux.go, speech_darwin.go, speech_windows.go); how
// each program is given its text is here, for every OS, so it is tested
// on any.
package speech

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Speaker is a speech program found on this computer.
type Speaker struct {
	// Path is the program.
	Path string
}

// Find returns the first of this OS's speech programs (Programs) that is
// installed, looked up on PATH; ok is false when there is none (the table
// then says Missing).
func Find() (s Speaker, ok bool) {
	for _, name := range Programs {
		if p, err := exec.LookPath(name); err == nil {
			return Speaker{Path: p}, true
		}
	}
	return Speaker{}, false
}

// TextEnv is the environment variable that carries the text to
// PowerShell: the text is never part of the command PowerShell runs, so no
// quote or $ in it can change what runs.
const TextEnv = "EVENTDECK_SAY"

// psSpeak is the PowerShell command that says $env:EVENTDECK_SAY with
// Windows' default voice (System.Speech: Windows PowerShell 5.1, on every
// Windows since 7), then writes spokenMark. Every error stops it
// (PowerShell's exit status is only its last statement's: without Stop, a
// Speak that throws, with no voice installed, is followed by a Dispose
// that succeeds, and the run looks spoken).
const psSpeak = "$ErrorActionPreference = 'Stop'; " +
	"Add-Type -AssemblyName System.Speech; " +
	"$s = New-Object System.Speech.Synthesis.SpeechSynthesizer; " +
	"$s.Speak($env:" + TextEnv + "); $s.Dispose(); '" + spokenMark + "'"

// spokenMark is what psSpeak writes once the text is said. A powershell.exe
// that exits 0 without it did not speak: wine's, a stub that runs nothing.
const spokenMark = "spoken"

// waitAfterKill is how long Say waits for a stopped program's output.
const waitAfterKill = time.Second

// Command is the command that says text with s: PowerShell gets a fixed
// command and the text in TextEnv; every other program gets the text as
// its one argument (no shell: nothing in it is interpreted).
func (s Speaker) Command(ctx context.Context, text string) *exec.Cmd {
	if s.powerShell() {
		cmd := exec.CommandContext(ctx, s.Path, "-NoProfile", "-NonInteractive", "-Command", psSpeak)
		cmd.Env = append(cmd.Environ(), TextEnv+"="+text)
		return cmd
	}
	return exec.CommandContext(ctx, s.Path, text)
}

// Say reads text aloud and returns once it is said, or when ctx ends (the
// program is then stopped).
//
// PowerShell must say it is done (spokenMark): one that runs and writes
// nothing back did not speak, and the error says reading aloud is not
// available, with PowerShell's own first line of error when it gave one.
func (s Speaker) Say(ctx context.Context, text string) error {
	cmd := s.Command(ctx, text)
	cmd.WaitDelay = waitAfterKill
	var out, errOut bytes.Buffer
	if s.powerShell() {
		cmd.Stdout, cmd.Stderr = &out, &errOut
	}
	err := cmd.Run()
	if s.powerShell() && ctx.Err() == nil && (err != nil || !strings.Contains(out.String(), spokenMark)) {
		why := "ran but did not speak"
		if cmd.Process == nil {
			why = "could not start"
		}
		if line := firstLine(errOut.String()); line != "" {
			why += ": " + line
		} else if err != nil {
			why += ": " + err.Error()
		}
		return fmt.Errorf("reading aloud is not available: %s %s", s.Path, why)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", s.Path, err)
	}
	return nil
}

// firstLine is the first line of s that is not blank, trimmed, at most
// 120 bytes (PowerShell's errors run over many lines), with every
// character a terminal would act on (escapes, controls) replaced: it is
// shown on the table.
func firstLine(s string) string {
	// PowerShell ends its lines with CRLF and indents with tabs.
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", " ").Replace(s)
	s = strings.Map(func(r rune) rune {
		if r != '\n' && !unicode.IsPrint(r) {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, string(utf8.RuneError)))
	for line := range strings.Lines(s) {
		if line = strings.TrimSpace(line); line != "" {
			if len(line) > 120 {
				line = strings.ToValidUTF8(line[:120], "") + "…"
			}
			return line
		}
	}
	return ""
}

// powerShell reports whether s is Windows PowerShell (or PowerShell 7).
func (s Speaker) powerShell() bool {
	name := strings.ToLower(filepath.Base(strings.ReplaceAll(s.Path, `\`, "/")))
	name = strings.TrimSuffix(name, ".exe")
	return name == "powershell" || name == "pwsh"
}
