// Package session is the table session: it owns one game and its save, takes
// every change as an intent checked for its reader (a Hand) under one lock, and
// tells every attached view, local or remote, to look again. No Bubble Tea.
package session

import (
	"errors"
	"sync"
	"time"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Options start a session.
type Options struct {
	Rules expansions.Ruleset
	Game  *deck.Game
	// Store is where the game is saved after every change (a *deck.Store);
	// nil saves nothing.
	Store Store
	// NewGame archives the saved game, if any, before this game's first save.
	NewGame bool
	// SaveNow saves the game at once (a resumed backup becomes the save).
	SaveNow bool
	// Now is the clock the turn timer runs by; nil is the wall clock.
	// Tests set their own.
	Now func() time.Time
}

// Store keeps saves: *deck.Store, or a test's stand-in for a slow disk.
type Store interface {
	Reserve() uint64
	Save(seq uint64, data []byte) error
	NewGameStarts()
	BackupProblem() error
}

// Snapshot is the game as one intent left it. Its State never changes, so a
// view may keep and read it while the session goes on.
type Snapshot struct {
	Version uint64      // counts every change, undo and redo
	Own     uint64      // counts the answers given on players' own screens
	Screens uint64      // counts players' screens coming and going, and looks opened or closed on them
	Closed  bool        // the game has ended on the host
	State   *deck.State // the game now
	CanUndo bool
	CanRedo bool
	SaveErr error // the last save failed; nil once one succeeds
	// BackupErr is why a save could not keep the one before it as the
	// backup; it is told once.
	BackupErr error
}

// Session is one game on the table, shared by its views. Intents are
// serialised by one lock that no save ever holds: saves run on their own
// goroutine, newest state first (see saver).
type Session struct {
	rules expansions.Ruleset
	now   func() time.Time

	mu      sync.RWMutex // changes hold it; Looks read under it together
	game    *deck.Game
	saveErr error
	backup  error
	views   map[*view]struct{}
	saver   *saver
	own     ownAnswers        // answers players give on their own screens (own.go)
	looking map[string]string // by player: a private action open on their own screen (looking.go)
	screens uint64            // Snapshot.Screens
	last    lastChange        // who made the last change (roles.go)
	ticket  uint64            // the saver's ticket of the last change (settle waits for it)
	renamed map[string]string // a player's old name (lower case) to their new one: their screens follow
	memo    memo              // what the rules say of the state now, for every check and reader (look.go)
	memoMu  sync.Mutex        // guards memo: readers fill it under the read lock
	closed  bool              // the game has ended: no more changes
	timer   turnTimer
}

// New starts a session on o.Game.
func New(o Options) *Session {
	s := &Session{rules: o.Rules, game: o.Game, views: map[*view]struct{}{}, now: o.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if o.Game != nil {
		s.timer.resumeClock(o.Game.Now, s.now()) // clock.go: a resumed turn keeps its timer
	}
	if o.Store != nil {
		s.saver = newSaver(o.Store, o.NewGame, s.saved)
		if o.SaveNow {
			s.saver.want(o.Game.Snapshot())
		}
	}
	return s
}

// Rules is the session's ruleset.
func (s *Session) Rules() expansions.Ruleset { return s.rules }

// Snapshot is the game as it is now.
func (s *Session) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshotLocked()
}

func (s *Session) snapshotLocked() Snapshot {
	return Snapshot{
		Version: s.game.Changes(), State: s.game.Now, Own: s.own.gen, Screens: s.screens, Closed: s.closed,
		CanUndo: s.game.CanUndo(), CanRedo: s.game.CanRedo(),
		SaveErr: s.saveErr, BackupErr: s.backup,
	}
}

// Game is a copy of the game with its undo and redo, safe to encode while
// the session goes on (a crash report, a final save).
func (s *Session) Game() *deck.Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.game.Snapshot()
}

// Now is the game's state now.
func (s *Session) Now() *deck.State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.game.Now
}

// ErrClosed refuses changes once the game has ended (Close).
var ErrClosed = errors.New("the game has ended on the host")

// doAs applies change for by, if check allows it on the state now: the
// check and the change hold the lock together, so no other intent comes
// between them. The lock is let go however change ends, a panic too.
func (s *Session) doAs(by Who, check func(st *deck.State, w Who) error, change func(*deck.State) error) error {
	changed, err := s.doAsLocked(by, check, change)
	if changed {
		s.settle()
	}
	return err
}

func (s *Session) doAsLocked(by Who, check func(st *deck.State, w Who) error, change func(*deck.State) error) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false, ErrClosed
	}
	w := s.whoLocked(by)
	if check != nil {
		if err := check(s.game.Now, w); err != nil {
			return false, err
		}
	}
	turns := s.game.Now.Turns()
	if err := s.game.Do(change); err != nil {
		return false, err
	}
	s.last = lastChange{by: w, at: s.game.Changes()}
	s.restartLocked(turns)
	s.changedLocked()
	return true, nil
}

// lastChange is who made the last change, and the change count it left:
// a player may take back their own last change, nobody else's.
type lastChange struct {
	by     Who
	at     uint64
	undone bool // the change was an undo (a redo may follow)
}

// changedLocked gives the change to the saver, in order and in memory
// only: no disk under the session's lock. The intent that made it then
// settles, with the lock let go.
func (s *Session) changedLocked() {
	if s.saver != nil {
		s.ticket = s.saver.want(s.game.Snapshot())
	}
}

// settle waits (briefly, bounded, no lock held) for the last change's
// journal line, then tells every view to look again: a screen shows a
// change only once a kill -9 can no longer lose it, unless the disk
// hangs, and then it shows it anyway.
func (s *Session) settle() {
	s.mu.Lock()
	t := s.ticket
	s.mu.Unlock()
	if s.saver != nil {
		s.saver.settled(t)
	}
	s.mu.Lock()
	s.pokeLocked()
	s.mu.Unlock()
}

// pokeLocked tells every view to look again.
func (s *Session) pokeLocked() {
	for v := range s.views {
		v.poke()
	}
}

// acceptDefaults answers with its default every open question, in order,
// as one change, until one has none.
func (s *Session) acceptDefaults(st *deck.State) error {
	for range 100 { // a turn asks far fewer
		q := FirstOpen(s.stepsOf(st), st.Open)
		if q == nil || q.Default == "" {
			return nil
		}
		if err := s.rules.Answer(st, *q, q.Default); err != nil {
			return err
		}
	}
	return nil
}

// FirstOpen is the first question of steps without an answer in o.
func FirstOpen(steps []deck.Step, o *deck.Record) *deck.Question {
	for i := range steps {
		q := steps[i].Question
		if q == nil {
			continue
		}
		if o == nil || o.Answers == nil {
			return q
		}
		if _, ok := o.Answers[q.Key]; !ok {
			return q
		}
	}
	return nil
}

// ErrNoFacts is returned when the game keeps no facts.
var ErrNoFacts = errors.New("this game keeps no facts")

func pass(st *deck.State, next bool) error {
	if next {
		st.NextPlayer()
	} else {
		st.PrevPlayer()
	}
	return nil
}

// undoAs undoes (or redoes) for by, if check allows it, under one lock.
func (s *Session) undoAs(by Who, check func(w Who) error, redo bool) (bool, error) {
	ok, err := s.undoAsLocked(by, check, redo)
	if ok {
		s.settle()
	}
	return ok, err
}

func (s *Session) undoAsLocked(by Who, check func(w Who) error, redo bool) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false, ErrClosed
	}
	w := s.whoLocked(by)
	if check != nil {
		if err := check(w); err != nil {
			return false, err
		}
	}
	turns := s.game.Now.Turns()
	var ok bool
	if redo {
		ok = s.game.Redo()
	} else {
		ok = s.game.Undo()
	}
	if ok {
		s.last = lastChange{by: w, at: s.game.Changes(), undone: !redo}
		if redo {
			s.restartLocked(turns)
		}
		// The table is back where it was: a question comes back as it
		// opened, so what players said of it on their own screens goes
		// too and each is asked again (play-test: the host's undo left
		// "You said yes" on Bob's screen, and Bob's yes out of the answer).
		s.own = ownAnswers{gen: s.own.gen + 1}
		s.changedLocked()
	}
	return ok, nil
}

// saved records how a save went and tells the views when that changed.
func (s *Session) saved(err, backup error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil && s.saveErr == nil && backup == nil {
		return
	}
	s.saveErr = err
	if backup != nil {
		s.backup = backup
	}
	s.pokeLocked()
}

// TakeBackupProblem returns, once, why a save could not keep a backup, or
// what else a save that went well has to say: the journal given up for
// whole saves (the table shows either as "Saved, but …").
func (s *Session) TakeBackupProblem() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.backup
	s.backup = nil
	return err
}

// Flush waits until the newest state is saved and returns how the last
// save went. Keys never call it; tests and a final save do.
func (s *Session) Flush() error {
	if s.saver == nil {
		return nil
	}
	return s.saver.flush()
}

// Close waits for the newest state to be saved (the game is saved once at
// least) and returns how the last
// save went. The session must not change after Close.
func (s *Session) Close() error {
	s.mu.Lock()
	s.closed = true // a change from another screen now is refused, not lost
	s.pokeLocked()  // and every screen hears the game has ended
	stamped := s.stampClockLocked()
	s.mu.Unlock()
	if s.saver == nil {
		return nil
	}
	if stamped != nil {
		s.saver.want(stamped) // the turn's time left goes with the save (clock.go)
	} else if !s.saver.asked() {
		s.saver.want(s.Game()) // a game resumed and left at once is saved on the way out too
	}
	return s.saver.close()
}
