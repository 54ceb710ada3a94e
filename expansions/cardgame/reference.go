package cardgame

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// ReferenceFile holds the quick-reference entries in the assets.
const ReferenceFile = "cardgame/reference.md"

// loadReference reads the quick-reference entries (a "## " title, a
// "tags:" line, then the text; "#" lines before the first entry are
// comments) and adds one entry per event card from the card list.
func (r *Ruleset) loadReference(fsys fs.FS) ([]deck.Entry, error) {
	out, err := deck.ReadReference(fsys, ReferenceFile)
	if err != nil {
		return nil, err
	}
	return append(out, r.cardEntries()...), nil
}

// cardEntries is one entry per event card: what it does and which decks
// print it, how many times.
func (r *Ruleset) cardEntries() []deck.Entry {
	var out []deck.Entry
	kinds := r.kinds()
	for _, id := range knownKinds() {
		k := kinds.byID[id]
		var in []string
		for _, p := range kinds.printings {
			if p.Kind == id {
				in = append(in, fmt.Sprintf("%s ×%d", ThemeName(p.Theme), p.Copies))
			}
		}
		var needs []string // the theme decks printing it, unless the Basic Game does
		for _, p := range kinds.printings {
			if p.Kind == id && p.Theme == Basic {
				needs = nil
				break
			}
			if p.Kind == id {
				needs = append(needs, p.Theme)
			}
		}
		out = append(out, deck.Entry{Title: "Event card: " + k.Title, Tags: []string{"event", "card", id}, Needs: needs,
			Text: k.Text + " In: " + strings.Join(in, ", ") + "."})
	}
	return out
}

// Parts names what of the Card Game a table plays, as the reference's
// entries need it: the mode, and the theme decks whose cards may be in
// (an Expanded Game's one; a Tournament's every one). The reference ranks
// those entries first (issue 40).
func (r *Ruleset) Parts(s *deck.State) []string {
	cfg, err := r.Config(s)
	if err != nil {
		return nil
	}
	out := []string{cfg.Mode}
	switch cfg.Mode {
	case ModeExpanded:
		out = append(out, cfg.Theme)
	case ModeTournament:
		for _, th := range Themes() {
			out = append(out, th.ID)
		}
	}
	return out
}

// Reference is the quick reference: the dice, tokens, every event card and
// the deck rules.
func (r *Ruleset) Reference() []deck.Entry {
	ref := r.reference.Entries()
	return append(ref[:len(ref):len(ref)], r.lib.Entries(ID)...)
}
