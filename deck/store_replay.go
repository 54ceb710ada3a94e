package deck

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// readCurrent reads the save and its journal (nil when there is none),
// again while a running game folded its journal between the two reads:
// the journal read must be the one of the save read.
func (st *Store) readCurrent() (data, journal []byte, err error) {
	for range 5 {
		before, serr := os.Stat(st.Path())
		data, err = readSave(st.Path())
		journal, _ = readSave(st.JournalPath())
		after, aerr := os.Stat(st.Path())
		if serr != nil && aerr != nil || serr == nil && aerr == nil && os.SameFile(before, after) {
			break
		}
	}
	return data, journal, err
}

// applyLine is g after the journal line l.
func applyLine(g *Game, l journalLine) (*Game, error) {
	if l.Op == "save" {
		return Decode(l.Save)
	}
	if g == nil {
		return nil, errors.New("a change with no game before it")
	}
	hist := g.Now.History
	if l.From < 0 || l.From > hist.Len() || len(l.Turns) > MaxDraws {
		return nil, errors.New("a change's turns out of range")
	}
	history := hist.Prefix(l.From)
	for _, r := range l.Turns {
		history.Append(r)
	}
	var w wireState
	if err := strict(l.State, &w); err != nil {
		return nil, err
	}
	if w.HistoryLen != history.Len() {
		return nil, fmt.Errorf("a change with %d turns, its state %d", history.Len(), w.HistoryLen)
	}
	if err := checkTurns(history.Records(max(l.From-1, 0))); err != nil { // the turns before were checked
		return nil, err
	}
	s, err := fromWire(w, history)
	if err != nil {
		return nil, err
	}
	next := &Game{Now: s, undo: g.undo, redo: g.redo, changes: g.changes + 1}
	switch l.Op {
	case "do":
		next.undo, next.redo = append(g.undo[:len(g.undo):len(g.undo)], g.Now), nil
		if len(next.undo) > MaxUndo {
			next.undo = next.undo[len(next.undo)-MaxUndo:]
		}
	case "undo":
		if len(g.undo) > 0 {
			next.undo = g.undo[:len(g.undo)-1]
		}
		next.redo = append(g.redo[:len(g.redo):len(g.redo)], g.Now)
	case "redo":
		if len(g.redo) > 0 {
			next.redo = g.redo[:len(g.redo)-1]
		}
		next.undo = append(g.undo[:len(g.undo):len(g.undo)], g.Now)
	case "set":
		next.undo, next.redo = nil, nil
	default:
		return nil, fmt.Errorf("unknown change %q", l.Op)
	}
	return next, nil
}

// Recovered is what Recover found and mended.
type Recovered struct {
	Journal int  // changes from the journal folded into the save
	Took    bool // a complete save left as a temp file became the save
	Removed int  // temp files removed
	// Problem is a journal that could not be read whole: what of it was
	// kept, and where the rest went (store_salvage.go); nil when none.
	Problem *JournalProblem
}

// Recover mends the state folder after a kill, before anything reads it:
// the journal's changes are folded into the save (a new game's journal
// archives the save it found first; what of it cannot be read is moved
// aside and said, never deleted: recoverJournal), a complete temp file newer than the
// save becomes the save, and every other temp file of the store is
// removed. Nothing another running eventdeck is writing is touched (it
// holds a lock on its journal and its temp files).
func (st *Store) Recover(check func(*Game) error) Recovered {
	var out Recovered
	jf, err := osFS.Open(st.JournalPath(), os.O_RDONLY, 0)
	if err == nil {
		defer jf.Close()
		if fi, err := jf.Stat(); err != nil || !fi.Mode().IsRegular() {
			return out
		}
		if osFS.Lock(jf) != nil {
			return out // another eventdeck plays this folder's game now
		}
		if !st.recoverJournal(&out, check) {
			return out // kept: the save could not be written, or a newer eventdeck's
		}
	}
	entries, _ := os.ReadDir(st.Dir)
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTempOf(e.Name(), []string{SaveFile, BackupFile, JournalFile}) {
			continue
		}
		path := filepath.Join(st.Dir, e.Name())
		f, err := osFS.Open(path, os.O_RDONLY, 0)
		if err != nil {
			continue
		}
		busy := osFS.Lock(f) != nil
		if !busy && !out.Took && out.Journal == 0 && isTempOf(e.Name(), []string{SaveFile}) && st.newerSave(path, check) {
			out.Took = st.takeTemp(path) == nil
		}
		if !busy && os.Remove(path) == nil {
			out.Removed++
		}
		f.Close()
	}
	return out
}

// newerSave reports whether the temp file at path holds a complete save
// that passes check and is newer than the save (or there is no readable
// save).
func (st *Store) newerSave(path string, check func(*Game) error) bool {
	data, err := readSave(path)
	if err != nil {
		return false
	}
	g, err := Decode(data)
	if err != nil || checkGame(g, check) != nil {
		return false
	}
	ti, err := os.Stat(path)
	if err != nil {
		return false
	}
	si, err := os.Stat(st.Path())
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil || !si.Mode().IsRegular() {
		return false
	}
	if _, err := st.loadFile(st.Path(), check); err != nil {
		return true // the save is broken: the temp is the newest good one
	}
	return ti.ModTime().After(si.ModTime())
}

// takeTemp makes the temp file at path the save: the save is kept as the
// backup (or moved aside when broken), then the temp is renamed over it.
func (st *Store) takeTemp(path string) error {
	if _, err := st.loadFile(st.Path(), nil); err != nil && !errors.Is(err, fs.ErrNotExist) {
		if _, err := moveAside(st.Path()); err != nil {
			return err
		}
	} else if err := st.keepBackup(); err != nil {
		return err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		return err
	}
	if err := os.Rename(path, st.Path()); err != nil {
		return err
	}
	return syncDir(st.Dir)
}

// loadCurrent reads the save and the changes its journal holds since
// (store_replay.go). base is the hash of the save when the game is the
// save as it is on disk, with nothing from the journal; "" otherwise.
func (st *Store) loadCurrent(check func(*Game) error) (g *Game, base string, err error) {
	data, journal, err := st.readCurrent()
	var saved *Game
	if err == nil {
		saved, err = Decode(data)
	}
	if err != nil {
		data = nil
	}
	if r := replayJournal(journal, data, saved); r.game != nil {
		if cerr := checkGame(r.game, check); cerr == nil {
			return r.game, "", nil
		}
	}
	if err != nil {
		return nil, "", err
	}
	if err := checkGame(saved, check); err != nil {
		return nil, "", err
	}
	return saved, hashOf(data), nil
}

// checkGame checks every state of g with check.
func checkGame(g *Game, check func(*Game) error) error {
	if check == nil {
		return nil
	}
	if err := check(g); err != nil {
		return err
	}
	// Undo and redo bring their states back to the table: each must pass
	// the same checks, or the game would be saved in a form the next start
	// refuses.
	for i, s := range g.undo {
		if err := check(NewGame(s)); err != nil {
			return fmt.Errorf("undo state %d: %w", len(g.undo)-i, err)
		}
	}
	for i, s := range g.redo {
		if err := check(NewGame(s)); err != nil {
			return fmt.Errorf("redo state %d: %w", len(g.redo)-i, err)
		}
	}
	return nil
}
