package deck

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// JournalFile is the journal beside the save: every change since the save
// was written, one line each. A change is written to it before any screen
// shows it, a few hundred bytes, where a save rewrites the whole game; the
// save folds the journal in now and then (Fold). Recover folds what a
// killed game left in it.
const JournalFile = "game.json.journal"

// Journal lines are JSON objects, one a line. The first says which save
// the journal continues; then come the changes, and fold marks.
type journalHeader struct {
	Journal string `json:"journal"` // formatName
	Version int    `json:"version"`
	// Base is the hash of the save the journal continues (hashOf); ""
	// when its first line holds the game whole (a new game, a backup
	// resumed), whatever the save is.
	Base string `json:"base"`
}

// journalVersion is the version of the journal this build writes.
const journalVersion = 1

// journalLine is one change, or a fold mark.
type journalLine struct {
	// Op is what the change did to the game: "save" (the game whole, in
	// Save), "do", "undo", "redo" (its stacks as Game's methods leave
	// them, with State the state now), "set" (State now, nothing to undo),
	// or "fold": the save with hash Base holds the journal's first Lines
	// changes.
	Op    string          `json:"op"`
	Save  json.RawMessage `json:"save,omitempty"`
	From  int             `json:"from,omitempty"`  // the turns kept from the state before
	Turns []Record        `json:"turns,omitempty"` // the turns after those
	State json.RawMessage `json:"state,omitempty"` // a wireState
	Base  string          `json:"base,omitempty"`
	Lines int             `json:"lines,omitempty"`
}

// Fold the journal into the save after this many changes, or this many
// bytes, at the latest: a fold rewrites the whole game, a change costs a
// line. (The session folds sooner, once the table is quiet.)
const (
	foldLines = 1024
	foldBytes = 2 << 20
)

// journal is the store's journal as it writes it.
type journal struct {
	mu     sync.Mutex // held to write a line to the page cache, never for a sync
	f      *os.File   // nil until the first change
	failed error      // a write failed: no more lines (the saver saves whole)
	offs   []int64    // where each change line in the file starts (the lines stay on disk only)
	end    int64      // the file's size: where the next line goes
	size   int        // the change lines' bytes
	head   uint64     // changes written before the file's first line
	prev   *Game      // the game as the last line left it
	base   string     // the hash of the save a fresh file continues
	owner  bool       // this store made the file
	// closeFirst: a rename could not replace the open journal (see
	// restartJournal): the old file is closed before the rename.
	closeFirst bool

	// During a fold, between the new file's making and its rename over
	// the old, each line is written to both (also, at alsoOffs): whichever
	// file has the journal's name when a kill comes holds every line, and
	// no lock is held across the rename.
	also     *os.File
	alsoOffs []int64
	alsoEnd  int64
}

// hashOf names a save by its bytes.
func hashOf(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:16])
}

// JournalPath is the journal's path.
func (st *Store) JournalPath() string { return filepath.Join(st.Dir, JournalFile) }

// ErrJournalBusy is Append's error when another eventdeck writes the
// journal of this folder.
var ErrJournalBusy = errors.New("another eventdeck is saving a game in this folder")

// Append writes g's change since the last one appended (or since the game
// Load read) to the journal, and returns its number: Fold takes it. It
// writes to the page cache and does not sync (SyncJournal does, off the
// caller's path): a change appended is on disk for any later start, even
// after a kill -9. due says the journal should be folded soon.
func (st *Store) Append(g *Game) (seq uint64, due bool, err error) {
	j := &st.jr
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.failed != nil {
		return 0, false, j.failed
	}
	var out []byte
	if j.f == nil {
		if err := st.openJournal(); err != nil {
			j.failed = err
			return 0, false, err
		}
		h, _ := json.Marshal(journalHeader{Journal: formatName, Version: journalVersion, Base: j.base})
		out = append(h, '\n')
		if j.base == "" || j.prev == nil {
			j.prev = nil // the first line holds the game whole
		}
	}
	line, err := changeLine(j.prev, g)
	if err != nil {
		j.failed = err
		return 0, false, err
	}
	if line == nil && out == nil { // nothing changed
		return j.head + uint64(len(j.offs)), len(j.offs) > 0, nil
	}
	if _, err := j.f.Write(append(out, line...)); err != nil {
		j.failed = fmt.Errorf("the journal could not be written: %w", err)
		return 0, false, j.failed
	}
	if j.also != nil && line != nil {
		if _, err := j.also.Write(line); err != nil {
			j.failed = fmt.Errorf("the journal could not be written: %w", err)
			return 0, false, j.failed
		}
		j.alsoOffs = append(j.alsoOffs, j.alsoEnd)
		j.alsoEnd += int64(len(line))
	}
	j.end += int64(len(out))
	if line != nil {
		j.offs = append(j.offs, j.end)
		j.end += int64(len(line))
		j.size += len(line)
	}
	j.prev = g
	n := len(j.offs)
	return j.head + uint64(n), n >= foldLines || j.size >= foldBytes || line != nil && isWhole(line), nil
}

// changesFrom reads back the journal's change lines from f, from offset
// from up to to (lines written before), leaving out fold marks: a journal
// started afresh holds only changes.
func changesFrom(f *os.File, from, to int64) ([]byte, error) {
	buf := make([]byte, to-from)
	if _, err := f.ReadAt(buf, from); err != nil {
		return nil, fmt.Errorf("the journal could not be read back: %w", err)
	}
	out := buf[:0]
	for rest := buf; len(rest) > 0; {
		line, more, _ := bytes.Cut(rest, []byte("\n"))
		if !bytes.HasPrefix(line, []byte(`{"op":"fold"`)) {
			out = append(append(out, line...), '\n') // in place: out never passes rest
		}
		rest = more
	}
	return out, nil
}

// isWhole reports whether a journal line holds the game whole or without
// its stacks: a fold soon keeps undo as the game has it.
func isWhole(line []byte) bool {
	return len(line) > 12 && (string(line[:12]) == `{"op":"save"` || string(line[:11]) == `{"op":"set"`)
}

// openJournal starts the journal file: the save Load read is its base,
// and the game Load read the state before its first change. Called with
// j.mu held.
func (st *Store) openJournal() error {
	j := &st.jr
	st.mu.Lock()
	if j.base == "" && j.prev == nil && st.base != "" {
		j.base, j.prev = st.base, st.loaded
	}
	st.mu.Unlock()
	// A first game's folder may not be there yet: the journal makes it,
	// as a whole save does (else the journal fails and every change is
	// saved whole, behind the screen).
	if err := osFS.MkdirAll(st.Dir, 0o700); err != nil {
		return fmt.Errorf("the journal could not be opened: %w", err)
	}
	f, err := OpenAppend(st.JournalPath(), 0o600) // a FIFO there is refused, never waited on (under the session's lock)
	if err != nil {
		return fmt.Errorf("the journal could not be opened: %w", err)
	}
	if err := osFS.Lock(f); err != nil {
		f.Close()
		return ErrJournalBusy
	}
	if err := emptyFile(f); err != nil { // what was there, Recover found stale
		f.Close()
		return fmt.Errorf("the journal could not be started: %w", err)
	}
	j.f, j.owner, j.end = f, true, 0
	return nil
}

// changeLine is the journal line that takes prev to g: nil when nothing
// changed, the game whole when prev is nil.
func changeLine(prev, g *Game) ([]byte, error) {
	if prev == nil {
		data, err := Encode(g)
		if err != nil {
			return nil, err
		}
		return lineOf(journalLine{Op: "save", Save: data})
	}
	if g.Now == prev.Now && len(g.undo) == len(prev.undo) && len(g.redo) == len(prev.redo) {
		return nil, nil
	}
	op := "set"
	switch {
	case len(g.redo) > 0 && g.redo[len(g.redo)-1] == prev.Now:
		op = "undo"
	case len(g.undo) > 0 && g.undo[len(g.undo)-1] == prev.Now && len(g.redo) == 0:
		op = "do"
	case len(g.undo) > 0 && g.undo[len(g.undo)-1] == prev.Now:
		op = "redo"
	}
	w, err := toWire(g.Now)
	if err != nil {
		return nil, err
	}
	// The line as lineOf writes it, without encoding/json's reflection and
	// its second pass over the state (issue 32: a line a key, before the
	// frame).
	from := sharedTurns(prev.Now.History, g.Now.History)
	out := make([]byte, 0, 1024)
	out = append(append(append(out, `{"op":"`...), op...), '"')
	if from != 0 {
		out = strconv.AppendInt(append(out, `,"from":`...), int64(from), 10)
	}
	for i := from; i < g.Now.History.Len(); i++ {
		if i == from {
			out = append(out, `,"turns":[`...)
		} else {
			out = append(out, ',')
		}
		out = appendRecord(out, g.Now.History.At(i))
		if i == g.Now.History.Len()-1 {
			out = append(out, ']')
		}
	}
	out = appendWire(append(out, `,"state":`...), w)
	return append(out, '}', '\n'), nil
}

// sharedTurns is how many turns b keeps of a: turns never change once made
// (see Encoder), so the last one both hold tells.
func sharedTurns(a, b History) int {
	k := min(a.Len(), b.Len())
	for k > 0 && !a.sameTurn(k-1, b) {
		k--
	}
	return k
}

func lineOf(l journalLine) ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// SyncJournal makes the changes appended so far durable. Run it off the
// table's path: it waits for the disk.
func (st *Store) SyncJournal() error {
	st.jr.mu.Lock()
	f := st.jr.f
	st.jr.mu.Unlock()
	if f == nil {
		return nil
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("the journal could not be synced: %w", err)
	}
	return nil
}

// Fold writes data, g encoded, as the save (see Save), g being the game
// as change seq (Append's number) left it, and starts the journal afresh
// with the changes after seq. A mark in the journal first says which
// changes the new save holds, so a kill between the two leaves a journal
// that still fits the save. Only one goroutine folds.
func (st *Store) Fold(g *Game, seq uint64, data []byte) error {
	j := &st.jr
	h := hashOf(data)
	j.mu.Lock()
	f, k := j.f, int(seq-j.head)
	if f == nil {
		j.base, j.prev = h, g // the first change continues this save
	}
	var err error
	if f != nil && j.failed == nil {
		if k < 0 || k > len(j.offs) {
			err = fmt.Errorf("fold of change %d: the journal holds %d to %d", seq, j.head, j.head+uint64(len(j.offs)))
		} else {
			var mark []byte
			if mark, err = lineOf(journalLine{Op: "fold", Base: h, Lines: k}); err == nil {
				var n int
				n, err = f.Write(mark)
				j.end += int64(n)
				if err != nil { // a mark cut short: no more lines after it (the saver saves whole)
					j.failed = fmt.Errorf("the journal could not be written: %w", err)
				}
			}
		}
	}
	j.mu.Unlock()
	if err != nil {
		return err
	}
	if f != nil {
		if err := f.Sync(); err != nil { // the mark is on disk before the save takes its name
			return fmt.Errorf("the journal could not be synced: %w", err)
		}
	}
	if err := st.save(st.Reserve(), data); err != nil {
		return err
	}
	if f == nil {
		return nil
	}
	return st.restartJournal(h, k)
}

// restartJournal replaces the journal with one that continues the save of
// hash h, holding the changes after the first k.
func (st *Store) restartJournal(h string, k int) error {
	j := &st.jr
	tmp, err := osFS.CreateTemp(st.Dir, tempPattern(JournalFile))
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := osFS.Lock(tmp); err != nil {
		return err
	}
	head, _ := json.Marshal(journalHeader{Journal: formatName, Version: journalVersion, Base: h})
	head = append(head, '\n')
	j.mu.Lock()
	f, from, to := j.f, j.end, j.end
	if k < len(j.offs) {
		from = j.offs[k]
	}
	j.mu.Unlock()
	tail, err := changesFrom(f, from, to) // written before: read without the lock
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(head, tail...)); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	j.mu.Lock()
	more, err := changesFrom(f, to, j.end) // appended meanwhile
	if err != nil {
		j.mu.Unlock()
		return err
	}
	if _, err := tmp.Write(more); err != nil {
		j.mu.Unlock()
		return err
	}
	// The new file: the header, then the changes after the first k, one
	// a line, at these offsets. Checked before it takes the journal's
	// name: a journal read back wrong is never put in its place.
	offs := make([]int64, 0, max(len(j.offs)-k, 0))
	at := int64(len(head))
	for _, part := range [][]byte{tail, more} {
		for rest := part; len(rest) > 0; {
			line, after, _ := bytes.Cut(rest, []byte("\n"))
			offs = append(offs, at)
			at += int64(len(line)) + 1
			rest = after
		}
	}
	if len(offs) != len(j.offs)-k || len(more) > 0 && more[len(more)-1] != '\n' || len(tail) > 0 && tail[len(tail)-1] != '\n' {
		j.failed = fmt.Errorf("the journal read back holds %d changes, not %d", len(offs), len(j.offs)-k)
		j.mu.Unlock()
		return j.failed
	}
	j.also, j.alsoOffs, j.alsoEnd = tmp, offs, at
	closeFirst := j.closeFirst
	if !closeFirst {
		j.mu.Unlock()
		// No lock across the rename: a line appended now goes to both files.
		err = osFS.Rename(tmp.Name(), st.JournalPath())
		j.mu.Lock()
	}
	if closeFirst || errors.Is(err, fs.ErrPermission) {
		// Where a rename cannot replace a file that is open (Windows
		// without POSIX renames: FAT and exFAT, network shares, older
		// Windows; wine: "access denied"), the old journal, which this
		// store holds open, is closed and the rename made under the lock:
		// every line is in both files, and whichever has the journal's
		// name holds them all. The store remembers, and later folds close
		// it first. Here alone the lock is held across a rename (an append
		// meanwhile waits for it: its key waits at most the saver's
		// settleWait, then goes on as on a hung disk).
		f.Close()
		if err = osFS.Rename(tmp.Name(), st.JournalPath()); err == nil {
			j.closeFirst = true
		} else {
			j.failed = fmt.Errorf("the journal could not be restarted: %w", err)
		}
	}
	if err != nil {
		j.also, j.alsoOffs = nil, nil
		j.mu.Unlock()
		return err
	}
	ok = true
	j.f, j.head, j.offs, j.end, j.size = tmp, j.head+uint64(k), j.alsoOffs, j.alsoEnd, int(j.alsoEnd)-len(head)
	j.also, j.alsoOffs = nil, nil
	j.mu.Unlock()
	f.Close()
	return syncDir(st.Dir)
}

// DropJournal removes the journal this store wrote, once the save holds
// all of it (a game closed), or when it could not be written and whole
// saves go on: an old journal left beside newer saves would not fit them.
func (st *Store) DropJournal() error {
	j := &st.jr
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.owner {
		return nil
	}
	if err := os.Remove(st.JournalPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if j.f != nil {
		j.f.Close()
	}
	j.f, j.owner, j.offs, j.end, j.size, j.prev, j.base = nil, false, nil, 0, 0, nil, ""
	return nil
}

// syncDir syncs a folder, so that names made in it stay.
func syncDir(dir string) error {
	return osFS.SyncDir(dir)
}
