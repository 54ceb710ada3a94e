package custom

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// File is one card file that was read and passed every check.
type File struct {
	Name  string // the file's name, as the card-files option names it
	Path  string
	Cards []Card
}

// Skipped is a card file left out, and why: a game never stops for one.
type Skipped struct {
	Name string
	Path string
	Err  error // Errors for a file that was read, else why it could not be
}

// Library is every card file found: those that passed, those skipped.
// A nil Library has no cards.
type Library struct {
	Files   []File
	Skipped []Skipped

	// index is where each id of Files is, and how many cards each game
	// has, for the first indexed files: a new file is checked against it
	// in time linear in its own cards, not in every card read before.
	index   map[string]string // card id → the file that has it
	perGame map[string]int
	indexed int
}

// Dir is where the table's card files live: eventdeck/cards under the
// user's config folder ($XDG_CONFIG_HOME, ~/.config by default).
func Dir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "eventdeck", "cards"), nil
}

// Load reads every *.toml file in dir (a missing dir has none), then each
// of paths, and checks them against tables. A file with any error is
// skipped as a whole, and so is a file that repeats an id an earlier file
// took, so that a card id names one card in a game.
func Load(dir string, paths []string, tables []Table) *Library {
	l := &Library{}
	if dir != "" {
		entries, err := deck.ReadDir(dir) // a FIFO at its name is refused, never waited on
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			l.Skipped = append(l.Skipped, Skipped{Name: filepath.Base(dir), Path: dir, Err: err})
		}
		var found []string
		for _, e := range entries { // ReadDir sorts by name; what is not a file is skipped saying so
			if strings.HasSuffix(e.Name(), ".toml") {
				found = append(found, filepath.Join(dir, e.Name()))
			}
		}
		paths = append(found, paths...)
	}
	for _, p := range paths {
		l.AddFile(p, tables)
	}
	return l
}

// HasFiles reports whether dir holds any card file, cheaply: a start with
// no cards of the table's own skips reading them.
func HasFiles(dir string) bool {
	entries, err := deck.ReadDir(dir)
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist) // an unreadable folder is said
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".toml") {
			return true
		}
	}
	return false
}

// AddFile reads one card file into the library.
func (l *Library) AddFile(path string, tables []Table) {
	name := filepath.Base(path)
	if slices.ContainsFunc(l.Files, func(f File) bool { return f.Name == name }) {
		l.Skipped = append(l.Skipped, Skipped{Name: name, Path: path, Err: fmt.Errorf("%s: another file of that name is in use", name)})
		return
	}
	data, err := ReadFile(path, name)
	if err != nil {
		l.Skipped = append(l.Skipped, Skipped{Name: name, Path: path, Err: err})
		return
	}
	l.Add(name, path, data, tables)
}

// ReadFile reads a card file of at most MaxFile bytes (deck.ReadFile):
// anything but a file is refused at once, and a larger file from its size,
// said as Parse says it of the file called name.
func ReadFile(path, name string) ([]byte, error) {
	data, err := deck.ReadFile(path, MaxFile)
	if tl := (*deck.TooLargeError)(nil); errors.As(err, &tl) {
		return nil, Errors{tooLarge(name, tl.Size)}
	}
	return data, err
}

// Add checks one file's data and keeps it, or notes why it is skipped.
func (l *Library) Add(name, path string, data []byte, tables []Table) {
	cards, errs := Parse(name, data, tables)
	if len(errs) == 0 {
		errs = l.repeats(name, data, cards)
	}
	if len(errs) == 0 {
		errs = l.overCap(name, data, cards)
	}
	if len(errs) > 0 {
		l.Skipped = append(l.Skipped, Skipped{Name: name, Path: path, Err: errs})
		return
	}
	l.Files = append(l.Files, File{Name: name, Path: path, Cards: cards})
}

// reindex brings the index up to the files kept (Files may have been
// added to by hand).
func (l *Library) reindex() {
	if l.index == nil || l.indexed > len(l.Files) {
		l.index, l.perGame, l.indexed = map[string]string{}, map[string]int{}, 0
	}
	for _, f := range l.Files[l.indexed:] {
		for _, c := range f.Cards {
			if _, taken := l.index[c.ID]; !taken {
				l.index[c.ID] = f.Name
			}
			l.perGame[c.Game]++
		}
	}
	l.indexed = len(l.Files)
}

// repeats finds ids of cards that an earlier file took.
func (l *Library) repeats(name string, data []byte, cards []Card) Errors {
	l.reindex()
	var errs Errors
	var lay *layout
	for i, c := range cards {
		if other, ok := l.index[c.ID]; ok {
			if lay == nil {
				lay = ptr(locate(string(data)))
			}
			at := lay.cardKey(i, "id")
			errs = append(errs, Error{File: name, Line: at.line, Col: at.col, Msg: fmt.Sprintf("duplicate id %q: %s has it too", c.ID, other)})
		}
	}
	return errs
}

// overCap reports a file that would give a game more than MaxSaved cards,
// the most a game keeps: the file is left out, not cut short.
func (l *Library) overCap(name string, data []byte, cards []Card) Errors {
	l.reindex()
	n := map[string]int{}
	for i, c := range cards {
		n[c.Game]++
		if have := l.perGame[c.Game]; have+n[c.Game] > MaxSaved {
			at := locate(string(data)).card(i)
			return Errors{{File: name, Line: at.line, Col: at.col, Msg: fmt.Sprintf("%s already has %d cards from other files; a game takes at most %d", c.Game, have, MaxSaved)}}
		}
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// maxWarned is how many lines Warning takes at most.
const maxWarned = 5

// Warning says in a line or two which files are skipped and why (the first
// problem of each); "" when none is.
func (l *Library) Warning() string {
	if l == nil || len(l.Skipped) == 0 {
		return ""
	}
	shown := l.Skipped
	if len(shown) > maxWarned {
		shown = shown[:maxWarned-1]
	}
	lines := make([]string, len(shown), len(shown)+1)
	for i, s := range shown {
		why := s.Err.Error()
		var es Errors
		if errors.As(s.Err, &es) && len(es) > 0 {
			why = es[0].Error()
			if len(es) > 1 {
				why += fmt.Sprintf(" (and %d more)", len(es)-1)
			}
		}
		lines[i] = fmt.Sprintf("Card file %s skipped: %s", s.Name, why)
	}
	if more := len(l.Skipped) - len(shown); more > 0 {
		lines = append(lines, fmt.Sprintf("%d more card files skipped: eventdeck cards check says why", more))
	}
	return strings.Join(lines, "\n")
}

// Cards lists the library's cards for game, file by file.
func (l *Library) Cards(game string) []Card {
	if l == nil {
		return nil
	}
	var out []Card
	for _, f := range l.Files {
		for _, c := range f.Cards {
			if c.Game == game {
				out = append(out, c)
			}
		}
	}
	return out
}

// Choices of the card-files option besides file names.
const (
	FilesAll  = "all"
	FilesNone = "none"
)

// Select returns game's cards from the files choice names: FilesAll,
// FilesNone, or file names separated by commas. A name the library does
// not hold (a skipped file, one since removed) is passed over.
func (l *Library) Select(game, choice string) []Card {
	choice = strings.TrimSpace(choice)
	if choice == FilesNone || choice == "" {
		return nil
	}
	var names []string
	for _, n := range strings.Split(choice, ",") {
		names = append(names, strings.TrimSpace(n))
	}
	var out []Card
	for _, c := range l.Cards(game) {
		if choice == FilesAll || slices.Contains(names, c.File) {
			out = append(out, c)
		}
	}
	return out
}

// Entries are the quick-reference entries of game's cards, marked
// "house rule".
func (l *Library) Entries(game string) []deck.Entry {
	var out []deck.Entry
	for _, c := range l.Cards(game) {
		out = append(out, c.Entry())
	}
	return out
}

// Options is the setup's choice of card files for game: all, none, or one
// file of those with cards for game. A nil library offers none.
func (l *Library) Options(game string) []deck.Option {
	if l == nil {
		return nil
	}
	vals := []string{FilesAll, FilesNone}
	for _, f := range l.Files {
		if slices.ContainsFunc(f.Cards, func(c Card) bool { return c.Game == game }) {
			vals = append(vals, f.Name)
		}
	}
	return []deck.Option{{Key: OptFiles, Label: "Your cards", Values: vals, Default: FilesAll, Free: true,
		Help: "card files to play: all, none, or file names (comma list)"}}
}
