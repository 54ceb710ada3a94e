package deck

import (
	"os"
	"reflect"
	"testing"
)

// TestLoadFormat1 loads a save of the first format (a Cities & Knights game
// of 40 draws, written by eventdeck before format 2, with 25 actions to undo
// and 2 to redo) and checks that it plays on, and that saving it in today's
// format and loading that gives back the same game, state by state.
func TestLoadFormat1(t *testing.T) {
	data, err := os.ReadFile("testdata/save-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	old, err := Decode(data)
	if err != nil {
		t.Fatalf("a format 1 save does not load: %v", err)
	}
	if old.Now.Draws != 39 || old.Now.History.Len() != 38 || len(old.undo) != SavedUndo || len(old.redo) != 2 {
		t.Fatalf("loaded %d draws, %d turns, %d undo, %d redo; want 39, 38, %d, 2",
			old.Now.Draws, old.Now.History.Len(), len(old.undo), len(old.redo), SavedUndo)
	}
	b, err := Encode(old)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= len(data)/2 {
		t.Errorf("today's format takes %d bytes, the first %d", len(b), len(data))
	}
	now, err := Decode(b)
	if err != nil {
		t.Fatalf("the game saved again does not load: %v", err)
	}
	sameGame(t, old, now)
	// Both play on alike: redo, then undo to the oldest state kept.
	for old.Redo() {
		if !now.Redo() {
			t.Fatal("redo lost")
		}
		sameState(t, "after redo", old.Now, now.Now)
	}
	for old.Undo() {
		if !now.Undo() {
			t.Fatal("undo lost")
		}
		sameState(t, "after undo", old.Now, now.Now)
	}
	if now.Undo() {
		t.Fatal("more to undo than the format 1 save held")
	}
}

func sameGame(t *testing.T, a, b *Game) {
	t.Helper()
	sameState(t, "now", a.Now, b.Now)
	if len(a.undo) != len(b.undo) || len(a.redo) != len(b.redo) {
		t.Fatalf("%d/%d undo and %d/%d redo", len(a.undo), len(b.undo), len(a.redo), len(b.redo))
	}
	for i := range a.undo {
		sameState(t, "undo", a.undo[i], b.undo[i])
	}
	for i := range a.redo {
		sameState(t, "redo", a.redo[i], b.redo[i])
	}
}

// sameState compares what a state keeps: every saved field, the history
// and the position of the random stream.
func sameState(t *testing.T, what string, a, b *State) {
	t.Helper()
	wa, err := toWire(a)
	if err != nil {
		t.Fatal(err)
	}
	wb, err := toWire(b)
	if err != nil {
		t.Fatal(err)
	}
	ca, cb := *a, *b
	ca.src, ca.rng, cb.src, cb.rng = nil, nil, nil, nil
	if !reflect.DeepEqual(ca, cb) || !reflect.DeepEqual(wa.RNG, wb.RNG) {
		t.Fatalf("%s: the states differ:\n%+v\n%+v", what, ca, cb)
	}
}
