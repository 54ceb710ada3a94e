package deck

import "slices"

// MaxUndo is how many actions can be undone.
const MaxUndo = 200

// SavedUndo is how many of them a save keeps (and as many to redo): enough
// to take back a wrong key after a crash, small enough to save in a blink.
const SavedUndo = 25

// Game is a State with undo and redo. Every change goes through Do, so undo
// restores exactly the state before an action: the same card goes back on
// top, even across a New Year rebuild, and the random stream rewinds with it,
// so undo never draws anew.
//
// States are never changed once made: Do changes a copy and keeps the old
// one for undo. So a Snapshot can be saved on another goroutine while the
// game goes on.
type Game struct {
	Now  *State
	undo []*State // oldest first
	redo []*State // furthest first; the last is the next to redo

	changes uint64 // counts every change, undo and redo: what a save watches
}

// Changes counts the changes made to the game so far (each Do, Undo and
// Redo): a save is due whenever it moved.
func (g *Game) Changes() uint64 { return g.changes }

// NewGame wraps s with empty undo and redo stacks.
func NewGame(s *State) *Game { return &Game{Now: s} }

// Do applies change to the current state. If change fails the state is left
// exactly as it was. A successful change can be undone and clears redo.
func (g *Game) Do(change func(*State) error) error {
	// With nothing to redo no state has a longer history than Now, so the
	// next state may append to the same history array: no copy per draw.
	next := g.Now.clone(len(g.redo) == 0)
	if err := change(next); err != nil {
		return err
	}
	g.undo = append(g.undo, g.Now)
	g.Now = next
	if len(g.undo) > MaxUndo {
		g.undo = append(g.undo[:0], g.undo[len(g.undo)-MaxUndo:]...)
	}
	g.redo = g.redo[:0]
	g.changes++
	return nil
}

// Snapshot returns the game as it is now, sharing its states (which never
// change) but not its stacks: safe to encode while the game goes on.
func (g *Game) Snapshot() *Game {
	return &Game{Now: g.Now, undo: slices.Clone(g.undo), redo: slices.Clone(g.redo)}
}

// Forget drops what can be undone and redone: after a change that rewrote
// the past (players changing seats), older states no longer fit it.
func (g *Game) Forget() {
	if len(g.redo) > 0 {
		// An undone state may share Now's history array past its end (see
		// Do), and a save may still be reading it: once redo is gone, the
		// next Do would append over it. Now's copy holds its own array.
		g.Now = g.Now.clone(false)
	}
	g.undo, g.redo = nil, nil
	g.changes++
}

// CanUndo reports whether there is an action to undo.
func (g *Game) CanUndo() bool { return len(g.undo) > 0 }

// CanRedo reports whether there is an undone action to redo.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Undo restores the state before the last action and reports whether there
// was one.
func (g *Game) Undo() bool {
	if len(g.undo) == 0 {
		return false
	}
	g.redo = append(g.redo, g.Now)
	g.Now = g.undo[len(g.undo)-1]
	g.undo = g.undo[:len(g.undo)-1]
	g.changes++
	return true
}

// Redo applies again the last undone action and reports whether there was one.
func (g *Game) Redo() bool {
	if len(g.redo) == 0 {
		return false
	}
	g.undo = append(g.undo, g.Now)
	g.Now = g.redo[len(g.redo)-1]
	g.redo = g.redo[:len(g.redo)-1]
	g.changes++
	return true
}
