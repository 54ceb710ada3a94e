package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
)

// runTable runs the table command as on a terminal, with its own config
// folder; every case here ends before a screen opens.
func runTable(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(args, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS(), Terminal: true})
	if out.Len() > 0 {
		t.Errorf("eventdeck %s wrote to the screen: %q", strings.Join(args, " "), out.String())
	}
	return code, errOut.String()
}

func TestResumeRefusesGameOptions(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := savedGame(t, 2)
	for flag, args := range map[string][]string{
		"game":      {"--game", "rivals"},
		"expansion": {"--expansion", "seafarers"},
		"seed":      {"--seed", "3"},
	} {
		code, msg := runTable(t, append([]string{"--resume", "--state-dir", dir}, args...)...)
		want := "eventdeck: --resume cannot go with --" + flag + ": a resumed game keeps its own game and options\n"
		if code != ExitUsage || msg != want {
			t.Errorf("--resume %v: exit %d, %q", args, code, msg)
		}
	}
}

func TestRememberedCardGameWithExpansion(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	if err := os.MkdirAll(filepath.Join(cfg, "eventdeck"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "eventdeck", "setup.json"), []byte(`{"game":"card-game","players":["Ann","Bob"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, msg := runTable(t, "--expansion", "seafarers", "--new", "--state-dir", t.TempDir())
	if code != ExitUsage || strings.Contains(msg, "want\n") || !strings.Contains(msg, "--expansion is not an option of card-game") || !strings.Contains(msg, "--game") {
		t.Fatalf("exit %d, %q", code, msg)
	}
}

func TestResumeWithNothingToResume(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	empty := t.TempDir()
	code, msg := runTable(t, "--resume", "--state-dir", empty)
	if code != ExitUsage || msg != "eventdeck: no saved game to resume in "+empty+"\n" {
		t.Fatalf("no save: exit %d, %q", code, msg)
	}
	// The save and its backup both broken: the same exit and the same
	// reason every time the same file is met.
	var reasons []string
	for range 3 {
		dir := t.TempDir()
		st := deck.NewStore(dir)
		bad := `{"format":"eventdeck","version":1,"history":[],"state":{"ruleset":"catan","options":{"b":"1","a":"2","c":"3"},"players":[{"name":"Ann"}],"year":1,"current":0,"history_len":0,"rng":"AA=="}}`
		_ = os.WriteFile(st.Path(), []byte(bad), 0o600)
		_ = os.WriteFile(st.BackupPath(), []byte("junk"), 0o600)
		code, msg := runTable(t, "--resume", "--state-dir", dir)
		reason, _, ok := strings.Cut(msg, "; it was moved to "+dir)
		if code != ExitUsage || !ok || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "eventdeck: no game to resume: the save could not be read") {
			t.Fatalf("both broken: exit %d, %q", code, msg)
		}
		reasons = append(reasons, reason)
	}
	if reasons[0] != reasons[1] || reasons[1] != reasons[2] {
		t.Fatalf("the same file, other words: %q", reasons)
	}
}

// TestNotAFileAtTheSaveExits2: the table, --resume, --resume NAME and
// export refuse a FIFO, a folder, a socket or a device at a save's name at
// once (opening a FIFO would wait forever), in one line with exit 2 (nothing
// loadable, as the README says), and leave it there.
func TestNotAFileAtTheSaveExits2(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for kind, make := range notFiles {
		t.Run(kind, func(t *testing.T) {
			for _, name := range []string{deck.SaveFile, "game-20250114-201400.json"} {
				dir := t.TempDir()
				path := filepath.Join(dir, name)
				make(t, path)
				runs := [][]string{{"--resume", "game-20250114-201400", "--state-dir", dir}}
				if name == deck.SaveFile {
					runs = [][]string{{"--state-dir", dir}, {"--resume", "--state-dir", dir}, {"export", "--state-dir", dir}}
				}
				for _, args := range runs {
					var code int
					var out, msg string
					if args[0] == "export" {
						code, out, msg = run(args...)
					} else {
						code, msg = runTable(t, args...)
					}
					if code != ExitUsage || out != "" || !strings.Contains(msg, notFileWords[kind]) || strings.Count(msg, "\n") != 1 {
						t.Errorf("%v: exit %d, %q", args, code, msg)
					}
				}
				if fi, err := os.Lstat(path); err != nil || fi.Mode().IsRegular() {
					t.Fatalf("the %s at %s was moved or replaced", kind, name)
				}
			}
		})
	}
}

// TestStartRemovesStaleTemps: a start clears the temp files killed saves
// left in the state folder.
func TestStartRemovesStaleTemps(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	stale := filepath.Join(dir, ".game.json.314159.tmp")
	_ = os.WriteFile(stale, []byte("half a save"), 0o600)
	old := time.Now().Add(-2 * deck.StaleTemp)
	_ = os.Chtimes(stale, old, old)
	if code, _ := runTable(t, "--resume", "--state-dir", dir); code != ExitUsage {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Fatal("the stale temp file is still there")
	}
}
