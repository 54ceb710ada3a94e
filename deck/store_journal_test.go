package deck

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// playRandomly makes n random changes to g (draws, undos, redos), appending
// each to the journal; fold folds now and then, as the saver does.
func playRandomly(t *testing.T, st *Store, g *Game, n int, rng *rand.Rand, fold bool) {
	t.Helper()
	for range n {
		changed := true
		switch r := rng.IntN(10); {
		case r < 6:
			if err := g.Do(drawOne); err != nil {
				t.Fatal(err)
			}
		case r < 8:
			changed = g.Undo()
		default:
			changed = g.Redo()
		}
		if !changed {
			continue
		}
		seq, due, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if fold && (due || rng.IntN(8) == 0) {
			if err := st.Fold(g.Snapshot(), seq, mustEncode(t, g)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Issue 32: every change appended is there for the next start, undo and
// redo included, whether or not the journal was folded since, as if the
// program were killed right after the last change.
func TestJournalKeepsEveryChange(t *testing.T) {
	for _, fold := range []bool{false, true} {
		dir := t.TempDir()
		st := NewStore(dir)
		saveGame(t, st, newTestGame(3), st.Reserve()) // reserved, as the saver does: a fold after it is written
		loaded, err := st.Load(nil)
		if err != nil || loaded.Game == nil {
			t.Fatal(loaded, err)
		}
		g := loaded.Game
		rng := rand.New(rand.NewPCG(1, 2))
		playRandomly(t, st, g, 300, rng, fold)
		// A kill: nothing closed, nothing folded. The next start reads.
		again, err := NewStore(dir).Load(nil)
		if err != nil || again.Game == nil {
			t.Fatal(again, err)
		}
		if want, got := mustEncode(t, g), mustEncode(t, again.Game); !bytes.Equal(want, got) {
			t.Fatalf("fold %v: the journal's game differs from the game played (draws %d, want %d)", fold, again.Game.Now.Draws, g.Now.Draws)
		}
	}
}

// A kill between a fold's save and its new journal leaves the old journal
// with its fold mark: the changes after the mark still count.
func TestJournalFoldMarkCountsAfterAKill(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	saveGame(t, st, newTestGame(5), 1)
	loaded, _ := st.Load(nil)
	g := loaded.Game
	var mid []byte
	var midSeq uint64
	for i := range 10 {
		_ = g.Do(drawOne)
		seq, _, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if i == 4 {
			mid, midSeq = mustEncode(t, g), seq
		}
	}
	// Fold's first half by hand: the mark, the save; then the kill.
	mark, _ := lineOf(journalLine{Op: "fold", Base: hashOf(mid), Lines: int(midSeq - st.jr.head)})
	if _, err := st.jr.f.Write(mark); err != nil {
		t.Fatal(err)
	}
	if err := st.save(st.Reserve(), mid); err != nil {
		t.Fatal(err)
	}
	again, err := NewStore(dir).Load(nil)
	if err != nil || again.Game == nil || again.Game.Now.Draws != 10 {
		t.Fatalf("after a kill mid-fold the start finds %+v (%v); want 10 draws", again.Game, err)
	}
}

// Recover folds the journal into the save and leaves no journal and no
// temp file; a new game's journal archives the game it replaced.
func TestRecoverFoldsANewGamesJournal(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	old := newTestGame(8)
	_ = old.Do(drawOne)
	saveGame(t, st, old, 1)
	if _, err := st.Load(nil); err != nil {
		t.Fatal(err)
	}
	st.NewGameStarts()
	g := newTestGame(9)
	for range 5 {
		_ = g.Do(drawOne)
		if _, _, err := st.Append(g.Snapshot()); err != nil {
			t.Fatal(err)
		}
	}
	st.jr.f.Close() // the kill lets go of its lock
	debris := filepath.Join(dir, ".game.json.123.tmp")
	if err := os.WriteFile(debris, []byte("{half"), 0o600); err != nil {
		t.Fatal(err)
	}
	next := NewStore(dir)
	r := next.Recover(nil)
	if r.Journal == 0 || r.Removed != 1 {
		t.Fatalf("recovered %+v; want the journal folded and one temp removed", r)
	}
	got, err := next.Load(nil)
	if err != nil || got.Game == nil || !bytes.Equal(mustEncode(t, got.Game), mustEncode(t, g)) {
		t.Fatalf("the save is not the new game: %+v %v", got, err)
	}
	archives, _ := next.Archives(5, nil)
	if len(archives) != 1 || archives[0].Game.Now.Draws != 1 {
		t.Fatalf("the old game was not archived: %+v", archives)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") || e.Name() == JournalFile {
			t.Errorf("left after a start: %s", e.Name())
		}
	}
}

// A complete, valid temp file newer than the save (killed between its sync
// and its rename) becomes the save; a broken one and an older one go.
func TestRecoverTakesANewerCompleteTemp(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	g := newTestGame(4)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 1)
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(st.Path(), past, past); err != nil {
		t.Fatal(err)
	}
	_ = g.Do(drawOne)
	newer := mustEncode(t, g)
	if err := os.WriteFile(filepath.Join(dir, ".game.json.4242.tmp"), newer, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".game.json.77.tmp"), newer[:len(newer)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	r := NewStore(dir).Recover(nil)
	if !r.Took || r.Removed != 1 {
		t.Fatalf("recovered %+v; want the complete temp taken and the torn one removed", r)
	}
	got, _ := os.ReadFile(st.Path())
	if !bytes.Equal(got, newer) {
		t.Fatal("the save is not the newer temp")
	}
	if b, err := NewStore(dir).Open("game.bak", nil); err != nil || b.Now.Draws != 1 {
		t.Fatalf("the old save is not the backup: %v", err)
	}
	// An older complete temp is removed, not taken.
	_ = g.Do(drawOne)
	saveGame(t, st, g, 9)
	if err := os.WriteFile(filepath.Join(dir, ".game.json.5.tmp"), newer, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(dir, ".game.json.5.tmp"), past, past); err != nil {
		t.Fatal(err)
	}
	if r := NewStore(dir).Recover(nil); r.Took || r.Removed != 1 {
		t.Fatalf("recovered %+v; want the older temp removed", r)
	}
}

// A journal another running eventdeck writes (it holds its lock) is left
// alone by a start, and so are the temp files beside it.
func TestRecoverLeavesALiveGameAlone(t *testing.T) {
	dir := t.TempDir()
	live := NewStore(dir)
	live.NewGameStarts()
	g := newTestGame(6)
	_ = g.Do(drawOne)
	if _, _, err := live.Append(g.Snapshot()); err != nil {
		t.Fatal(err)
	}
	temp := filepath.Join(dir, ".game.json.99.tmp")
	if err := os.WriteFile(temp, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := NewStore(dir).Recover(nil); r != (Recovered{}) {
		t.Fatalf("a start mended a live game's folder: %+v", r)
	}
	for _, p := range []string{live.JournalPath(), temp} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, _, err := NewStore(dir).Append(g.Snapshot()); err != ErrJournalBusy {
		t.Errorf("a second game wrote the live journal: %v", err)
	}
}

// A whole save (a crash saves the game of the last frame drawn) ends the
// journal: the next start finds that game, not the journal's.
func TestWholeSaveEndsTheJournal(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	st.NewGameStarts()
	g := newTestGame(12)
	var shown []byte
	for i := range 6 {
		_ = g.Do(drawOne)
		if _, _, err := st.Append(g.Snapshot()); err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			shown = mustEncode(t, g)
		}
	}
	if err := st.Save(st.Reserve(), shown); err != nil {
		t.Fatal(err)
	}
	next := NewStore(dir)
	next.Recover(nil)
	got, err := next.Load(nil)
	if err != nil || got.Game == nil || got.Game.Now.Draws != 4 {
		t.Fatalf("after a whole save the start finds %+v (%v); want its 4 draws", got.Game, err)
	}
	if archives, _ := next.Archives(5, nil); len(archives) != 0 {
		t.Fatalf("the game was archived as another: %v", archives)
	}
}

// A first game's state folder does not exist yet: the journal makes it, so
// the first change and every one after it are in the journal (a fresh
// install saved every change whole, behind the screen, and said "Not
// saved: the journal could not be opened").
func TestJournalMakesTheStateFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "eventdeck") // not there yet
	st := NewStore(dir)
	g := newTestGame(3)
	for range 5 {
		if err := g.Do(drawOne); err != nil {
			t.Fatal(err)
		}
		if _, _, err := st.Append(g.Snapshot()); err != nil {
			t.Fatalf("a change in a state folder not yet made: %v", err)
		}
	}
	again, err := NewStore(dir).Load(nil)
	if err != nil || again.Game == nil || again.Game.Now.Draws != g.Now.Draws {
		t.Fatalf("the next start: %+v, %v", again.Game, err)
	}
}

// A FIFO where the journal goes is refused at once: a change never waits
// on it (it is appended under the session's lock), the game is saved whole.
func TestJournalThatIsAFIFOIsRefused(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	if err := mkfifo(st.JournalPath()); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	g := newTestGame(3)
	if err := g.Do(drawOne); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Append(g.Snapshot()); err == nil {
		t.Fatal("a FIFO taken as the journal")
	}
}

// A fold of an earlier change keeps the changes after it: the journal
// started afresh holds them (read back from the file, the fold's mark left
// out), and changes appended while folds run are kept too.
func TestFoldKeepsTheChangesAfterIt(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	saveGame(t, st, newTestGame(7), st.Reserve())
	loaded, _ := st.Load(nil)
	g := loaded.Game
	type point struct {
		g    *Game
		seq  uint64
		data []byte
	}
	var points []point
	for i := range 60 {
		if i%9 == 4 { // an undo, a change of its own
			g.Undo()
		} else {
			_ = g.Do(drawOne)
		}
		seq, _, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, point{g.Snapshot(), seq, mustEncode(t, g)})
		if i%10 == 9 { // fold a change five back: five lines stay
			p := points[len(points)-6]
			if err := st.Fold(p.g, p.seq, p.data); err != nil {
				t.Fatal(err)
			}
			if again, err := NewStore(dir).Load(nil); err != nil || !bytes.Equal(mustEncode(t, again.Game), mustEncode(t, g)) {
				t.Fatalf("after the fold of change %d (of %d) a start finds another game (%v)", p.seq, seq, err)
			}
		}
	}
	// Folds while changes keep coming, as the saver folds beside the keys.
	done := make(chan error)
	snaps := make(chan point, 100)
	go func() {
		var err error
		for p := range snaps {
			if err == nil {
				err = st.Fold(p.g, p.seq, p.data)
			}
		}
		done <- err
	}()
	for i := range 200 {
		_ = g.Do(drawOne)
		seq, _, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if i%7 == 0 {
			snaps <- point{g.Snapshot(), seq, mustEncode(t, g)}
		}
	}
	close(snaps)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	again, err := NewStore(dir).Load(nil)
	if err != nil || !bytes.Equal(mustEncode(t, again.Game), mustEncode(t, g)) {
		t.Fatalf("after folds beside the changes a start finds another game (%v)", err)
	}
}

// A journal that does not read back as the store wrote it (here a fold
// mark cut short, as a full disk leaves one) is never put in the
// journal's place by a fold: the fold fails and the journal stops, so the
// saver saves whole (a review found the bad file renamed in and the fold
// reported done).
func TestFoldRefusesAJournalThatReadsBackWrong(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir)
	saveGame(t, st, newTestGame(7), st.Reserve())
	loaded, _ := st.Load(nil)
	g := loaded.Game
	var at []*Game
	var seqs []uint64
	for i := range 12 {
		_ = g.Do(drawOne)
		seq, _, err := st.Append(g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		at, seqs = append(at, g.Snapshot()), append(seqs, seq)
		if i == 5 {
			st.jr.mu.Lock()
			_, _ = st.jr.f.Write([]byte(`{"op":"fold","ba`))
			st.jr.mu.Unlock()
		}
	}
	before, err := os.ReadFile(st.JournalPath())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Fold(at[3], seqs[3], mustEncode(t, at[3])); err == nil {
		t.Fatal("the fold of a journal read back wrong says it is done")
	}
	if after, err := os.ReadFile(st.JournalPath()); err != nil || !bytes.HasPrefix(after, before) {
		t.Fatalf("the journal was replaced (%v)", err)
	}
	if _, _, err := st.Append(g.Snapshot()); err == nil {
		t.Fatal("the journal goes on after it read back wrong")
	}
}
