// Package assets holds the data eventdeck is built on, embedded in the
// binary: card lists and other game facts. Packages that read data take an
// fs.FS, so tests can hand them a small one; FS is the real one.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed catan
var files embed.FS

// FS returns the embedded data files. Paths are like "catan/event-cards.csv".
func FS() fs.FS { return files }
