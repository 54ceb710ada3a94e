package rivals

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// MaxTable is how many cards a game's table may hold, printed and the
// table's own together: a card id is one byte.
const MaxTable = 256

// WithCards returns the ruleset offering the table's own cards from lib:
// the card-files option, their reference entries, and games that play them.
func (r *Ruleset) WithCards(lib *custom.Library) *Ruleset {
	c := *r
	c.lib = lib
	return &c
}

// CardTable is where Rivals takes the table's cards: the Basic Set's event
// stack (every game) or a theme set's (its Theme Game, and a Duel that has
// the set).
func (r *Ruleset) CardTable() custom.Table {
	t := custom.Table{Game: ID, Name: r.Name(), Stacks: append([]string{Basic}, setIDs()...)}
	count := map[string]int{}
	for _, c := range r.cards() {
		count[c.Set+"/"+c.Event]++
	}
	seen := map[string]bool{}
	for _, c := range r.cards() {
		key := c.Set + "/" + c.Event
		if seen[key] {
			continue
		}
		seen[key] = true
		t.Printed = append(t.Printed, custom.Printed{ID: c.Event, Title: c.Title, Where: stackName(c.Set) + " ×" + strconv.Itoa(count[key])})
	}
	return t
}

// stackName is a set's name: "Basic Set" or a theme set's.
func stackName(set string) string {
	if set == Basic {
		return "Basic Set"
	}
	return setName(set)
}

// houseCards are the table's cards as cards of the stack, one per copy, in
// the order the game keeps them. A copy's id follows the printed cards'.
func houseCards(house []custom.Card) []Card {
	var out []Card
	for _, h := range house {
		for range h.Copies {
			out = append(out, Card{Set: h.Stack, Event: h.ID, Title: h.Title, Text: h.Text, House: true})
		}
	}
	return out
}

// table is the card table of a game with options c: the printed cards,
// then a card per copy of each of the table's own cards. The copies are
// built from the options, so a saved game needs no card file.
func (r *Ruleset) table(c Config) []Card {
	if len(c.House) == 0 {
		return r.cards()
	}
	printed := r.cards()
	return append(printed[:len(printed):len(printed)], houseCards(c.House)...)
}

// tableOf is the card table of s's game; the printed cards if its options
// do not parse (Validate says why).
func (r *Ruleset) tableOf(s *deck.State) []Card {
	c, err := config(s)
	if err != nil {
		return r.cards()
	}
	return r.table(c)
}

// checkHouse reports a game whose own cards do not fit its table.
func (r *Ruleset) checkHouse(c Config) error {
	n := 0
	for _, h := range c.House {
		n += h.Copies
		if h.Stack != Basic && setIndex(h.Stack) < 0 {
			return fmt.Errorf("%s: card %q joins an unknown set %q", custom.OptSaved, h.ID, h.Stack)
		}
		if knownEvent(h.ID) {
			return fmt.Errorf("%s: card %q is a printed card's id", custom.OptSaved, h.ID)
		}
	}
	if printed := len(r.cards()); printed+n > MaxTable {
		return fmt.Errorf("%s: %d copies of your cards; at most %d fit", custom.OptSaved, n, MaxTable-printed)
	}
	return nil
}

// house walks the table's own card c and reports whether it was one. Its
// steps name the player whose turn it is; a card the Forgotten Tribe drew
// asks under the walk's prefix.
func (w walk) house(c Card) bool {
	if !c.House {
		return false
	}
	i := slices.IndexFunc(w.own, func(h custom.Card) bool { return h.ID == c.Event })
	if i < 0 {
		return false
	}
	custom.WalkIn(w.b, w.own[i], w.roller, w.prefix)
	return true
}
