package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// hostile makes, at path, one of the things issue 32 put at every path
// eventdeck reads: a FIFO (reading it would wait forever), a folder, or a
// 9.2 MB file.
func hostile(t *testing.T, kind, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if kind == "huge" {
		if err := os.WriteFile(path, bytes.Repeat([]byte("#"), 9_650_000), 0o600); err != nil {
			t.Fatal(err)
		}
		return
	}
	notFiles[kind](t, path)
}

// hostileKinds are the kinds every path is tried with.
var hostileKinds = []string{"fifo", "folder", "huge"}

// runBinary runs the built binary without a terminal, with env added, and
// returns its exit status and output; a run that hangs is killed and fails.
func runBinary(t *testing.T, bin string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := testexec.Command(t, 20*time.Second, bin, args...)
	cmd.Env = append(withoutCI(os.Environ()), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("eventdeck %s: %v (it hangs?)", strings.Join(args, " "), err)
	}
	return code, out.String(), errOut.String()
}

// ownFolders is a config and a state folder of the test's own, as the
// binary's environment.
func ownFolders(t *testing.T) (config, state string, env []string) {
	config, state = t.TempDir(), t.TempDir()
	return filepath.Join(config, "eventdeck"), filepath.Join(state, "eventdeck"), []string{"XDG_CONFIG_HOME=" + config, "XDG_STATE_HOME=" + state}
}

// TestCardFilesNeverHang: a FIFO, a folder or a huge file among the card
// files is skipped with its reason in one line, at once, by draw (with
// --card-files none too), cards list and the table; ref goes on. A FIFO
// at the cards folder's name is said as well.
func TestCardFilesNeverHang(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	words := map[string]string{
		"fifo":   "bad.toml: it is a named pipe (FIFO), not a file",
		"folder": "bad.toml: it is a folder, not a file",
		"huge":   "bad.toml:1:1: the file has 9.2 MB; a card file has at most 64 KB",
	}
	for _, kind := range hostileKinds {
		t.Run(kind, func(t *testing.T) {
			config, _, env := ownFolders(t)
			hostile(t, kind, filepath.Join(config, "cards", "bad.toml"))
			for _, args := range [][]string{{"draw", "--count", "1"}, {"draw", "--count", "1", "--card-files", "none"}, {"cards", "list"}} {
				code, out, msg := runBinary(t, bin, env, args...)
				if code != ExitOK || out == "" || !strings.HasPrefix(msg, "Card file bad.toml skipped: ") || !strings.HasSuffix(msg, words[kind]+"\n") || strings.Count(msg, "\n") != 1 {
					t.Errorf("%v: exit %d, stderr %q", args, code, msg)
				}
			}
			if code, out, _ := runBinary(t, bin, env, "ref", "robber"); code != ExitOK || out == "" {
				t.Errorf("ref: exit %d", code)
			}
			s := onSilentTerminal(t, bin, env, "--players", "Ann,Bob", "--new")
			s.waitFor("Card file bad.toml skipped", guardFor(kind))
		})
	}
	t.Run("folder-is-a-fifo", func(t *testing.T) {
		config, _, env := ownFolders(t)
		hostile(t, "fifo", filepath.Join(config, "cards"))
		code, _, msg := runBinary(t, bin, env, "draw", "--count", "1")
		if code != ExitOK || !strings.HasSuffix(msg, "cards: it is a named pipe (FIFO), not a folder\n") || strings.Count(msg, "\n") != 1 {
			t.Errorf("draw: exit %d, stderr %q", code, msg)
		}
	})
}

// guardFor is how long a program may take on the hostile kind: a FIFO
// would wait for ever, so only a hang is caught there; on the others a
// screen must come before a terminal query's 5 s.
func guardFor(kind string) time.Duration {
	if kind == "fifo" {
		return foreverGuard
	}
	return hangGuard
}

// TestSetupFileNeverHangs: a FIFO or a folder at the remembered setup's
// name is ignored with a notice (and left there), and a huge file is moved
// aside as a broken one is: the setup screen, a quick start and serve all
// show their first screen.
func TestSetupFileNeverHangs(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	words := map[string]string{
		"fifo":   "The remembered setup was ignored",
		"folder": "The remembered setup was ignored",
		"huge":   "The remembered setup could not be read; it was moved to",
	}
	for _, kind := range hostileKinds {
		t.Run(kind, func(t *testing.T) {
			for _, args := range [][]string{{}, {"--players", "Ann,Bob", "--new"}, {"serve", "--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--players", "Ann,Bob", "--new"}} {
				config, _, env := ownFolders(t)
				path := filepath.Join(config, "setup.json")
				hostile(t, kind, path)
				s := onSilentTerminal(t, bin, env, args...)
				s.waitFor(words[kind], guardFor(kind))
				if fi, err := os.Lstat(path); kind != "huge" && (err != nil || fi.Mode().IsRegular()) {
					t.Errorf("%v: the %s at setup.json was moved or replaced", args, kind)
				}
			}
		})
	}
}

// TestSavesNeverHang: a FIFO, a folder or a huge file at the save, its
// backup or an archived game: games lists it with its reason, export and
// --resume exit 2 in one line, at once.
func TestSavesNeverHang(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	for _, kind := range hostileKinds {
		for _, name := range []string{"game.json", "game.json.bak", "game-20250114-201400.json"} {
			t.Run(kind+"/"+name, func(t *testing.T) {
				_, state, env := ownFolders(t)
				hostile(t, kind, filepath.Join(state, name))
				code, out, msg := runBinary(t, bin, env, "games", "--all")
				if code != ExitOK || !strings.Contains(out, "could not be read") || msg != "" {
					t.Errorf("games: exit %d, %q %q", code, out, msg)
				}
				resume := []string{"--resume"}
				if strings.HasPrefix(name, "game-") {
					resume = append(resume, "game-20250114-201400")
				} else {
					code, _, msg := runBinary(t, bin, env, "export")
					if code != ExitUsage || strings.Count(msg, "\n") != 1 {
						t.Errorf("export: exit %d, %q", code, msg)
					}
				}
				s := onSilentTerminal(t, bin, env, resume...)
				if out := s.ended(guardFor(kind)); !strings.Contains(out, "eventdeck: ") || strings.Contains(out, "\x1b[?1049h") {
					t.Errorf("%v: %q", resume, out)
				}
				if code := s.cmd.ProcessState.ExitCode(); code != ExitUsage {
					t.Errorf("%v: exit %d", resume, code)
				}
			})
		}
	}
}

// TestServeKeyFilesNeverHang: a FIFO, a folder or a huge file at serve's
// remembered keys or its host key, or a FIFO or a folder at its log
// (EVENTDECK_SSH_LOG: a huge log is appended to), stops serve at once with
// one line naming it, and is left there.
func TestServeKeyFilesNeverHang(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	bin := builtBinary(t)
	for _, kind := range hostileKinds {
		for _, name := range []string{"player_keys", "ssh_host_ed25519_key", "ssh.log"} {
			if name == "ssh.log" && kind == "huge" {
				continue
			}
			t.Run(kind+"/"+name, func(t *testing.T) {
				_, state, env := ownFolders(t)
				path := filepath.Join(state, name)
				hostile(t, kind, path)
				env = append(env, "EVENTDECK_SSH_LOG="+filepath.Join(state, "ssh.log"))
				s := onSilentTerminal(t, bin, env, "serve", "--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--players", "Ann,Bob", "--new")
				out := s.ended(guardFor(kind))
				if !strings.Contains(out, "eventdeck: ") || !strings.Contains(out, name) {
					t.Errorf("%q", out)
				}
				if code := s.cmd.ProcessState.ExitCode(); code != ExitError {
					t.Errorf("exit %d", code)
				}
				if fi, err := os.Lstat(path); err != nil || kind != "huge" && fi.Mode().IsRegular() {
					t.Errorf("the %s at %s was moved or replaced", kind, name)
				}
			})
		}
	}
}
