package simulate

import (
	"sync"

	"github.com/eventdeck/eventdeck/expansions/catan"
)

// chunkGames is how many games a worker takes at a time: enough that
// handing out work costs nothing beside playing it, few enough that the
// games in flight stay a few hundred KB.
const chunkGames = 256

// chunk is a run of one mode's games, played by one worker.
type chunk struct {
	id    int // chunks are numbered mode by mode, in game order
	mode  int
	first int    // its first game
	games []game // played, in order
}

// fold hands out chunks in order and adds each one's games to its mode's
// sums in chunk order, whichever worker finishes first: the figures are
// the same for any number of workers. A worker waits while it is more than
// a window of chunks ahead of the oldest one unfinished, so memory stays
// flat however many games are played.
type fold struct {
	mu      sync.Mutex
	more    *sync.Cond
	games   int // per mode
	chunks  int // in all
	next    int // the next chunk to hand out
	folded  int // chunks added up so far
	window  int
	waiting map[int]*chunk // finished before their turn to be added
	free    []*chunk
	sums    []sums
	limit   float64
	played  int
	total   int
	stopped bool
}

func newFold(o Options, cfgs []catan.Config, workers int) *fold {
	perMode := (o.Games + chunkGames - 1) / chunkGames
	f := &fold{
		games:   o.Games,
		chunks:  perMode * len(cfgs),
		window:  4 * workers,
		waiting: map[int]*chunk{},
		sums:    make([]sums, len(cfgs)),
		limit:   nonIdealLimit(),
		total:   o.Games * len(cfgs),
	}
	f.more = sync.NewCond(&f.mu)
	return f
}

// claim hands out the next chunk, false when none is left.
func (f *fold) claim() (*chunk, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for !f.stopped && f.next < f.chunks && f.next-f.folded >= f.window {
		f.more.Wait()
	}
	if f.stopped || f.next >= f.chunks {
		return nil, false
	}
	perMode := f.chunks / len(f.sums)
	id := f.next
	f.next++
	c := &chunk{}
	if n := len(f.free); n > 0 {
		c, f.free = f.free[n-1], f.free[:n-1]
	}
	c.id, c.mode = id, id/perMode
	c.first = (id % perMode) * chunkGames
	if n := min(chunkGames, f.games-c.first); cap(c.games) >= n {
		c.games = c.games[:n]
	} else {
		c.games = make([]game, n)
	}
	return c, true
}

// done adds c, and every chunk waiting for it, in order; it returns the
// games played so far.
func (f *fold) done(c *chunk) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waiting[c.id] = c
	f.played += len(c.games)
	for {
		w, ok := f.waiting[f.folded]
		if !ok {
			break
		}
		delete(f.waiting, f.folded)
		for i := range w.games {
			f.sums[w.mode].add(&w.games[i], f.limit)
		}
		f.free = append(f.free, w)
		f.folded++
	}
	f.more.Broadcast()
	return f.played
}

// stop lets waiting workers go: one failed or the run was cancelled.
func (f *fold) stop() {
	f.mu.Lock()
	f.stopped = true
	f.more.Broadcast()
	f.mu.Unlock()
}
