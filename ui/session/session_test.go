package session

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// slowDisk is a store whose writes wait until the test lets them go: a
// disk as slow as the test likes.
type slowDisk struct {
	gate    chan struct{} // one receive lets one write finish
	mu      sync.Mutex
	seq     uint64
	writes  int
	last    []byte
	started chan struct{}
}

func newSlowDisk() *slowDisk {
	return &slowDisk{gate: make(chan struct{}), started: make(chan struct{}, 100)}
}

func (d *slowDisk) Reserve() uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seq++
	return d.seq
}

func (d *slowDisk) Save(_ uint64, data []byte) error {
	d.started <- struct{}{}
	<-d.gate
	d.mu.Lock()
	defer d.mu.Unlock()
	d.writes++
	d.last = data
	return nil
}

func (d *slowDisk) NewGameStarts()       {}
func (d *slowDisk) BackupProblem() error { return nil }

func (d *slowDisk) saved(t *testing.T) (*deck.Game, int) {
	t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	g, err := deck.Decode(d.last)
	if err != nil {
		t.Fatal(err)
	}
	return g, d.writes
}

func catanGame(t *testing.T) (expansions.Ruleset, *deck.Game) {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, "catan")
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 7)
	if err != nil {
		t.Fatal(err)
	}
	return r, deck.NewGame(st)
}

// draw draws the next card, walking the open turn to its end first, as the
// table's space key does.
func draw(t *testing.T, s *Session) {
	t.Helper()
	for range 50 {
		now := s.Now()
		q := FirstOpen(s.Rules().Steps(now), now.Open)
		if q == nil {
			break
		}
		if err := s.As(TheHost()).Answer(*q, deck.AnswerSkip); err != nil {
			t.Fatal(err)
		}
	}
	a, ok := expansions.Main(s.Rules().Actions(s.Now()))
	if !ok {
		t.Fatal("no draw on offer")
	}
	if err := s.As(TheHost()).Act(deck.Action{ID: a.ID}, len(s.Rules().Steps(s.Now()))); err != nil {
		t.Fatal(err)
	}
}

// Issue 21/22: a slow disk never holds up the table. With the first write
// stuck, 20 draws still go through at once; then the writes coalesce (the
// newest state wins) and Close waits for the last one.
func TestSlowDiskNeverBlocksIntents(t *testing.T) {
	r, g := catanGame(t)
	disk := newSlowDisk()
	s := New(Options{Rules: r, Game: g, Store: disk})
	draw(t, s)
	<-disk.started // the first save is on the disk, and stuck there
	for range 19 {
		draw(t, s) // none of these waits for it
	}
	if got := s.Now().Draws; got != 20 {
		t.Fatalf("%d draws while the disk was stuck, want 20", got)
	}
	done := make(chan error)
	go func() { done <- s.Close() }()
	disk.gate <- struct{}{} // the first write ends
	<-disk.started
	disk.gate <- struct{}{} // the newest state, once
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	saved, writes := disk.saved(t)
	if saved.Now.Draws != 20 || writes != 2 {
		t.Fatalf("saved %d draws in %d writes; want 20 draws in 2 (the newest state wins)", saved.Now.Draws, writes)
	}
}

// Every attached view is told of a change made by any view; a view that
// does not look for a while is told once, and a detached view no more.
func TestViewsAreToldOfChanges(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	var told [2]atomic.Int32
	seen := make(chan int, 100)
	block := make(chan struct{})
	detach0 := s.Attach(func() { told[0].Add(1); seen <- 0 })
	detach1 := s.Attach(func() { <-block; told[1].Add(1) }) // a slow view
	draw(t, s)
	<-seen
	draw(t, s)
	draw(t, s)
	<-seen
	if s.Views() != 2 {
		t.Fatalf("%d views", s.Views())
	}
	close(block)
	detach1()
	if n := told[1].Load(); n < 1 || n > 2 {
		t.Fatalf("the slow view was told %d times of 3 changes; want 1 or 2 (coalesced)", n)
	}
	detach0()
	before := told[0].Load()
	draw(t, s)
	if told[0].Load() != before || s.Views() != 0 {
		t.Fatal("a detached view was told")
	}
}

// Undo and redo go through the session like any intent, and a seat change
// while a question is open keeps the turn open with its question.
func TestReseatKeepsTheQuestionAndUndoes(t *testing.T) {
	r, g := catanGame(t)
	s := New(Options{Rules: r, Game: g})
	for range 200 {
		draw(t, s)
		now := s.Now()
		if FirstOpen(r.Steps(now), now.Open) != nil {
			break
		}
	}
	now := s.Now()
	q := FirstOpen(r.Steps(now), now.Open)
	if q == nil {
		t.Fatal("no turn with a question in 200 draws")
	}
	turns := now.Turns()
	if err := s.As(TheHost()).Reseat([]int{1, 0, 2}, "Ann and Bob change seats"); err != nil {
		t.Fatal(err)
	}
	after := s.Now()
	if after.Open == nil || after.Turns() != turns || FirstOpen(r.Steps(after), after.Open) == nil {
		t.Fatalf("the seat change closed the turn: open %v, %d turns (was %d)", after.Open, after.Turns(), turns)
	}
	if !hostUndo(s, "Undo") || s.Now().Players[0].Name != "Ann" {
		t.Fatalf("the seat change was not undone: %v", s.Now().Players)
	}
	if !hostUndo(s, "Redo") || s.Now().Players[0].Name != "Bob" {
		t.Fatalf("the seat change was not redone: %v", s.Now().Players)
	}
}

// hostUndo undoes (or redoes) as the host and reports whether there was a
// change to take back (or make again).
func hostUndo(s *Session, which string) bool {
	h := s.As(TheHost())
	var ok bool
	var err error
	if which == "Redo" {
		ok, err = h.Redo()
	} else {
		ok, err = h.Undo()
	}
	return ok && err == nil
}
