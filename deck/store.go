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

// StateDir is where games are saved: $XDG_STATE_HOME/eventdeck, by default
// ~/.local/state/eventdeck.
func StateDir() (string, error) {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "eventdeck"), nil
}

// Store saves and loads the game in one folder. Saves may come from several
// goroutines; each carries a sequence number and an older one never
// overwrites a newer one.
type Store struct {
	Dir string

	mu       sync.Mutex
	reserved uint64 // the last sequence number handed out
	written  uint64 // sequence number of the last save written
	archive  bool   // archive the old save before the next one
}

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
}

// NewStore returns the store for dir.
func NewStore(dir string) *Store { return &Store{Dir: dir} }

// Path is the save file's path.
func (st *Store) Path() string { return filepath.Join(st.Dir, SaveFile) }

// BackupPath is the backup's path.
func (st *Store) BackupPath() string { return filepath.Join(st.Dir, BackupFile) }

// Save writes data, the game encoded, as save number seq: the current save
// becomes the backup, then data replaces it atomically (WriteFileAtomic). A
// crash at any instant leaves a save that is either the old one or the new
// one. Saves older than one already written are skipped.
func (st *Store) Save(seq uint64, data []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if seq <= st.written && st.written > 0 {
		return nil
	}
	if st.archive {
		if _, err := st.archiveLocked(); err != nil {
			return err
		}
		st.archive = false
	}
	if err := st.keepBackup(); err != nil {
		return err
	}
	if err := WriteFileAtomic(st.Path(), data, 0o600); err != nil {
		return err
	}
	st.written = seq
	return nil
}

// keepBackup makes the current save the backup without copying it: a second
// name for the same file, swapped in atomically. Where links are not
// possible it copies.
func (st *Store) keepBackup() error {
	cur := st.Path()
	if _, err := os.Stat(cur); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	tmp := st.BackupPath() + ".tmp"
	_ = os.Remove(tmp)
	if err := os.Link(cur, tmp); err != nil {
		data, rerr := os.ReadFile(cur)
		if rerr != nil {
			return rerr
		}
		return WriteFileAtomic(st.BackupPath(), data, 0o600)
	}
	return os.Rename(tmp, st.BackupPath())
}

// Archive moves the saved game, if any, to a name of its own beside it
// (game-YYYYMMDD-HHMMSS.json), so that starting a new game never loses the
// old one. It returns where it went, or "" when there was no save.
func (st *Store) Archive() (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.archiveLocked()
}

func (st *Store) archiveLocked() (string, error) {
	if _, err := os.Stat(st.Path()); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	name := filepath.Join(st.Dir, "game-"+time.Now().Format("20060102-150405")+".json")
	for i := 1; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = filepath.Join(st.Dir, fmt.Sprintf("game-%s-%d.json", time.Now().Format("20060102-150405"), i))
	}
	if err := os.Rename(st.Path(), name); err != nil {
		return "", err
	}
	_ = os.Remove(st.BackupPath()) // the backup belonged to the archived game
	return name, nil
}

// Loaded is what Load found.
type Loaded struct {
	Game       *Game  // the game to resume, or nil for none
	FromBackup bool   // the save was broken and Game is the backup
	Problem    error  // why the save did not load, if it did not
	MovedTo    string // where the broken save was moved, if it was
}

// Load reads the saved game, checking it with check (the ruleset's
// validation). A save that does not load is moved aside, never overwritten
// or deleted, and the backup is tried. No save at all is no error.
func (st *Store) Load(check func(*Game) error) (Loaded, error) {
	var out Loaded
	g, err := st.loadFile(st.Path(), check)
	switch {
	case err == nil:
		out.Game = g
		return out, nil
	case errors.Is(err, fs.ErrNotExist):
		return out, nil
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

func (st *Store) loadFile(path string, check func(*Game) error) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	g, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(g); err != nil {
			return nil, err
		}
	}
	return g, nil
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
