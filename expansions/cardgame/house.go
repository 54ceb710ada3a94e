package cardgame

import (
	"strconv"

	"github.com/eventdeck/eventdeck/expansions/custom"
)

// Stacks the table's own cards may join besides the theme decks: the Basic
// Game's deck (every game), and the Tournament picks only.
const (
	StackTournament = "tournament"
	// House is the deck a Tournament-only card goes back to at the end.
	House = "house"
)

// WithCards returns the ruleset offering the table's own cards from lib:
// the card-files option, their reference entries, and games that play them.
func (r *Ruleset) WithCards(lib *custom.Library) *Ruleset {
	c := *r
	c.lib = lib
	return &c
}

// CardTable is where the Card Game takes the table's cards: the Basic
// Game's deck, a theme deck (in its Expanded Game, and in any Tournament
// box), or the Tournament picks alone. rules/002 ships blank cards for this.
func (r *Ruleset) CardTable() custom.Table {
	t := custom.Table{Game: ID, Name: r.Name(), Stacks: append(append([]string{Basic}, themeIDs()...), StackTournament)}
	kinds := r.kinds()
	for _, p := range kinds.printings {
		k := kinds.byID[p.Kind]
		t.Printed = append(t.Printed, custom.Printed{ID: k.ID, Title: k.Title, Where: ThemeName(p.Theme) + " ×" + strconv.Itoa(p.Copies)})
	}
	return t
}

// houseSlots adds the table's cards to a box for owner (-1: the shared
// deck): those of the Basic Game's deck always, a theme deck's in its
// Expanded Game, and in a Tournament every one, to pick from.
func houseSlots(c *Config, owner int, add func(owner int, theme string, kind Kind, copies int, fixed func(i int) bool)) {
	for _, h := range c.House {
		theme := h.Stack
		switch {
		case c.Mode == ModeTournament && theme == StackTournament:
			theme = House
		case c.Mode == ModeTournament, theme == Basic, c.Mode == ModeExpanded && theme == c.Theme:
		default:
			continue
		}
		add(owner, theme, Kind{ID: h.ID, Title: h.Title, Text: h.Text}, h.Copies, func(int) bool { return false })
	}
}

// house walks the table's own card k and reports whether it was one.
func (w *walker) house(k Kind) bool {
	h, ok := custom.Find(w.cfg.House, k.ID)
	if !ok {
		return false
	}
	custom.Walk(w.b, h, w.roller)
	return true
}
