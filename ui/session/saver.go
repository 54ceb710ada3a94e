package session

import (
	"fmt"
	"sync"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// syncDelay is how long a change stays in the page cache before the
// journal is synced: long enough for the frame that shows it to be out
// first (a sync takes the CPU a frame needs, on a virtual machine most of
// all: issue 32's keypress budget), short enough that a power cut loses at
// most the last moment of play. A kill -9 loses nothing either way: the
// line is in the page cache before any screen shows it.
const syncDelay = 30 * time.Millisecond

// foldIdle is how long the table is quiet before the journal is folded
// into the save: a fold rewrites the whole game and syncs five times,
// work that should not come between a key and its frame. At a table a
// turn takes far longer; a journal also folds when it grows long
// (deck's foldLines, foldBytes), quiet or not.
const foldIdle = 2 * time.Second

// saver writes the newest state of a game on its own goroutines. Saves
// coalesce: while one is being written, newer states replace each other and
// only the newest is written next. Nobody waits on a write but close and
// flush.
//
// A store that keeps a journal (*deck.Store, see journaler) is given every
// change, in order, on the saver's appender goroutine: the session only
// queues the change under its lock (want), and the key that made it waits
// a moment, outside every lock, for its line to reach the page cache
// (settled) before any screen is told, so that a kill -9 never loses what
// was on screen. A disk that hangs holds up no key: the wait is bounded
// (settleWait), and once a line is late no key waits at all until the
// journal has caught up; every change still reaches the journal in order.
// The run goroutine then syncs the journal and, now and then, folds it
// into the save; keys never wait for the disk. The sync comes syncDelay
// after the first change not yet synced, when the key's frame is out.
type saver struct {
	store  Store
	jr     journaler // nil: whole saves only
	result func(err, backup error)
	enc    deck.Encoder // the saver's goroutine's own: each save encodes only the new turns

	mu      sync.Mutex // never held while writing
	pending *deck.Game // the newest state not yet written; nil when none
	seq     uint64     // its journal number
	due     bool       // the journal wants folding
	last    *deck.Game // the newest state asked for, and its number
	lastSeq uint64
	folded  bool      // last is in the save
	since   time.Time // when pending was first asked for, since the last write
	hurry   bool      // write pending now: someone waits for it
	jrErr   error     // the journal failed: whole saves from now on
	jrOff   bool
	closing bool
	wanted  uint64 // states asked for so far
	wrote   uint64 // of which written (or failed) so far
	flushed *sync.Cond
	lastErr error
	wake    chan struct{}
	hurried chan struct{} // hurry was set: a delayed sync goes now

	queue    []*deck.Game  // changes not yet given to the journal, oldest first
	queued   uint64        // changes queued so far (want's tickets)
	appended uint64        // of which given to the journal (or dropped with it)
	late     bool          // a write hung: no key waits until the journal catches up
	writing  time.Time     // when the write in progress began; zero between writes
	progress chan struct{} // closed, and made anew, whenever appended grows
	appendMe chan struct{} // wakes the appender
	stopApp  chan struct{} // stops the appender (close)
	appDone  chan struct{}
	timer    *time.Timer // wakes the saver when a delayed sync is due
	idle     *time.Timer // folds the journal once the table has been quiet
	done     chan struct{}
}

// journaler is a Store that keeps a journal of changes (*deck.Store).
type journaler interface {
	Append(g *deck.Game) (seq uint64, due bool, err error)
	SyncJournal() error
	Fold(g *deck.Game, seq uint64, data []byte) error
	DropJournal() error
}

func newSaver(st Store, newGame bool, result func(err, backup error)) *saver {
	sv := &saver{store: st, result: result, wake: make(chan struct{}, 1), hurried: make(chan struct{}, 1), done: make(chan struct{})}
	sv.jr, _ = st.(journaler)
	sv.timer = time.AfterFunc(time.Hour, sv.poke)
	sv.timer.Stop()
	sv.idle = time.AfterFunc(time.Hour, sv.foldQuiet)
	sv.idle.Stop()
	sv.flushed = sync.NewCond(&sv.mu)
	sv.progress = make(chan struct{})
	sv.appendMe, sv.stopApp, sv.appDone = make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
	if newGame {
		// The saved game is archived before this one's first save, and the
		// journal starts with this one whole.
		st.NewGameStarts()
	}
	go sv.run()
	if sv.jr != nil {
		go sv.appendLoop()
	} else {
		close(sv.appDone)
	}
	return sv
}

// foldQuiet folds the journal into the save once the table is quiet.
func (sv *saver) foldQuiet() {
	sv.mu.Lock()
	if sv.closing {
		sv.mu.Unlock()
		return
	}
	sv.refoldLocked()
	sv.mu.Unlock()
	sv.poke()
}

func (sv *saver) poke() {
	select {
	case sv.wake <- struct{}{}:
	default:
	}
}

func (sv *saver) run() {
	defer close(sv.done)
	for range sv.wake {
		for {
			sv.mu.Lock()
			g, seq, due, closing, upTo := sv.pending, sv.seq, sv.due, sv.closing, sv.wanted
			journal := sv.jr != nil && !sv.jrOff
			if wait := time.Until(sv.since.Add(syncDelay)); g != nil && journal && !due && !closing && !sv.hurry && wait > 0 {
				sv.mu.Unlock()
				sv.pause(wait)
				continue
			}
			sv.pending, sv.due, sv.hurry = nil, false, false
			sv.mu.Unlock()
			if g == nil {
				if closing {
					return
				}
				break
			}
			var err, note error
			if journal {
				if err = sv.journal(g, seq, due || closing); err != nil {
					// The journal failed (a sync, a fold): whole saves from
					// now on, the first one now, not at the next change.
					sv.mu.Lock()
					if !sv.jrOff {
						sv.jrOff, sv.jrErr = true, err
					}
					if sv.pending == nil {
						sv.pending = sv.last
					}
					sv.mu.Unlock()
					continue
				}
			} else {
				note, err = sv.write(g)
			}
			if note == nil {
				note = sv.store.BackupProblem() // else said at the next save
			}
			sv.result(err, note)
			sv.mu.Lock()
			sv.lastErr, sv.wrote = err, upTo
			if err == nil && (!journal || due || closing) && sv.last == g {
				sv.folded = true
			}
			sv.flushed.Broadcast()
			sv.mu.Unlock()
		}
	}
}

// pause waits d, or less when someone hurries the saver.
func (sv *saver) pause(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-sv.hurried:
	}
}

// hurryLocked asks for what is pending to be written now. sv.mu is held.
func (sv *saver) hurryLocked() {
	sv.hurry = true
	sv.hurryPause()
}

// hurryPause ends a pause the saver is in.
func (sv *saver) hurryPause() {
	select {
	case sv.hurried <- struct{}{}:
	default:
	}
}

// journal makes the journal durable up to g, and folds it into the save
// when fold says so.
func (sv *saver) journal(g *deck.Game, seq uint64, fold bool) error {
	if err := sv.jr.SyncJournal(); err != nil {
		return err
	}
	if !fold {
		return nil
	}
	data, err := sv.encode(g)
	if err != nil {
		return err
	}
	return sv.jr.Fold(g, seq, data)
}

// write saves g whole. A journal that failed is removed first: an old
// journal beside newer saves would not fit them. The first save after the
// journal failed returns why as its note: the game is saved, and the table
// says "Saved, but …", not that it was not saved.
func (sv *saver) write(g *deck.Game) (note, err error) {
	sv.mu.Lock()
	jrErr := sv.jrErr
	sv.mu.Unlock()
	if sv.jr != nil {
		if err := sv.jr.DropJournal(); err != nil {
			return nil, fmt.Errorf("the journal could not be removed: %w", err)
		}
	}
	data, err := sv.encode(g)
	if err != nil {
		return nil, err
	}
	if err := sv.store.Save(sv.store.Reserve(), data); err != nil {
		return nil, err // the journal's failure is said with the save that succeeds
	}
	sv.mu.Lock()
	if sv.jrErr == jrErr {
		sv.jrErr = nil
	}
	sv.mu.Unlock()
	if jrErr != nil {
		return fmt.Errorf("the journal failed, so every change is saved whole from now on: %w", jrErr), nil
	}
	return nil, nil
}

func (sv *saver) encode(g *deck.Game) (data []byte, err error) {
	defer func() { // a bug in encoding fails this save, not the whole table
		if r := recover(); r != nil {
			sv.enc = deck.Encoder{} // start afresh: its cache may be half made
			err = fmt.Errorf("the save failed: %v", r)
		}
	}()
	return sv.enc.Encode(g)
}

// close writes what is pending (with a journal, folds it into the save and
// removes the journal), stops the goroutine and returns how the last save
// went.
func (sv *saver) close() error {
	sv.drained() // every change in the journal first, in order
	sv.mu.Lock()
	if sv.closing {
		sv.mu.Unlock()
		<-sv.done
		return sv.lastErr
	}
	sv.closing = true
	sv.refoldLocked()
	sv.hurryLocked()
	sv.mu.Unlock()
	sv.poke() // the loop drains pending, sees closing and ends
	<-sv.done
	if sv.jr != nil {
		close(sv.stopApp)
	}
	<-sv.appDone
	sv.timer.Stop()
	sv.idle.Stop()
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.lastErr == nil && sv.folded && sv.jr != nil {
		if err := sv.jr.DropJournal(); err != nil {
			sv.lastErr = fmt.Errorf("saved, but the journal could not be removed: %w", err)
		}
	}
	return sv.lastErr
}

// refoldLocked asks for the newest state again, to be folded into the save,
// when the save does not hold it yet. sv.mu is held.
func (sv *saver) refoldLocked() {
	if sv.jr == nil || sv.jrOff || sv.folded || sv.last == nil || sv.pending != nil {
		if sv.pending != nil {
			sv.due = true
		}
		return
	}
	sv.pending, sv.seq, sv.due = sv.last, sv.lastSeq, true
	sv.wanted++
}

// flush waits until every state asked for so far is written (or failed),
// the journal folded into the save, and returns how the last save went.
func (sv *saver) flush() error {
	sv.drained()
	sv.mu.Lock()
	sv.refoldLocked()
	sv.hurryLocked()
	sv.mu.Unlock()
	sv.poke()
	sv.mu.Lock()
	defer sv.mu.Unlock()
	for sv.wrote < sv.wanted {
		sv.flushed.Wait()
	}
	return sv.lastErr
}

// asked reports whether anything was asked to be saved yet.
func (sv *saver) asked() bool {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.wanted > 0 || sv.queued > 0
}
