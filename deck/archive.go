package deck

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// CurrentGame is the name of the current save among the saved games
// (SaveFile without its extension); a backup's name ends in BackupSuffix.
const (
	CurrentGame  = "game"
	BackupSuffix = ".bak"
)

// isGameName reports whether name is the name of a save the store
// writes: the current one, "game", or an archive, "game-YYYYMMDD-HHMMSS"
// with maybe "-N" (1 to 4 digits), each maybe with ".bak" for its backup.
// Read by hand, not by a regexp compiled at every start.
func isGameName(name string) bool {
	name, _ = strings.CutSuffix(name, BackupSuffix)
	rest, ok := strings.CutPrefix(name, CurrentGame)
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	// "-YYYYMMDD-HHMMSS", then maybe "-N"
	if len(rest) < 16 || rest[0] != '-' || !digits(rest[1:9]) || rest[9] != '-' || !digits(rest[10:16]) {
		return false
	}
	rest = rest[16:]
	return rest == "" || rest[0] == '-' && len(rest) >= 2 && len(rest) <= 5 && digits(rest[1:])
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ErrNoGame is Open's error for a name no saved game has.
var ErrNoGame = errors.New("no saved game")

// SavedGame is one game file in the state folder: the current save, an
// archive, or the backup of either.
type SavedGame struct {
	Name    string    // as `eventdeck games` prints it and --resume takes it
	Path    string    // the file
	When    time.Time // when it was last saved
	Backup  bool      // the save before the last one of its game
	Game    *Game     // the game, nil when it could not be read
	Problem error     // why it could not be read
}

// Current reports whether g is the current save or its backup.
func (g SavedGame) Current() bool { return strings.TrimSuffix(g.Name, BackupSuffix) == CurrentGame }

// Games lists the saved games in the folder, read and checked as Load
// does, but without moving anything: the current save first, then its
// backup, then the archives, newest first, each archive's backup after it.
// A file that cannot be read is listed with its Problem. No folder is no
// games.
func (st *Store) Games(check func(*Game) error) ([]SavedGame, error) {
	out, err := st.list()
	for i := range out {
		out[i].Game, out[i].Problem = st.loadFile(out[i].Path, check)
	}
	return out, err
}

// Archives are the newest n archived games that can be read (backups and
// the current save left out), read and checked as Games does: the choices
// the resume screen offers besides the current save.
func (st *Store) Archives(n int, check func(*Game) error) ([]SavedGame, error) {
	all, err := st.list()
	var out []SavedGame
	for _, g := range all {
		if len(out) == n {
			break
		}
		if g.Current() || g.Backup {
			continue
		}
		if g.Game, g.Problem = st.loadFile(g.Path, check); g.Problem == nil {
			out = append(out, g)
		}
	}
	return out, err
}

// list is the saved games, in Games' order, not read yet.
func (st *Store) list() ([]SavedGame, error) {
	entries, err := ReadDir(st.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []SavedGame
	for _, e := range entries {
		name, ok := savedName(e.Name())
		if !ok {
			continue
		}
		g := SavedGame{Name: name, Path: filepath.Join(st.Dir, e.Name()), Backup: strings.HasSuffix(name, BackupSuffix)}
		if fi, err := e.Info(); err == nil {
			g.When = fi.ModTime()
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b SavedGame) int {
		return strings.Compare(sortKey(b), sortKey(a)) // newest first: the stamps sort as text
	})
	return out, nil
}

// sortKey orders the games: the current save above every archive, and a
// backup just after its game.
func sortKey(g SavedGame) string {
	base := strings.TrimSuffix(g.Name, BackupSuffix)
	if base == CurrentGame {
		base = "game-99999999-999999"
	}
	// "-N" archives of one second come after the plain one, newest last.
	k := base
	if len(k) == len("game-20060102-150405") {
		k += "-0000"
	} else if i := strings.LastIndexByte(k, '-'); i > 0 {
		n := k[i+1:]
		k = k[:i+1] + strings.Repeat("0", max(4-len(n), 0)) + n
	}
	if g.Backup {
		return k + "0"
	}
	return k + "1"
}

// savedName is the name of a save file as the saved games call it:
// "game.json" is "game", "game-….json.bak" is "game-….bak".
func savedName(file string) (string, bool) {
	name, ok := "", false
	switch {
	case strings.HasSuffix(file, ".json"):
		name, ok = strings.TrimSuffix(file, ".json"), true
	case strings.HasSuffix(file, ".json"+BackupSuffix):
		name, ok = strings.TrimSuffix(file, ".json"+BackupSuffix)+BackupSuffix, true
	}
	return name, ok && isGameName(name)
}

// fileOf is the file of a saved game's name; the file's own name is taken
// too ("game-….json").
func fileOf(name string) (string, bool) {
	if n, ok := savedName(name); ok {
		name = n
	}
	if !isGameName(name) {
		return "", false
	}
	if base, ok := strings.CutSuffix(name, BackupSuffix); ok {
		return base + ".json" + BackupSuffix, true
	}
	return name + ".json", true
}

// Open reads the saved game called name (as Games names it), checked as
// Load checks the save, and moves nothing, whatever it finds: resuming an
// archive leaves it as it is.
func (st *Store) Open(name string, check func(*Game) error) (*Game, error) {
	file, ok := fileOf(name)
	if !ok {
		return nil, fmt.Errorf("%w: %q is not the name of one (see: eventdeck games)", ErrNoGame, name)
	}
	path := filepath.Join(st.Dir, file)
	g, err := st.loadFile(path, check)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w %s in %s (see: eventdeck games)", ErrNoGame, name, st.Dir)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}
