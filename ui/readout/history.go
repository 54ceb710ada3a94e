package readout

import (
	"maps"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// HistoryEntry is one entry of a game's history: a change the table made
// between turns (Note), or a turn as the rules read it, with its player's
// name and what the table said on it.
type HistoryEntry struct {
	Note   string // the table's change; "" for a turn
	Turn   deck.Turn
	Player string
	Said   []string // the turn's answers, by question key
}

// History is s's history in order, each table change before the turn it
// came before, for every screen that lists it (the terminal's history
// page, the phone's).
func History(rules expansions.Ruleset, s *deck.State) []HistoryEntry {
	var out []HistoryEntry
	notes := s.Table
	tableNotes := func(upTo int) { // the table's changes made before turn upTo
		for len(notes) > 0 && notes[0].Turn <= upTo {
			out = append(out, HistoryEntry{Note: notes[0].Text})
			notes = notes[1:]
		}
	}
	for i := range s.Turns() {
		tableNotes(i)
		rec := s.TurnAt(i)
		t, ok := rules.Turn(s, i)
		if !ok {
			continue
		}
		e := HistoryEntry{Turn: t, Player: s.PlayerName(rec.Player)}
		for _, k := range slices.Sorted(maps.Keys(rec.Said)) {
			e.Said = append(e.Said, rec.Said[k])
		}
		out = append(out, e)
	}
	tableNotes(s.Turns())
	return out
}
