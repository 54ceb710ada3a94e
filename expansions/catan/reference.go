package catan

import (
	"io/fs"

	"github.com/eventdeck/eventdeck/deck"
)

// ReferenceFile holds the quick-reference entries in the assets.
const ReferenceFile = "catan/reference.md"

// LoadReference reads the quick-reference entries (deck.ReadReference).
func LoadReference(fsys fs.FS) ([]deck.Entry, error) { return deck.ReadReference(fsys, ReferenceFile) }

// Reference is the quick reference for the board game's Event Cards.
func (r *Ruleset) Reference() []deck.Entry {
	ref := r.reference.Entries()
	return append(ref[:len(ref):len(ref)], r.lib.Entries(ID)...)
}
