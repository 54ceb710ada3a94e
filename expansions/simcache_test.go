package expansions

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
)

// TestSimulationRunsOnce: the board game's simulator computes a run once:
// two callers at once share it; a caller that
// gives up does not stop it; a later caller gets the figures kept; a run
// of another number of players is computed afresh.
func TestSimulationRunsOnce(t *testing.T) {
	rs, err := All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	b := rs[0].(board)
	var plays atomic.Int32
	release := make(chan struct{})
	play := func(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error) {
		plays.Add(1)
		<-release
		progress(run.Games, run.Games)
		return b.simulate(ctx, run, nil)
	}
	run := func(players int) SimulationRun {
		return SimulationRun{Modes: b.SimulationModes(), Games: 200, Turns: 60, Players: players, Seed: 1}
	}

	// One caller gives up at once; two wait; the run goes on.
	gaveUp, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.sims.simulate(gaveUp, run(3), nil, play); !errors.Is(err, context.Canceled) {
		t.Fatalf("a caller that gave up got %v", err)
	}
	var wg sync.WaitGroup
	got := make([]Results, 2)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := b.sims.simulate(context.Background(), run(3), nil, play)
			if err != nil {
				t.Error(err)
			}
			got[i] = res
		}()
	}
	close(release)
	wg.Wait()
	if plays.Load() != 1 {
		t.Fatalf("one run computed %d times", plays.Load())
	}
	if !reflect.DeepEqual(got[0], got[1]) || len(got[0].Figures) == 0 {
		t.Fatal("two callers got different figures, or none")
	}

	// Later: kept, through Simulate as the screens call it.
	res, err := b.Simulate(context.Background(), run(3), nil)
	if err != nil || !reflect.DeepEqual(res, got[0]) || plays.Load() != 1 {
		t.Fatalf("a later call: %v, computed %d times", err, plays.Load())
	}
	if _, err := b.sims.simulate(context.Background(), run(4), nil, play); err != nil || plays.Load() != 2 {
		t.Fatalf("another number of players: %v, computed %d times", err, plays.Load())
	}
}

// TestSimulationErrorNotKept: a run that fails is tried again next time.
func TestSimulationErrorNotKept(t *testing.T) {
	var c simCache
	var plays atomic.Int32
	fail := func(context.Context, SimulationRun, func(int, int)) (Results, error) {
		plays.Add(1)
		return Results{}, errors.New("no")
	}
	for range 2 {
		if _, err := c.simulate(context.Background(), SimulationRun{Players: 3}, nil, fail); err == nil {
			t.Fatal("no error")
		}
	}
	if plays.Load() != 2 {
		t.Fatalf("a failed run was kept: computed %d times", plays.Load())
	}
}
