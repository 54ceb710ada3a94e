package session

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// Issue 32: what a screen shows is on disk before it shows it. Every draw
// made through the session is in the journal when the draw returns, so a
// start after a kill -9 at that instant (nothing flushed, nothing closed)
// finds it; Close folds the journal into the save and removes it.
func TestEveryChangeIsOnDiskWhenItReturns(t *testing.T) {
	r, g := catanGame(t)
	dir := t.TempDir()
	st := deck.NewStore(dir)
	s := New(Options{Rules: r, Game: g, Store: st, NewGame: true})
	check := func(g *deck.Game) error { return r.Validate(g.Now) }
	for i := 1; i <= 70; i++ {
		draw(t, s)
		if i%7 == 0 && !hostUndo(s, "Undo") {
			t.Fatal("nothing to undo")
		}
		if i%14 == 0 && !hostUndo(s, "Redo") {
			t.Fatal("nothing to redo")
		}
		want := s.Now()
		// The start after a kill: a store of its own reads the folder.
		got, err := deck.NewStore(dir).Load(check)
		if err != nil || got.Game == nil {
			t.Fatalf("change %d: nothing to resume (%v)", i, err)
		}
		if got.Game.Now.Draws != want.Draws || got.Game.Now.Current != want.Current || got.Game.Now.Year != want.Year {
			t.Fatalf("change %d: resumed draw %d of year %d, %d's turn; the screen showed draw %d of year %d, %d's turn",
				i, got.Game.Now.Draws, got.Game.Now.Year, got.Game.Now.Current, want.Draws, want.Year, want.Current)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(st.JournalPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the journal is left after Close: %v", err)
	}
	data, err := os.ReadFile(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	saved, err := deck.Decode(data)
	if err != nil || saved.Now.Draws != s.Now().Draws {
		t.Fatalf("the save after Close holds %v (%v); want %d draws", saved, err, s.Now().Draws)
	}
}

// BenchmarkDrawWithJournal is a draw through the session with a store on
// a real folder: the journal line is written on the key's path; the sync
// and the folds are not.
func BenchmarkDrawWithJournal(b *testing.B) {
	t := &testing.T{}
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g, Store: deck.NewStore(b.TempDir()), NewGame: true})
	defer s.Close()
	b.ReportAllocs()
	for b.Loop() {
		draw(t, s)
	}
}

// slowJournal is a real store whose syncs and folds wait until the test
// lets them go: a disk as slow as the test likes, the journal's lines
// still written.
type slowJournal struct {
	*deck.Store
	gate    chan struct{}
	started chan struct{}
}

func (d slowJournal) SyncJournal() error {
	d.started <- struct{}{}
	<-d.gate
	return d.Store.SyncJournal()
}

func (d slowJournal) Fold(g *deck.Game, seq uint64, data []byte) error {
	d.started <- struct{}{}
	<-d.gate
	return d.Store.Fold(g, seq, data)
}

// Issue 21/22/32: with a journal too, a slow disk never holds up the
// table: while the first sync is stuck, 20 draws go through, each in the
// journal when it returns; Close then folds them into the save.
func TestSlowJournalNeverBlocksIntents(t *testing.T) {
	r, g := catanGame(t)
	dir := t.TempDir()
	disk := slowJournal{Store: deck.NewStore(dir), gate: make(chan struct{}), started: make(chan struct{}, 100)}
	s := New(Options{Rules: r, Game: g, Store: disk, NewGame: true})
	draw(t, s)
	<-disk.started // the first sync is on the disk, and stuck there
	for range 19 {
		draw(t, s)
	}
	if got, err := deck.NewStore(dir).Read(nil); err != nil || got.Now.Draws != 20 {
		t.Fatalf("with the disk stuck, a start would find %v (%v); want 20 draws", got, err)
	}
	done, stop := make(chan error), make(chan struct{})
	go func() { done <- s.Close() }()
	go func() { // the disk is quick again
		for {
			select {
			case <-disk.started:
				disk.gate <- struct{}{}
			case <-stop:
				return
			}
		}
	}()
	disk.gate <- struct{}{} // the first sync ends
	err := <-done
	close(stop)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(disk.Path())
	if err != nil {
		t.Fatal(err)
	}
	saved, err := deck.Decode(data)
	if err != nil || saved.Now.Draws != 20 {
		t.Fatalf("the save after Close holds %v (%v); want 20 draws", saved, err)
	}
}

// Once the table is quiet the journal is folded into the save, without a
// flush or a close: a start after a kill then reads a save that holds the
// game, with a short journal to replay (a fold does not wait for the
// journal to grow long, nor come between a key and its frame).
func TestQuietTableFoldsTheJournal(t *testing.T) {
	r, g := catanGame(t)
	dir := t.TempDir()
	st := deck.NewStore(dir)
	s := New(Options{Rules: r, Game: g, Store: st, NewGame: true})
	defer s.Close()
	draw(t, s)
	if err := s.Flush(); err != nil { // the game so far folded: what follows waits for quiet
		t.Fatal(err)
	}
	for range 4 {
		draw(t, s)
	}
	want := s.Now().Draws
	deadline := time.Now().Add(30 * time.Second) // a bound for a stuck saver, not a speed
	for {
		data, err := os.ReadFile(st.Path())
		if err == nil {
			if saved, err := deck.Decode(data); err == nil && saved.Now.Draws == want {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table is quiet, and the save does not hold its %d draws (%v)", want, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// failingFold is a real store whose folds fail once fail is set (a disk
// full mid-fold).
type failingFold struct {
	*deck.Store
	fail *atomic.Bool
}

func (d failingFold) Fold(g *deck.Game, seq uint64, data []byte) error {
	if d.fail.Load() {
		return errors.New("no space left")
	}
	return d.Store.Fold(g, seq, data)
}

// A journal that fails is given up at once: the game is saved whole
// straight away (not at the next change), the journal removed, and the
// table told why as "Saved, but …": the save went well, so it is no save
// error (that said "✗ Not saved: saved whole, …", and a quit then exited
// 1 saying the game could not be saved, seen under wine).
func TestFailedFoldSavesWholeAtOnce(t *testing.T) {
	r, g := catanGame(t)
	dir := t.TempDir()
	disk := failingFold{deck.NewStore(dir), new(atomic.Bool)}
	s := New(Options{Rules: r, Game: g, Store: disk, NewGame: true})
	defer s.Close()
	draw(t, s)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	disk.fail.Store(true) // the disk fills: the next fold fails
	for range 4 {
		draw(t, s)
	}
	if err := s.Flush(); err != nil {
		t.Fatalf("the flush says %v; the game was saved whole", err)
	}
	if err := s.TakeBackupProblem(); err == nil || !strings.Contains(err.Error(), "no space left") ||
		!strings.Contains(err.Error(), "saved whole") {
		t.Fatalf("the table is told %v; want the journal's failure, and that changes are saved whole", err)
	}
	data, err := os.ReadFile(disk.Path())
	if err != nil {
		t.Fatal(err)
	}
	if saved, err := deck.Decode(data); err != nil || saved.Now.Draws != s.Now().Draws {
		t.Fatalf("the save holds %v (%v); want %d draws", saved, err, s.Now().Draws)
	}
	if _, err := os.Stat(disk.JournalPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the failed journal is left beside the whole save: %v", err)
	}
}

// hungJournal is a real store whose journal writes hang until the test
// lets them go: a disk that stops answering for as long as the test likes.
type hungJournal struct {
	*deck.Store
	gate    chan struct{}
	started chan struct{}
}

func (d hungJournal) Append(g *deck.Game) (uint64, bool, error) {
	select {
	case d.started <- struct{}{}:
	default:
	}
	<-d.gate
	return d.Store.Append(g)
}

// Issue 36 item 4: no disk under the session's lock. While the journal's
// first write hangs, every screen's keys go on — draws from the host and
// Ann's own screen, reads of the table, a view told of each change — and
// once the disk answers, every change reaches the save, in order.
func TestHungJournalHoldsUpNoKey(t *testing.T) {
	r, g := catanGame(t)
	dir := t.TempDir()
	disk := hungJournal{Store: deck.NewStore(dir), gate: make(chan struct{}), started: make(chan struct{}, 1)}
	s := New(Options{Rules: r, Game: g, Store: disk, NewGame: true})
	told := make(chan struct{}, 1)
	detach := s.AttachAs(Player(1), func() {
		select {
		case told <- struct{}{}:
		default:
		}
	})
	defer detach()
	draw(t, s)
	<-disk.started // the first line is on its way to a disk that does not answer
	for range 19 {
		draw(t, s)
		<-told // the other screen hears of it with the disk still hung
	}
	if s.Now().Draws != 20 {
		t.Fatalf("%d draws went through with the disk hung; want 20", s.Now().Draws)
	}
	close(disk.gate) // the disk answers again
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(disk.Path())
	if err != nil {
		t.Fatal(err)
	}
	saved, err := deck.Decode(data)
	if err != nil || saved.Now.Draws != 20 {
		t.Fatalf("the save after the disk came back holds %v (%v); want 20 draws", saved, err)
	}
	// In order: the save's turns are the table's, turn by turn.
	now := s.Now()
	for i := range now.Turns() {
		got, _ := r.Turn(saved.Now, i)
		want, _ := r.Turn(now, i)
		if got.Number != want.Number || got.Title != want.Title || got.Draw != want.Draw {
			t.Fatalf("turn %d: the save holds %d %q, the table showed %d %q", i, got.Number, got.Title, want.Number, want.Title)
		}
	}
}
