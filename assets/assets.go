// Package assets holds the data eventdeck is built on, embedded in the
// binary: card lists and other game facts, and the big-digit glyphs. Packages that read data take an
// fs.FS, so tests can hand them a small one; FS is the real one.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed catan cardgame glyphs rivals
var files embed.FS

// FS returns the embedded data files. Paths are like "catan/event-cards.csv", "rivals/event-cards.csv" and "glyphs/digits.txt".
func FS() fs.FS { return files }
