package expansions

import "github.com/eventdeck/eventdeck/expansions/custom"

// The table's own card files (package custom), as the command line reaches
// them: through this package, like every game.
type (
	// CardLibrary is the card files read, and those skipped with why.
	CardLibrary = custom.Library
	// CardTable says where a game takes the table's own cards.
	CardTable = custom.Table
	// SkippedCards is a card file left out, with why.
	SkippedCards = custom.Skipped
)

// OptCardFiles is the option that picks which card files a game plays.
const OptCardFiles = custom.OptFiles

// LoadCards reads the card files in dir, or the files at paths, for the
// games whose tables are given.
func LoadCards(dir string, paths []string, tables []CardTable) *CardLibrary {
	return custom.Load(dir, paths, tables)
}

// HasCardFiles reports whether dir holds any card file.
func HasCardFiles(dir string) bool { return custom.HasFiles(dir) }

// ReadCardFile reads one card file, refusing at once anything but a file
// and a file over the size a card file may have (name is said).
func ReadCardFile(path, name string) ([]byte, error) { return custom.ReadFile(path, name) }
