package catan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// FuzzLoadSave writes arbitrary bytes as a save file and loads it as the app
// does: with the ruleset's validation. It must never panic; whatever loads
// must play on.
func FuzzLoadSave(f *testing.F) {
	r := newRuleset(f)
	g := deck.NewGame(newGame(f, r, DefaultConfig(), 3))
	for range 4 { // a small seed: the fuzzer spends its time mutating, not minimising
		_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	}
	g.Undo()
	good, _ := deck.Encode(g)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"format":"eventdeck","version":2}`))
	dir := f.TempDir() // one folder for every run: a fresh one each time is slow here
	f.Fuzz(func(t *testing.T, data []byte) {
		st := deck.NewStore(dir)
		if err := os.WriteFile(st.Path(), data, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := st.Load(func(g *deck.Game) error { return r.Validate(g.Now) })
		if err != nil {
			t.Fatal(err)
		}
		if got.Game == nil {
			// Broken: moved aside, byte for byte.
			moved, err := os.ReadFile(got.MovedTo)
			if err != nil || string(moved) != string(data) {
				t.Fatalf("broken save not kept: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, deck.SaveFile)); !os.IsNotExist(err) {
				t.Fatal("broken save left in place")
			}
			_ = os.Remove(got.MovedTo)
			return
		}
		for range 40 {
			if err := got.Game.Do(func(s *deck.State) error { _, err := r.Draw(s); return err }); err != nil {
				t.Fatalf("a save that loads does not draw: %v", err)
			}
		}
		got.Game.Undo()
		got.Game.Redo()
	})
}

// BenchmarkSave is an autosave of a 300-turn game: encode, then the atomic
// write with its fsyncs and the backup link.
func BenchmarkSave(b *testing.B) {
	r := newRuleset(b)
	g := deck.NewGame(newGame(b, r, DefaultConfig(), 1))
	for range 300 {
		_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	}
	st := deck.NewStore(b.TempDir())
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		data, err := deck.Encode(g.Snapshot())
		if err != nil {
			b.Fatal(err)
		}
		if err := st.Save(uint64(i+1), data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode is the encoding alone, for comparing with BenchmarkSave.
func BenchmarkEncode(b *testing.B) {
	r := newRuleset(b)
	g := deck.NewGame(newGame(b, r, DefaultConfig(), 1))
	for range 300 {
		_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := deck.Encode(g.Snapshot()); err != nil {
			b.Fatal(err)
		}
	}
}
