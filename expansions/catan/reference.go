package catan

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// ReferenceFile holds the quick-reference entries in the assets.
const ReferenceFile = "catan/reference.md"

// LoadReference reads the quick-reference entries: each starts with a
// "## " title, then a "tags:" line, then its text; "#" lines before the first
// entry are comments.
func LoadReference(fsys fs.FS) ([]deck.Entry, error) {
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
	return out, nil
}

// Reference is the quick reference for the board game's Event Cards.
func (r *Ruleset) Reference() []deck.Entry {
	return append(r.reference[:len(r.reference):len(r.reference)], r.lib.Entries(ID)...)
}
