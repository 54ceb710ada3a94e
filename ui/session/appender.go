package session

import (
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// The saver's appender: changes queued under the session's lock reach the
// journal in order on a goroutine of their own, and a key waits for its
// line only while the disk answers (saver.go has the rest of the saver).

// settleWait is how long a journal write may take before the disk is
// taken to hang: far above a line's write to the page cache (tens of
// microseconds), and above what a busy machine makes of it. A key waits
// for its line while the appender is on its way to it (a goroutine that
// has not run yet is not a slow disk); once a write has lasted
// settleWait, it stops waiting and no key waits until the journal has
// caught up. 20 ms was too short: on 2 cores at a load of 20 to 30 (a
// build and a browser beside the table), a line's write was preempted
// for longer, the key went on without it, and a kill then lost a change
// the screen had shown (TestEveryChangeIsOnDiskWhenItReturns). A hung
// disk costs one key a tenth of a second, once.
const settleWait = 100 * time.Millisecond

// want asks for g to be saved and returns its ticket (settled takes it);
// it returns at once and never touches the disk: the session calls it
// under its lock. With a journal, g's change is given to the journal by
// the appender, in order.
func (sv *saver) want(g *deck.Game) uint64 {
	if sv.jr == nil {
		sv.record(g)
		return 0
	}
	sv.mu.Lock()
	sv.queue = append(sv.queue, g)
	sv.queued++
	t := sv.queued
	sv.mu.Unlock()
	select {
	case sv.appendMe <- struct{}{}:
	default:
	}
	return t
}

// settled waits until the change with ticket t is in the journal, unless
// the journal is late (a write has hung). Called with no lock held.
func (sv *saver) settled(t uint64) {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		sv.mu.Lock()
		if sv.appended >= t || sv.late {
			sv.mu.Unlock()
			return
		}
		if !sv.writing.IsZero() && time.Since(sv.writing) >= settleWait {
			sv.late = true // the disk hangs: show the change, it is queued in order
			sv.mu.Unlock()
			return
		}
		ch := sv.progress
		sv.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(settleWait)
		} else {
			timer.Reset(settleWait)
		}
		select {
		case <-ch:
		case <-timer.C:
		}
	}
}

// drained waits until every change queued so far is in the journal (or
// dropped with it): close and flush, never a key.
func (sv *saver) drained() {
	for {
		sv.mu.Lock()
		if sv.appended >= sv.queued {
			sv.mu.Unlock()
			return
		}
		ch := sv.progress
		sv.mu.Unlock()
		<-ch
	}
}

// appendLoop gives the queued changes to the journal, oldest first, on
// its own goroutine: a write that hangs holds up this loop alone.
func (sv *saver) appendLoop() {
	defer close(sv.appDone)
	for {
		select {
		case <-sv.appendMe:
		case <-sv.stopApp:
			return
		}
		for {
			sv.mu.Lock()
			q := sv.queue
			sv.queue = nil
			sv.mu.Unlock()
			if len(q) == 0 {
				break
			}
			for _, g := range q {
				sv.record(g)
				sv.mu.Lock()
				sv.appended++
				if sv.appended >= sv.queued {
					sv.late = false
				}
				close(sv.progress)
				sv.progress = make(chan struct{})
				sv.mu.Unlock()
			}
		}
	}
}

// record writes g's change to the journal, if there is one that works,
// and makes g the state to save next.
func (sv *saver) record(g *deck.Game) {
	sv.mu.Lock()
	off := sv.jrOff
	sv.mu.Unlock()
	var seq uint64
	var due bool
	var jerr error
	if sv.jr != nil && !off {
		sv.mu.Lock()
		sv.writing = time.Now()
		sv.mu.Unlock()
		seq, due, jerr = sv.jr.Append(g)
	}
	sv.mu.Lock()
	sv.writing = time.Time{}
	if jerr != nil && !sv.jrOff {
		sv.jrOff, sv.jrErr = true, jerr
	}
	first := sv.pending == nil
	if first {
		sv.since = time.Now()
	}
	sv.pending, sv.seq, sv.last, sv.lastSeq, sv.folded = g, seq, g, seq, false
	sv.due = sv.due || due
	sv.wanted++
	later := sv.jr != nil && !sv.jrOff && !sv.due
	sv.mu.Unlock()
	switch {
	case !later:
		sv.poke()
		sv.hurryPause()
	case first:
		// The saver wakes when the sync is due, not now: waking it costs
		// a thread's wake-up, and it would only go back to sleep.
		sv.timer.Reset(syncDelay)
	}
	if later {
		sv.idle.Reset(foldIdle)
	}
}
