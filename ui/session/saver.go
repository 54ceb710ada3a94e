package session

import (
	"fmt"
	"sync"

	"github.com/eventdeck/eventdeck/deck"
)

// saver writes the newest state of a game on its own goroutine. Saves
// coalesce: while one is being written, newer states replace each other and
// only the newest is written next. Nobody waits on a write but close.
type saver struct {
	store  Store
	result func(err, backup error)
	enc    deck.Encoder // the saver's goroutine's own: each save encodes only the new turns

	mu      sync.Mutex // never held while writing
	pending *deck.Game // the newest state not yet written; nil when none
	closing bool
	wanted  uint64 // states asked for so far
	wrote   uint64 // of which written (or failed) so far
	flushed *sync.Cond
	lastErr error
	wake    chan struct{}
	done    chan struct{}
}

func newSaver(st Store, newGame bool, result func(err, backup error)) *saver {
	sv := &saver{store: st, result: result, wake: make(chan struct{}, 1), done: make(chan struct{})}
	sv.flushed = sync.NewCond(&sv.mu)
	go sv.run(newGame)
	return sv
}

// want asks for g to be saved; it returns at once.
func (sv *saver) want(g *deck.Game) {
	sv.mu.Lock()
	sv.pending = g
	sv.wanted++
	sv.mu.Unlock()
	select {
	case sv.wake <- struct{}{}:
	default:
	}
}

func (sv *saver) run(newGame bool) {
	defer close(sv.done)
	if newGame {
		sv.store.NewGameStarts() // the saved game is archived before this one's first save
	}
	for range sv.wake {
		for {
			sv.mu.Lock()
			g, closing, upTo := sv.pending, sv.closing, sv.wanted
			sv.pending = nil
			sv.mu.Unlock()
			if g == nil {
				if closing {
					return
				}
				break
			}
			err := sv.write(g)
			sv.result(err, sv.store.BackupProblem())
			sv.mu.Lock()
			sv.lastErr, sv.wrote = err, upTo
			sv.flushed.Broadcast()
			sv.mu.Unlock()
		}
	}
}

func (sv *saver) write(g *deck.Game) (err error) {
	defer func() { // a bug in encoding fails this save, not the whole table
		if r := recover(); r != nil {
			sv.enc = deck.Encoder{} // start afresh: its cache may be half made
			err = fmt.Errorf("the save failed: %v", r)
		}
	}()
	data, err := sv.enc.Encode(g)
	if err != nil {
		return err
	}
	return sv.store.Save(sv.store.Reserve(), data)
}

// close writes what is pending, stops the goroutine and returns how the
// last save went.
func (sv *saver) close() error {
	sv.mu.Lock()
	if sv.closing {
		sv.mu.Unlock()
		<-sv.done
		return sv.lastErr
	}
	sv.closing = true
	sv.mu.Unlock()
	select { // the loop drains pending, sees closing and ends
	case sv.wake <- struct{}{}:
	default: // already woken
	}
	<-sv.done
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.lastErr
}

// flush waits until every state asked for so far is written (or failed)
// and returns how the last save went.
func (sv *saver) flush() error {
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
	return sv.wanted > 0
}
