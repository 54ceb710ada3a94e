package cardgame

import (
	"bufio"
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
	f, err := fsys.Open(ReferenceFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []deck.Entry
	var text []string
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].Text = strings.TrimSpace(strings.Join(text, "\n"))
		}
		text = nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			out = append(out, deck.Entry{Title: strings.TrimSpace(line[3:])})
		case len(out) == 0:
			if line != "" && !strings.HasPrefix(line, "#") {
				return nil, fmt.Errorf("%s:%d: text before the first entry", ReferenceFile, n)
			}
		case strings.HasPrefix(line, "tags:") && len(text) == 0:
			out[len(out)-1].Tags = strings.Fields(line[len("tags:"):])
		default:
			text = append(text, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	for _, e := range out {
		if e.Text == "" {
			return nil, fmt.Errorf("%s: entry %q has no text", ReferenceFile, e.Title)
		}
	}
	return append(out, r.cardEntries()...), nil
}

// cardEntries is one entry per event card: what it does and which decks
// print it, how many times.
func (r *Ruleset) cardEntries() []deck.Entry {
	var out []deck.Entry
	for _, id := range knownKinds() {
		k := r.kinds.byID[id]
		var in []string
		for _, p := range r.kinds.printings {
			if p.Kind == id {
				in = append(in, fmt.Sprintf("%s ×%d", ThemeName(p.Theme), p.Copies))
			}
		}
		out = append(out, deck.Entry{Title: "Event card: " + k.Title, Tags: []string{"event", "card", id},
			Text: k.Text + " In: " + strings.Join(in, ", ") + "."})
	}
	return out
}

// Reference is the quick reference: the dice, tokens, every event card and
// the deck rules.
func (r *Ruleset) Reference() []deck.Entry {
	return append(r.reference[:len(r.reference):len(r.reference)], r.lib.Entries(ID)...)
}
