package deck

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func saveGame(t *testing.T, st *Store, g *Game, seq uint64) []byte {
	t.Helper()
	data := mustEncode(t, g)
	if err := st.Save(seq, data); err != nil {
		t.Fatal(err)
	}
	return data
}

// TestStoreSavesKeepsBackupAndLoads: a save and the save before it (the
// backup) are written, private (0600; on Windows, which has no such modes,
// not read-only), in a state folder made for them; a late older save never
// overwrites a newer one; the save loads as the game it was; no temp file
// is left.
func TestStoreSavesKeepsBackupAndLoads(t *testing.T) {
	st := NewStore(filepath.Join(t.TempDir(), "state", "eventdeck"))
	g := newTestGame(1)
	_ = g.Do(drawOne)
	first := saveGame(t, st, g, 1)
	_ = g.Do(drawOne)
	second := saveGame(t, st, g, 2)
	if b, _ := os.ReadFile(st.Path()); !bytes.Equal(b, second) {
		t.Fatal("the save is not the last game")
	}
	if b, _ := os.ReadFile(st.BackupPath()); !bytes.Equal(b, first) {
		t.Fatal("the backup is not the save before")
	}
	for _, p := range []string{st.Path(), st.BackupPath()} {
		if fi, _ := os.Stat(p); !hasMode(fi, 0o600) {
			t.Errorf("%s has mode %v, want 0600", p, fi.Mode().Perm())
		}
	}
	// An older save arriving late never overwrites a newer one.
	if err := st.Save(1, first); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(st.Path()); !bytes.Equal(b, second) {
		t.Fatal("a late older save overwrote the newer one")
	}
	got, err := st.Load(nil)
	if err != nil || got.Game == nil || got.FromBackup || got.Problem != nil {
		t.Fatalf("Load: %+v %v", got, err)
	}
	if !bytes.Equal(mustEncode(t, got.Game), second) {
		t.Fatal("loaded game differs from the saved one")
	}
	entries, _ := os.ReadDir(st.Dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temp file left behind: %s", e.Name())
		}
	}
}

func TestStoreNoSave(t *testing.T) {
	st := NewStore(t.TempDir())
	got, err := st.Load(nil)
	if err != nil || got.Game != nil || got.Problem != nil {
		t.Fatalf("Load of nothing: %+v %v", got, err)
	}
}

func TestStoreBrokenSaves(t *testing.T) {
	g := newTestGame(3)
	_ = g.Do(drawOne)
	good := mustEncode(t, g)
	newer := bytes.Replace(good, []byte(fmt.Sprintf(`"version":%d`, FormatVersion)), []byte(`"version":99`), 1)
	hostile := []byte(`{"format":"eventdeck","version":1,"history":[],"state":{"ruleset":"x","players":[{"name":"a"}],"year":1,"current":5,"rng":""}}`)
	cases := map[string][]byte{
		"truncated": good[:len(good)/3],
		"corrupt":   bytes.Replace(good, []byte(`"draw"`), []byte(`"dr@w"`), 1),
		"hostile":   hostile,
		"newer":     newer,
		"empty":     nil,
	}
	for name, data := range cases {
		for _, withBackup := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s backup=%v", name, withBackup), func(t *testing.T) {
				st := NewStore(t.TempDir())
				if withBackup {
					if err := os.WriteFile(st.BackupPath(), good, 0o600); err != nil {
						t.Fatal(err)
					}
				}
				if err := os.WriteFile(st.Path(), data, 0o600); err != nil {
					t.Fatal(err)
				}
				got, err := st.Load(nil)
				if err != nil {
					t.Fatal(err)
				}
				if got.Problem == nil || got.MovedTo == "" {
					t.Fatalf("a %s save loaded without a problem: %+v", name, got)
				}
				if name == "newer" && !strings.Contains(got.Problem.Error(), "newer version") {
					t.Errorf("newer save: %v", got.Problem)
				}
				moved, err := os.ReadFile(got.MovedTo)
				if err != nil || !bytes.Equal(moved, data) {
					t.Fatalf("the broken save was not kept as it was at %s: %v", got.MovedTo, err)
				}
				if _, err := os.Stat(st.Path()); !os.IsNotExist(err) {
					t.Fatal("the broken save is still in place")
				}
				if withBackup != (got.Game != nil) || got.FromBackup != withBackup {
					t.Fatalf("backup=%v but loaded %+v", withBackup, got)
				}
			})
		}
	}
	// A second broken save never overwrites the first one moved aside.
	st := NewStore(t.TempDir())
	var moved []string
	for range 3 {
		_ = os.WriteFile(st.Path(), []byte("junk"), 0o600)
		got, _ := st.Load(nil)
		moved = append(moved, got.MovedTo)
	}
	if moved[0] == moved[1] || moved[1] == moved[2] || moved[0] == moved[2] {
		t.Fatalf("broken saves moved to the same name: %v", moved)
	}
}

func TestStoreArchive(t *testing.T) {
	st := NewStore(t.TempDir())
	if p, err := st.Archive(); p != "" || err != nil {
		t.Fatalf("archive of nothing: %q %v", p, err)
	}
	g := newTestGame(1)
	data := saveGame(t, st, g, 1)
	p, err := st.Archive()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, data) {
		t.Fatal("archived game differs")
	}
	if got, _ := st.Load(nil); got.Game != nil {
		t.Fatal("the archived game is still the save")
	}
}

// TestCrashWhileSaving kills a child process that draws and saves as fast as
// it can, at random moments, many times. Every time, the save must load and
// hold every draw the child reported as saved (and at most one more).
func TestCrashWhileSaving(t *testing.T) {
	if os.Getenv("EVENTDECK_CRASH_CHILD") != "" {
		return // the child's work is in TestCrashChild
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 7))
	prev := 0 // draws in the save before the round: the child resumes from it
	for round := range 25 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "EVENTDECK_CRASH_CHILD="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		committed := make(chan int, 1<<16)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if n, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "saved ")); err == nil {
					committed <- n
				}
			}
			close(committed)
		}()
		time.Sleep(time.Duration(20+rng.IntN(120)) * time.Millisecond)
		_ = cmd.Process.Kill() // SIGKILL: no chance to tidy up
		last := -1
		for n := range committed {
			last = n
		}
		_ = cmd.Wait()
		got, err := NewStore(dir).Load(nil)
		if err != nil || got.Problem != nil || (last >= 0 && got.Game == nil) {
			t.Fatalf("round %d: after a kill the save does not load: %+v %v", round, got, err)
		}
		if got.Game == nil {
			continue
		}
		// Every reported save is there, and at most one more (saved, then
		// killed before it could say so).
		want := max(prev, last)
		t.Logf("round %d: killed after saving draw %d; the save holds %d", round, want, got.Game.Now.Draws)
		if n := got.Game.Now.Draws; n < want || n > want+1 {
			t.Fatalf("round %d: the child saved draw %d, the save holds %d", round, want, n)
		}
		prev = got.Game.Now.Draws
	}
}

// TestCrashChild is the child of TestCrashWhileSaving: it resumes the game
// in EVENTDECK_CRASH_CHILD, then draws and saves until it is killed.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv("EVENTDECK_CRASH_CHILD")
	if dir == "" {
		t.Skip("run by TestCrashWhileSaving")
	}
	st := NewStore(dir)
	loaded, err := st.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	g := loaded.Game
	if g == nil {
		g = newTestGame(11)
	}
	for seq := uint64(1); ; seq++ {
		if err := g.Do(drawOne); err != nil {
			t.Fatal(err)
		}
		data, err := Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Save(seq, data); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("saved %d\n", g.Now.Draws)
	}
}
