package deck

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Save file names in the state folder.
const (
	SaveFile   = "game.json"
	BackupFile = "game.json.bak" // the save before the last one
)

// Store saves and loads the game in one folder. Saves may come from several
// goroutines; each carries a sequence number and an older one never
// overwrites a newer one.
type Store struct {
	Dir string

	mu         sync.Mutex
	reserved   uint64 // the last sequence number handed out
	written    uint64 // sequence number of the last save written
	archive    bool   // archive the old save before the next one
	backupErr  error  // why a backup could not be kept, until reported
	backupSaid bool   // backupErr was reported once already
	base       string // the hash of the save Load read, which the journal may continue; "" for none
	loaded     *Game  // the game Load read from it

	jr     journal // the changes since the save (store_journal.go)
	locked bool    // Lock claimed the folder (osfile.go)
}

// MaxSaveSize is the largest save Load reads: a real game is under 100 KB
// after 1,000 draws, so a bigger file is not one this app wrote, and reading
// it would take seconds and gigabytes.
const MaxSaveSize = 8 << 20

// ErrTooLarge is returned for a save larger than MaxSaveSize.
var ErrTooLarge = errors.New("the save is too large")

// Reserve hands out the next save's sequence number. Take it when the game
// changes, before saving on another goroutine, so saves keep their order.
func (st *Store) Reserve() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.reserved++
	return st.reserved
}

// NewGameStarts marks that a new game replaces the saved one: before the new
// game's first save, the old one is archived (see Archive), never lost.
func (st *Store) NewGameStarts() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.archive = true
	st.base, st.loaded = "", nil // the journal starts with the new game whole
}

// NewStore returns the store for dir.
func NewStore(dir string) *Store { return &Store{Dir: dir} }

// Path is the save file's path.
func (st *Store) Path() string { return filepath.Join(st.Dir, SaveFile) }

// BackupPath is the backup's path.
func (st *Store) BackupPath() string { return filepath.Join(st.Dir, BackupFile) }

// Save writes data, the game encoded, as save number seq: data is written
// and synced to a temp file, the current save is hard-linked as the backup,
// the temp file is renamed over the save and the folder is synced. One
// durable write per save: the backup is a second name for the old save,
// not written again. A save exists at every instant: a crash leaves the
// new save or the old one (and maybe the complete temp file, which Recover
// takes). Saves older than one already written are skipped. A journal
// this store writes is removed once the save is written: the save is the
// whole game now (a crash saves the game of the last frame drawn so).
func (st *Store) Save(seq uint64, data []byte) error {
	if err := st.save(seq, data); err != nil {
		return err
	}
	return st.DropJournal()
}

// save is Save, the journal left as it is (Fold, Recover).
func (st *Store) save(seq uint64, data []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if seq <= st.written && st.written > 0 {
		return nil
	}
	archived := false
	if st.archive {
		// The old game keeps its name until the new one takes it: there
		// is a game.json at every instant.
		if _, err := st.archiveLocked(true); err != nil {
			return err
		}
		st.archive, archived = false, true
	}
	// The backup is a nicety; the save is not: save even without one.
	rotate := func() {
		if archived {
			return // the old game is no backup of the new one
		}
		if err := st.keepBackup(); err != nil && !st.backupSaid {
			st.backupErr = err
		}
	}
	if err := replaceFile(st.Path(), data, 0o600, rotate); err != nil {
		return err
	}
	st.written = seq
	return nil
}

// BackupProblem returns, once, why a save could not keep the save before it
// as the backup; nil when it could, and after the first time it is asked.
// The save itself was written all the same.
func (st *Store) BackupProblem() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	err := st.backupErr
	if err != nil {
		st.backupErr, st.backupSaid = nil, true
	}
	return err
}

// keepBackup gives the current save, if it is a file, the backup's name
// too (a hard link: the save keeps its own name until the new one is
// renamed over it, so there is a save at every instant); the backup gets
// mode 0600 (an older save may have had another). Where links cannot be
// made, the backup is a copy.
func (st *Store) keepBackup() error {
	fi, err := os.Lstat(st.Path())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("the backup could not be kept: %w", err)
	case !fi.Mode().IsRegular():
		return nil // not a save: the new one replaces it
	}
	if bi, err := os.Lstat(st.BackupPath()); err == nil && !bi.Mode().IsRegular() {
		return fmt.Errorf("the backup could not be kept: %s is not a file", st.BackupPath())
	}
	if err := os.Remove(st.BackupPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the backup could not be kept: %w", err)
	}
	if err := os.Link(st.Path(), st.BackupPath()); err != nil {
		data, rerr := readSave(st.Path())
		if rerr != nil {
			return fmt.Errorf("the backup could not be kept: %w", err)
		}
		if err := WriteFileAtomic(st.BackupPath(), data, 0o600); err != nil {
			return fmt.Errorf("the backup could not be kept: %w", err)
		}
		return nil
	}
	if fi.Mode().Perm() != 0o600 {
		if err := os.Chmod(st.BackupPath(), 0o600); err != nil {
			return fmt.Errorf("the backup could not be kept private: %w", err)
		}
	}
	return nil
}

// RemoveStaleTemps removes the temp files a killed save left in the state
// folder (see RemoveStaleTemps) and returns how many.
func (st *Store) RemoveStaleTemps() int {
	return RemoveStaleTemps(st.Dir, SaveFile, BackupFile)
}

// Archive moves the saved game and its backup, if any, to names of their own
// beside them (game-YYYYMMDD-HHMMSS.json and .json.bak), so that starting a
// new game never loses the old one. It returns where the game went (the
// backup's name when only a backup was left), or "" when there was neither.
func (st *Store) Archive() (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.archiveLocked(false)
}

// archiveLocked archives the save and its backup; with keep, the save is
// archived as a second name (a hard link), and keeps its own until a new
// save is renamed over it.
func (st *Store) archiveLocked(keep bool) (string, error) {
	_, serr := os.Lstat(st.Path())
	_, berr := os.Lstat(st.BackupPath())
	if errors.Is(serr, fs.ErrNotExist) && errors.Is(berr, fs.ErrNotExist) {
		return "", nil
	}
	// One free stamp for both, so the backup sits beside its game.
	stamp := time.Now().Format("20060102-150405")
	base := filepath.Join(st.Dir, "game-"+stamp)
	for i := 1; exists(base+".json") || exists(base+".json.bak"); i++ {
		base = filepath.Join(st.Dir, fmt.Sprintf("game-%s-%d", stamp, i))
	}
	// The backup may be the only good copy (the save was broken and moved
	// aside): it is archived with the game, never deleted.
	if berr == nil {
		if err := os.Rename(st.BackupPath(), base+".json.bak"); err != nil {
			return "", err
		}
	}
	if serr != nil {
		return base + ".json.bak", nil
	}
	if keep && os.Link(st.Path(), base+".json") == nil {
		return base + ".json", nil
	}
	if err := os.Rename(st.Path(), base+".json"); err != nil {
		return "", err
	}
	return base + ".json", nil
}

// exists reports whether anything has the name path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// Loaded is what Load found.
type Loaded struct {
	Game       *Game  // the game to resume, or nil for none
	FromBackup bool   // the save was broken and Game is the backup
	Problem    error  // why the save did not load, if it did not
	MovedTo    string // where the broken save was moved, if it was
}

// ErrNotASave is returned, wrapped, for a save that cannot be read as a
// file at all: something else has its name (a folder, a FIFO, a socket, a
// device), or it may not be read (permission denied). It is refused and left
// where it is: it may be someone's, and a FIFO would block a read forever.
var ErrNotASave = errors.New("cannot be read as a save")

// Load reads the saved game, checking it with check (the ruleset's
// validation). A save that does not load is moved aside, never overwritten
// or deleted, and the backup is tried. No save at all is no error: the
// backup is then offered if it is good (a broken save moved aside by an
// earlier start leaves the backup alone), until a new game archives it.
// A save that is not a file, or may not be read, is an error (ErrNotASave)
// and is left where it is.
func (st *Store) Load(check func(*Game) error) (Loaded, error) {
	var out Loaded
	g, base, err := st.loadCurrent(check)
	st.mu.Lock()
	st.base, st.loaded = base, nil // the journal may continue this save
	if g != nil {
		st.loaded = g.Snapshot() // as it is now: the caller's changes it
	}
	st.mu.Unlock()
	switch {
	case err == nil:
		out.Game = g
		return out, nil
	case errors.Is(err, fs.ErrNotExist):
		if b, berr := st.loadFile(st.BackupPath(), check); berr == nil {
			out.Game, out.FromBackup = b, true
		}
		return out, nil
	case errors.Is(err, ErrNotASave):
		return out, fmt.Errorf("%s: %w", st.Path(), err)
	}
	out.Problem = err
	moved, merr := moveAside(st.Path())
	if merr != nil {
		return out, fmt.Errorf("the save is broken (%v) and could not be moved aside: %w", err, merr)
	}
	out.MovedTo = moved
	if b, berr := st.loadFile(st.BackupPath(), check); berr == nil {
		out.Game, out.FromBackup = b, true
	}
	return out, nil
}

// Read reads the save as Load does (the size limit, every state checked)
// but only looks: nothing is moved, whatever it finds (eventdeck export).
func (st *Store) Read(check func(*Game) error) (*Game, error) {
	g, err := st.loadFile(st.Path(), check)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no saved game at %s", st.Path())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", st.Path(), err)
	}
	return g, nil
}

func (st *Store) loadFile(path string, check func(*Game) error) (*Game, error) {
	if path == st.Path() {
		g, _, err := st.loadCurrent(check)
		return g, err
	}
	data, err := readSave(path)
	if err != nil {
		return nil, err
	}
	g, err := Decode(data)
	if err != nil {
		return nil, err
	}
	return g, checkGame(g, check)
}

// readSave reads a save of at most MaxSaveSize bytes through ReadFile:
// anything but a file is refused at once (opening a FIFO would wait for a
// writer), and a larger file is refused from its size, without reading it.
func readSave(path string) ([]byte, error) {
	data, err := ReadFile(path, MaxSaveSize)
	var nf *NotAFileError
	var tl *TooLargeError
	switch {
	case errors.As(err, &nf):
		return nil, notAFile(nf.Mode)
	case errors.As(err, &tl) && tl.Size >= 0:
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, tl.Size, MaxSaveSize)
	case errors.As(err, &tl):
		return nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, MaxSaveSize)
	case err != nil:
		return nil, notReadable(err)
	}
	return data, nil
}

// notReadable says a permission denied as ErrNotASave; other errors stay
// as they are (a missing file is no save at all).
func notReadable(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%w: it may not be read (permission denied); it was left where it is", ErrNotASave)
	}
	return err
}

// notAFile says what has a save's name instead of a file.
func notAFile(m fs.FileMode) error {
	return fmt.Errorf("%w: it is %s, not a file; it was left where it is", ErrNotASave, Kind(m))
}

// moveAside renames path to a new name beside it that no file has yet.
func moveAside(path string) (string, error) {
	stamp := time.Now().Format("20060102-150405")
	for i := 0; i < 1000; i++ {
		name := fmt.Sprintf("%s.broken-%s", path, stamp)
		if i > 0 {
			name = fmt.Sprintf("%s-%d", name, i)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name, os.Rename(path, name)
		}
	}
	return "", errors.New("no free name to move it to")
}
