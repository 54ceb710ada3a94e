package cardgame

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// CardsFile is where the event card list lives in the assets file system.
const CardsFile = "cardgame/event-cards.csv"

// Ids of the event cards whose steps eventdeck knows.
const (
	YearEnd        = "year-end"
	CivilWar       = "civil-war"
	Conflict       = "conflict"
	MasterBuilder  = "master-builder"
	Plague         = "plague"
	ProductiveYear = "productive-year"
	Progress       = "progress"
	Raid           = "raid"
)

func knownKinds() []string {
	return []string{YearEnd, CivilWar, Conflict, MasterBuilder, Plague, ProductiveYear, Progress, Raid}
}

// BasicCards is how many event cards the Basic Game has
// (catan-card-game.md).
const BasicCards = 10

// TournamentCards is the size of the Tournament event deck (rules/002).
const TournamentCards = 13

// Picks is how many event cards each player adds in secret to a
// Tournament deck (rules/002).
const Picks = 4

// Kind is one event card as printed: its id, title and what it does.
type Kind struct {
	ID    string
	Title string
	Text  string
	Known bool // eventdeck walks it step by step; else "resolve as printed"
}

// printing is how many copies of a kind one theme deck (or the Basic Game) has.
type printing struct {
	Kind   string
	Theme  string
	Copies int
}

// Kinds is the event card list: every kind, and which decks print how many.
type Kinds struct {
	byID      map[string]Kind
	printings []printing
}

// Kind returns the kind with id, and false if there is none.
func (k *Kinds) Kind(id string) (Kind, bool) {
	c, ok := k.byID[id]
	return c, ok
}

// LoadKinds reads the event card list from fsys and checks it: every kind
// eventdeck walks is there, the Basic Game has 10 cards and one Year End,
// and every theme is known.
func LoadKinds(fsys fs.FS) (*Kinds, error) {
	rows, err := deck.ReadTable(fsys, CardsFile, "id", "title", "theme", "copies", "text")
	if err != nil {
		return nil, err
	}
	k := &Kinds{byID: map[string]Kind{}}
	basic := 0
	for i, row := range rows {
		line := i + 2
		n, err := strconv.Atoi(row[3])
		if err != nil || n < 1 || n > 9 {
			return nil, fmt.Errorf("%s:%d: copies %q", CardsFile, line, row[3])
		}
		if !slices.Contains(knownKinds(), row[0]) {
			return nil, fmt.Errorf("%s:%d: no steps for %q", CardsFile, line, row[0])
		}
		if row[2] != Basic && !slices.Contains(themeIDs(), row[2]) {
			return nil, fmt.Errorf("%s:%d: unknown theme %q", CardsFile, line, row[2])
		}
		if row[1] == "" || row[4] == "" {
			return nil, fmt.Errorf("%s:%d: a card needs a title and a text", CardsFile, line)
		}
		if _, ok := k.byID[row[0]]; !ok {
			k.byID[row[0]] = Kind{ID: row[0], Title: row[1], Text: row[4], Known: true}
		}
		k.printings = append(k.printings, printing{Kind: row[0], Theme: row[2], Copies: n})
		if row[2] == Basic {
			basic += n
		}
	}
	for _, id := range knownKinds() {
		if _, ok := k.byID[id]; !ok {
			return nil, fmt.Errorf("%s: %q is missing", CardsFile, id)
		}
	}
	if basic != BasicCards || k.copies(YearEnd, Basic) != 1 {
		return nil, fmt.Errorf("%s: the Basic Game needs %d cards, one Year End", CardsFile, BasicCards)
	}
	return k, nil
}

func (k *Kinds) copies(id, theme string) int {
	for _, p := range k.printings {
		if p.Kind == id && p.Theme == theme {
			return p.Copies
		}
	}
	return 0
}

// Slot is one physical event card in the box: its kind, the deck it comes
// from, whose box it is, and whether a Tournament deck always holds it.
type Slot struct {
	Kind  Kind
	Theme string // Basic or a theme id
	Owner int    // the player's seat in a Tournament; -1 for the shared deck
	Fixed bool   // put in by the rules, not picked
}

// Box is every event card a game may use, indexed by deck.Card. The Basic
// and Expanded Games use all of it; a Tournament deck holds its fixed cards
// and each player's 4 picks from their own box.
type Box []Slot

// Has reports whether c is a card of the box.
func (b Box) Has(c deck.Card) bool { return int(c) < len(b) }

// buildBox lays out the cards the options make.
func buildBox(c *Config, kinds *Kinds) (Box, error) {
	var box Box
	add := func(owner int, theme string, kind Kind, copies int, fixed func(i int) bool) {
		for i := range copies {
			box = append(box, Slot{Kind: kind, Theme: theme, Owner: owner, Fixed: fixed(i)})
		}
	}
	never := func(int) bool { return false }
	printed := func(owner int, keep func(printing) bool, fixed func(p printing, i int) bool) {
		for _, p := range kinds.printings {
			if keep(p) {
				add(owner, p.Theme, kinds.byID[p.Kind], p.Copies, func(i int) bool { return fixed(p, i) })
			}
		}
	}
	extras := func(owner int) {
		for _, e := range c.Extras {
			add(owner, e.Theme, extraKind(e, kinds), e.Copies, never)
		}
	}
	switch c.Mode {
	case ModeBasic, ModeExpanded:
		// rules/002: the theme deck's event cards join the Basic Game's.
		printed(-1, func(p printing) bool { return p.Theme == Basic || c.Mode == ModeExpanded && p.Theme == c.Theme },
			func(printing, int) bool { return false })
		extras(-1)
		houseSlots(c, -1, add)
	case ModeTournament:
		// rules/002: each player adds a Civil War and a Plague, one of them
		// (here the first) the Year End; a second Year End is never allowed,
		// so the other player's is left out of the box.
		for seat := range 2 {
			printed(seat, func(p printing) bool { return p.Kind != YearEnd || seat == 0 },
				func(p printing, i int) bool {
					return p.Theme == Basic && i == 0 && (p.Kind == YearEnd || p.Kind == CivilWar || p.Kind == Plague)
				})
			extras(seat)
			houseSlots(c, seat, add)
		}
	}
	if len(box) > 255 {
		return nil, fmt.Errorf("%d event cards are too many", len(box))
	}
	return box, nil
}

// extraKind is the kind of a card the table added: a card we know by name
// (Productive Year in another theme) keeps its steps.
func extraKind(e Extra, kinds *Kinds) Kind {
	if k, ok := kinds.Kind(Slug(e.Name)); ok {
		return k
	}
	return Kind{ID: Slug(e.Name), Title: e.Name, Text: "Resolve as printed on the card."}
}

// Label names a card and its deck: "Raid (Knights and Merchants)".
func (sl Slot) Label() string { return sl.Kind.Title + " (" + ThemeName(sl.Theme) + ")" }
