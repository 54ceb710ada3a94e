package simulate

import (
	"context"
	"math"
	"reflect"
	"runtime"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

func ruleset(t testing.TB) *catan.Ruleset {
	t.Helper()
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFairThreeInARowExact: the dynamic program gives 45.85 % for 50 turns
// (the blog's 57 % adds up each number's chance instead), and the
// simulator comes within 1.5 points of it over 20,000 games.
func TestFairThreeInARowExact(t *testing.T) {
	exact := FairThreeInARow(50)
	if math.Abs(exact-0.4585) > 0.00005 {
		t.Fatalf("exact %.5f, want 0.4585", exact)
	}
	if got := FairThreeInARow(2); math.Abs(got) > 1e-12 {
		t.Fatalf("two turns: %v, want 0", got)
	}
	cube := 0.0 // three turns: the same number three times
	for n := 2; n <= 12; n++ {
		p := float64(catan.Pips(n)) / 36
		cube += p * p * p
	}
	if got := FairThreeInARow(3); math.Abs(got-cube) > 1e-12 {
		t.Fatalf("three turns: %v, want %v", got, cube)
	}
	f, err := Run(context.Background(), ruleset(t), Options{Modes: []string{"random"}, Games: 20000, Turns: 50, Players: 4, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("exact %.4f, simulated %.4f", exact, f[0].ThreeInARow)
	if math.Abs(f[0].ThreeInARow-exact) > 0.015 {
		t.Fatalf("simulated %.4f, exact %.4f: more than 1.5 points apart", f[0].ThreeInARow, exact)
	}
	// Fair dice: the best guess is always 7, right 1 time in 6.
	if math.Abs(f[0].Predictable-1.0/6) > 0.005 {
		t.Fatalf("predictable %.4f, want 1/6", f[0].Predictable)
	}
}

// TestSameFiguresOnAnyCores: the figures depend on the seed only.
func TestSameFiguresOnAnyCores(t *testing.T) {
	r := ruleset(t)
	o := Options{Modes: []string{"cards", "deck", "random", "balanced", "hybrid=50"}, Games: 500, Turns: 60, Players: 4, Seed: 42}
	var got [2][]Figures
	for i, procs := range []int{1, 2} {
		old := runtime.GOMAXPROCS(procs)
		f, err := Run(context.Background(), r, o, nil)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = f
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Fatalf("GOMAXPROCS 1:\n%+v\nGOMAXPROCS 2:\n%+v", got[0], got[1])
	}
}

// TestRunRefuses: bad options are errors, and a cancelled run stops.
func TestRunRefuses(t *testing.T) {
	r := ruleset(t)
	for _, o := range []Options{
		{Modes: []string{"typed"}, Games: 1, Turns: 1, Players: 4},
		{Modes: []string{"dice"}, Games: 1, Turns: 1, Players: 4},
		{Modes: []string{"random"}, Games: 0, Turns: 1, Players: 4},
		{Modes: []string{"random"}, Games: 1, Turns: 1, Players: 9},
		{Games: 1, Turns: 1, Players: 4},
	} {
		if _, err := Run(context.Background(), r, o, nil); err == nil {
			t.Errorf("%+v: want an error", o)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, r, Options{Modes: []string{"random"}, Games: 1000, Turns: 60, Players: 4}, nil); err == nil {
		t.Error("cancelled: want an error")
	}
}

// TestRestartIsNewGame: a restarted state is the game NewGame makes.
func TestRestartIsNewGame(t *testing.T) {
	r := ruleset(t)
	players := []deck.Player{{Name: "A"}, {Name: "B"}, {Name: "C"}}
	for _, mode := range []string{"cards", "deck", "balanced", "hybrid=50"} {
		cfg, _ := catan.ParseConfig(map[string]string{catan.OptDice: mode})
		s, _ := r.NewGame(cfg.Options(), players, 1)
		for range 50 {
			if _, err := r.Draw(s); err != nil {
				t.Fatal(err)
			}
		}
		r.Restart(s, &cfg, 9)
		fresh, _ := r.NewGame(cfg.Options(), players, 9)
		if !reflect.DeepEqual(s.Deck.Draw, fresh.Deck.Draw) || !reflect.DeepEqual(s.Piles["dice"].Draw, fresh.Piles["dice"].Draw) ||
			s.Rand().Uint64() != fresh.Rand().Uint64() || s.Draws != 0 || s.Year != 1 || len(s.Counters) != 0 {
			t.Fatalf("%s: restarted state differs from a new game", mode)
		}
	}
}

// benchTurns measures one simulated turn of a mode: the card counter's
// guess, the roll and the counting, the game's restart shared out over its
// 60 turns. Compare with catan's BenchmarkDraw.
func benchTurns(b *testing.B, mode string) {
	r := ruleset(b)
	cfg, err := catan.ParseConfig(map[string]string{catan.OptDice: mode})
	if err != nil {
		b.Fatal(err)
	}
	d, err := r.NewStream(cfg, 4)
	if err != nil {
		b.Fatal(err)
	}
	const turns = 60
	want := expected(turns)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i += turns {
		play(d, uint64(i), turns, 4, want)
	}
}

func BenchmarkTurnCards(b *testing.B)    { benchTurns(b, "cards") }
func BenchmarkTurnDeck(b *testing.B)     { benchTurns(b, "deck") }
func BenchmarkTurnRandom(b *testing.B)   { benchTurns(b, "random") }
func BenchmarkTurnBalanced(b *testing.B) { benchTurns(b, "balanced") }
func BenchmarkTurnHybrid(b *testing.B)   { benchTurns(b, "hybrid=50") }
