package session

import (
	"errors"
	"io/fs"
	"os"
	"testing"

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
		if i%7 == 0 && !s.Undo() {
			t.Fatal("nothing to undo")
		}
		if i%14 == 0 && !s.Redo() {
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
