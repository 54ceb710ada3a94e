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

// Parts names what of the board game a table plays, as the reference's
// "needs:" lines name them: the expansions on, the seasonal die, and
// five-six with 5 or 6 players. The reference ranks those entries first
// (issue 40).
func (r *Ruleset) Parts(s *deck.State) []string {
	cfg, err := config(s)
	if err != nil {
		return nil
	}
	out := []string{}
	for _, p := range []struct {
		on   bool
		part string
	}{
		{cfg.CitiesKnights, OptCK}, {cfg.Seafarers, OptSeafarers}, {cfg.Explorers, OptExplorers},
		{cfg.SeasonsOn(), OptSeasons}, {len(s.Players) >= 5, OptFiveSix},
	} {
		if p.on {
			out = append(out, p.part)
		}
	}
	return out
}
