package catan

import (
	"math/rand/v2"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/internal/cputime"
)

// BenchmarkDraw measures one production draw, New Year rebuilds included
// (one in 31 draws rebuilds and shuffles the deck).
func BenchmarkDraw(b *testing.B) {
	r := newRuleset(b)
	cfg := DefaultConfig()
	s := newGame(b, r, cfg, 1)
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Now()
	for range b.N {
		if _, _, err := r.DrawCard(s, &cfg); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
}

// BenchmarkShuffleFloor is the least a draw can cost: shuffling 36 ids with
// the same random source once per 31 draws, reported per draw.
func BenchmarkShuffleFloor(b *testing.B) {
	rng := rand.New(deck.NewSource(1))
	ids := make([]deck.Card, NumberedCards)
	for i := range ids {
		ids[i] = deck.Card(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%31 == 0 {
			for j := len(ids) - 1; j > 0; j-- {
				k := rng.IntN(j + 1)
				ids[j], ids[k] = ids[k], ids[j]
			}
		}
	}
}

// BenchmarkGameDraw is a draw as the app makes it: through undo, with the
// turn recorded in the history.
func BenchmarkGameDraw(b *testing.B) {
	r := newRuleset(b)
	g := deck.NewGame(newGame(b, r, DefaultConfig(), 1))
	draw := func(s *deck.State) error { _, err := r.Draw(s); return err }
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := g.Do(draw); err != nil {
			b.Fatal(err)
		}
	}
}
