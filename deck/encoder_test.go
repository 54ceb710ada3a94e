package deck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// wholeEncode is the save as format 2 says it, every turn encoded anew:
// what an Encoder must write, byte for byte.
func wholeEncode(t *testing.T, g *Game) []byte {
	t.Helper()
	undo := g.undo[max(len(g.undo)-SavedUndo, 0):]
	redo := g.redo[max(len(g.redo)-SavedUndo, 0):]
	history := g.Now.History
	if len(redo) > 0 {
		history = redo[0].History
	}
	w := wireGame{Format: formatName, Version: FormatVersion}
	tw := &turnWriter{strings: []string{}, index: map[string]int{}}
	w.Turns = make([][]int, history.Len())
	prev := Record{}
	for i, r := range history.Records(0) {
		w.Turns[i] = tw.turn(r, prev)
		prev = r
	}
	w.Strings = tw.strings
	now, err := toWire(g.Now)
	if err != nil {
		t.Fatal(err)
	}
	if w.Now, err = json.Marshal(now); err != nil {
		t.Fatal(err)
	}
	if w.Undo, err = deltas(undo, w.Now); err != nil {
		t.Fatal(err)
	}
	if w.Redo, err = deltas(redo, w.Now); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestEncoderWritesWhatEncodeWrites: one Encoder saving a game after
// every change (draws with dice, answers, words and marks; undo, redo,
// Forget) writes each time the save the whole game encodes to, and the
// save loads.
func TestEncoderWritesWhatEncodeWrites(t *testing.T) {
	words := []string{"a", "b", "<b&c>", "naïve", "\"quoted\"", ""}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 1))
		g := newTestGame(seed)
		var e Encoder
		pick := func() string { return words[rng.IntN(len(words))] }
		for step := range 300 {
			switch op := rng.IntN(10); {
			case op < 6:
				if err := g.Do(func(s *State) error {
					return drawOneWith(s, func(r *Record) {
						if rng.IntN(2) == 0 {
							r.Dice = map[string]string{"red": pick()}
						}
						if rng.IntN(3) == 0 {
							k := fmt.Sprint("q", rng.IntN(4))
							r.Answers, r.Said = map[string]string{k: pick()}, map[string]string{k: pick()}
						}
						if rng.IntN(4) == 0 {
							r.Marks = map[string]int{pick(): rng.IntN(9)}
						}
					})
				}); err != nil {
					t.Fatal(err)
				}
			case op < 8:
				g.Undo()
			case op < 9:
				g.Redo()
			default:
				g.Forget()
			}
			snap := g.Snapshot()
			got, err := e.Encode(snap)
			if err != nil {
				t.Fatal(err)
			}
			if want := wholeEncode(t, snap); !bytes.Equal(got, want) {
				t.Fatalf("seed %d step %d: the Encoder wrote\n%s\nthe whole game is\n%s", seed, step, got, want)
			}
			if step%50 == 0 {
				if _, err := Decode(got); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
			}
		}
	}
}

// BenchmarkEncoderLongGame is one autosave of a game of 1,000 turns after
// one more draw: with an Encoder the cost is the new turn and a copy, not
// every turn again (compare BenchmarkEncodeLongGame).
func BenchmarkEncoderLongGame(b *testing.B) {
	g, e := longGame(b), &Encoder{}
	b.ReportAllocs()
	for range b.N {
		if err := g.Do(drawOne); err != nil {
			b.Fatal(err)
		}
		if _, err := e.Encode(g.Snapshot()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeLongGame is the same save encoded whole each time.
func BenchmarkEncodeLongGame(b *testing.B) {
	g := longGame(b)
	b.ReportAllocs()
	for range b.N {
		if err := g.Do(drawOne); err != nil {
			b.Fatal(err)
		}
		if _, err := Encode(g.Snapshot()); err != nil {
			b.Fatal(err)
		}
	}
}

func longGame(b *testing.B) *Game {
	g := newTestGame(1)
	for i := range 1000 {
		if err := g.Do(func(s *State) error {
			return drawOneWith(s, func(r *Record) { r.Answers = map[string]string{"q": fmt.Sprint(i % 7)} })
		}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}
