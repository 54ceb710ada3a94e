package simulate

import (
	"context"
	"reflect"
	"testing"

	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/internal/cputime"
)

// TestFiguresAnyWorkers: the figures of a run are those of its games
// played one after another and added up in game order, whatever the number
// of workers, with games that are not a whole number of chunks.
func TestFiguresAnyWorkers(t *testing.T) {
	r := ruleset(t)
	modes := []string{"cards", "balanced"}
	const games, turns, players, seed = 3*chunkGames + 17, 40, 4, 9
	var want []Figures
	for _, m := range modes {
		o := Options{Modes: []string{m}, Games: games, Turns: turns, Players: players, Seed: seed, Workers: 1}
		figs, err := Run(context.Background(), r, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The same games, played here one by one.
		d, err := r.NewStream(streamConfig(t, m), players)
		if err != nil {
			t.Fatal(err)
		}
		var s sums
		limit := nonIdealLimit()
		for g := range games {
			res := play(d, GameSeed(seed, g), turns, players, expected(turns))
			s.add(&res, limit)
		}
		if one := s.figures(m, turns); !reflect.DeepEqual(figs[0], one) {
			t.Fatalf("%s: a run gives\n%+v\none by one\n%+v", m, figs[0], one)
		}
		want = append(want, figs[0])
	}
	for _, workers := range []int{1, 2, 3, 8} {
		o := Options{Modes: modes, Games: games, Turns: turns, Players: players, Seed: seed, Workers: workers}
		got, err := Run(context.Background(), r, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers:\n%+v\nwant\n%+v", workers, got, want)
		}
	}
}

func streamConfig(t testing.TB, mode string) catan.Config {
	t.Helper()
	cfg, err := catan.ParseConfig(map[string]string{catan.OptDice: mode})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// benchRun is a whole run of one mode as `eventdeck simulate` makes it
// (games of 50 turns, added up as they finish) on the given workers,
// reported per simulated turn: compare with catan's BenchmarkDraw, and
// one worker with two (ui/cli/testdata/ratios/ratios.sh prints both).
func benchRun(b *testing.B, mode string, workers int) {
	r := ruleset(b)
	const turns = 50
	o := Options{Modes: []string{mode}, Games: max(1, b.N/turns), Turns: turns, Players: 4, Seed: 1, Workers: workers}
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Now()
	if _, err := Run(context.Background(), r, o, nil); err != nil {
		b.Fatal(err)
	}
	cputime.Report(b, start)
}

func BenchmarkRunCards(b *testing.B)     { benchRun(b, "cards", 1) }
func BenchmarkRunDeck(b *testing.B)      { benchRun(b, "deck", 1) }
func BenchmarkRunRandom(b *testing.B)    { benchRun(b, "random", 1) }
func BenchmarkRunBalanced(b *testing.B)  { benchRun(b, "balanced", 1) }
func BenchmarkRun2Cards(b *testing.B)    { benchRun(b, "cards", 2) }
func BenchmarkRun2Deck(b *testing.B)     { benchRun(b, "deck", 2) }
func BenchmarkRun2Random(b *testing.B)   { benchRun(b, "random", 2) }
func BenchmarkRun2Balanced(b *testing.B) { benchRun(b, "balanced", 2) }
