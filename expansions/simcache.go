package expansions

import (
	"context"
	"fmt"
	"sync"
)

// maxSimRuns bounds the runs a simCache keeps: the simulator screen asks
// for one run per number of players; past it, finished runs are dropped.
const maxSimRuns = 16

// simCache shares a simulator's runs. A run's figures come from its seed
// alone, so each run is computed once and kept, and a caller asking for a
// run under way waits for that one. A run once started goes to its end
// whoever stops waiting for it: starting it again, as every screen of
// `eventdeck serve` may by a key, costs nothing (issue 32: a viewer
// pressing m held the host's CPU). Figures are shared: read only.
type simCache struct {
	mu   sync.Mutex
	runs map[string]*simCall
}

// simCall is one run, under way or done.
type simCall struct {
	done chan struct{}
	res  Results
	err  error

	mu       sync.Mutex
	watchers map[int]func(done, total int)
	next     int
}

// compute plays a run; progress as in Simulator.Simulate.
type compute func(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error)

// simulate is run's figures: kept, or those of the run under way, or
// computed now by play. progress hears of the run while ctx lasts.
func (c *simCache) simulate(ctx context.Context, run SimulationRun, progress func(done, total int), play compute) (Results, error) {
	key := fmt.Sprintf("%q %d %d %d %d", run.Modes, run.Games, run.Turns, run.Players, run.Seed)
	c.mu.Lock()
	call, ok := c.runs[key]
	if !ok {
		if c.runs == nil {
			c.runs = map[string]*simCall{}
		}
		c.dropDone()
		call = &simCall{done: make(chan struct{}), watchers: map[int]func(int, int){}}
		c.runs[key] = call
		go func() {
			res, err := play(context.Background(), run, call.report)
			call.res, call.err = res, err
			close(call.done)
			if err != nil { // not kept: a later try computes it again
				c.mu.Lock()
				if c.runs[key] == call {
					delete(c.runs, key)
				}
				c.mu.Unlock()
			}
		}()
	}
	c.mu.Unlock()
	if progress != nil {
		defer call.watch(progress)()
	}
	select {
	case <-call.done:
		return call.res, call.err
	case <-ctx.Done():
		return Results{}, ctx.Err()
	}
}

// dropDone drops the finished runs when maxSimRuns are kept. c.mu is held.
func (c *simCache) dropDone() {
	if len(c.runs) < maxSimRuns {
		return
	}
	for k, call := range c.runs {
		select {
		case <-call.done:
			delete(c.runs, k)
		default:
		}
	}
}

// watch passes the run's progress on to progress until the returned stop.
func (call *simCall) watch(progress func(done, total int)) (stop func()) {
	call.mu.Lock()
	defer call.mu.Unlock()
	id := call.next
	call.next++
	call.watchers[id] = progress
	return func() {
		call.mu.Lock()
		defer call.mu.Unlock()
		delete(call.watchers, id)
	}
}

// report tells every watcher; called from the run's workers.
func (call *simCall) report(done, total int) {
	call.mu.Lock()
	defer call.mu.Unlock()
	for _, w := range call.watchers {
		w(done, total)
	}
}
