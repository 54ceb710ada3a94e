package deck

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// replayed is what the journal makes of the save.
type replayed struct {
	game    *Game // nil: the journal adds nothing to the save (none, or stale)
	fresh   bool  // the journal holds its game whole: the save is another game, or none
	applied int   // changes applied
}

// replayJournal reads the journal and applies its changes to saved, the
// save whose bytes are data (nil when there is none, or it is broken). A
// journal continues the save when its header or a fold mark names the
// save's hash; one that starts with the game whole stands alone; any other
// is stale. A torn or broken line ends it: the changes before it count.
func replayJournal(raw, data []byte, saved *Game) replayed {
	if raw == nil {
		return replayed{}
	}
	first, rest, _ := bytes.Cut(raw, []byte("\n"))
	var h journalHeader
	if strict(first, &h) != nil || h.Journal != formatName || h.Version != journalVersion {
		return replayed{}
	}
	var changes []journalLine
	start := -1
	hash := ""
	if data != nil {
		hash = hashOf(data)
		if h.Base == hash {
			start = 0
		}
	}
	for len(rest) > 0 {
		line, more, ok := bytes.Cut(rest, []byte("\n"))
		if !ok {
			break // torn: killed while writing it
		}
		rest = more
		var l journalLine
		if strict(line, &l) != nil {
			break
		}
		if l.Op == "fold" {
			if hash != "" && l.Base == hash && l.Lines <= len(changes) {
				start = l.Lines
			}
			continue
		}
		changes = append(changes, l)
	}
	out := replayed{}
	g := saved
	switch {
	case start >= 0 && saved != nil:
	case h.Base == "" && len(changes) > 0 && changes[0].Op == "save":
		start, g, out.fresh = 0, nil, true
	default:
		return replayed{}
	}
	for _, l := range changes[start:] {
		next, err := applyLine(g, l)
		if err != nil {
			break
		}
		g = next
		out.applied++
	}
	if g == nil || out.applied == 0 && !out.fresh {
		return replayed{}
	}
	out.game = g
	return out
}

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
}

// Recover mends the state folder after a kill, before anything reads it:
// the journal's changes are folded into the save (a new game's journal
// archives the save it found first), a complete temp file newer than the
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
		var ok bool
		if out.Journal, ok = st.foldJournal(check); !ok {
			return out // kept: the save could not be written
		}
		_ = os.Remove(st.JournalPath())
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

// foldJournal writes the game the journal makes as the save; ok is false
// when the save could not be written (the journal stays).
func (st *Store) foldJournal(check func(*Game) error) (int, bool) {
	data, journal, err := st.readCurrent()
	var saved *Game
	if err == nil {
		saved, err = Decode(data)
	}
	if err != nil {
		data, saved = nil, nil
	}
	r := replayJournal(journal, data, saved)
	if r.game == nil || checkGame(r.game, check) != nil {
		return 0, true // nothing to add to the save
	}
	enc, err := Encode(r.game)
	if err != nil {
		return 0, false
	}
	if r.fresh && exists(st.Path()) {
		st.NewGameStarts() // the game before the new one is archived first
	}
	if err := st.save(st.Reserve(), enc); err != nil {
		return 0, false
	}
	return max(r.applied, 1), true
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
