package custom

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/eventdeck/eventdeck/deck"
)

// Option keys this package keeps in a game's options.
const (
	// OptFiles is the setup's choice of card files (see Library.Select).
	OptFiles = "card-files"
	// OptSaved holds a copy of the cards the game plays, as JSON, so that a
	// saved game resumes the same when a file changes or goes.
	OptSaved = "house-cards"
)

// MaxSaved bounds the cards a game keeps.
const MaxSaved = 200

// IsOption reports whether key is one of this package's option keys: a
// ruleset's option parser passes them over and reads them with FromOptions.
func IsOption(key string) bool { return key == OptFiles || key == OptSaved }

// Resolve returns opts with the copy of game's cards that the card-files
// choice names, from lib. Without a library, or with no choice made and a
// copy already there (a saved game's options), opts stay as they are; no
// choice means every file.
func (l *Library) Resolve(opts map[string]string, game string) map[string]string {
	if l == nil {
		return opts
	}
	choice, chosen := opts[OptFiles]
	if _, saved := opts[OptSaved]; saved && !chosen {
		return opts
	}
	if !chosen {
		choice = FilesAll
	}
	out := maps.Clone(opts)
	if out == nil {
		out = map[string]string{}
	}
	delete(out, OptSaved)
	cards := l.Select(game, choice)
	if len(cards) > MaxSaved {
		cards = cards[:MaxSaved]
	}
	if len(cards) > 0 {
		data, _ := json.Marshal(cards) // plain strings and numbers: never fails
		out[OptSaved] = string(data)
	}
	return out
}

// FromOptions reads the copy of the cards a game keeps in its options, and
// checks it as a save is checked: every card of game, each whole.
func FromOptions(opts map[string]string, game string) ([]Card, error) {
	v, ok := opts[OptSaved]
	if !ok {
		return nil, nil
	}
	var cards []Card
	if err := json.Unmarshal([]byte(v), &cards); err != nil {
		return nil, fmt.Errorf("%s: %v", OptSaved, err)
	}
	if len(cards) > MaxSaved {
		return nil, fmt.Errorf("%s: %d cards, at most %d", OptSaved, len(cards), MaxSaved)
	}
	seen := map[string]bool{}
	for _, c := range cards {
		if err := c.check(game); err != nil {
			return nil, fmt.Errorf("%s: card %q: %v", OptSaved, c.ID, err)
		}
		if seen[c.ID] {
			return nil, fmt.Errorf("%s: card %q twice", OptSaved, c.ID)
		}
		seen[c.ID] = true
	}
	return cards, nil
}

// ToOptions returns cards as the option value a game keeps.
func ToOptions(cards []Card) string {
	data, _ := json.Marshal(cards)
	return string(data)
}

// check is what a kept card must be: the file's rules that need no table.
func (c Card) check(game string) error {
	switch {
	case c.Game != game:
		return fmt.Errorf("a card of %q, not %q", c.Game, game)
	case c.ID == "" || len(c.ID) > MaxID || !validID(c.ID):
		return fmt.Errorf("bad id")
	case c.Title == "" || utf8.RuneCountInString(c.Title) > MaxTitle || utf8.RuneCountInString(c.Text) > MaxText:
		return fmt.Errorf("title or text too long")
	case c.Copies < 1 || c.Copies > MaxCopies:
		return fmt.Errorf("%d copies", c.Copies)
	case len(c.Steps) > MaxSteps:
		return fmt.Errorf("%d steps", len(c.Steps))
	case len(c.Replaces) > 0 && len(c.Joins) > 0:
		return fmt.Errorf("both replaces and joins")
	}
	for _, ns := range [][]int{c.Replaces, c.Joins} {
		if len(ns) > 11 {
			return fmt.Errorf("%d numbers", len(ns))
		}
		for i, n := range ns {
			if n < 2 || n > 12 || slices.Contains(ns[:i], n) {
				return fmt.Errorf("number %d", n)
			}
		}
	}
	texts := []string{c.Title, c.Text, c.Stack}
	for _, st := range c.Steps {
		texts = append(texts, st.Text, st.Prompt, st.Topic)
	}
	for _, t := range texts { // a save's copy is checked as a card file is
		if err := deck.CheckText(t); err != nil {
			return fmt.Errorf("a text %v", err)
		}
	}
	for _, st := range c.Steps {
		if _, ok := askKind(st.Ask); st.Ask != "" && !ok {
			return fmt.Errorf("question kind %q", st.Ask)
		}
		if st.Max < 0 || st.Max > 999 || utf8.RuneCountInString(st.Text) > MaxText {
			return fmt.Errorf("a step is too long")
		}
	}
	return nil
}
