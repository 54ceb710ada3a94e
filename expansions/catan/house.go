package catan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// WithCards returns the ruleset offering the table's own cards from lib:
// the card-files option, their reference entries, and games that play them.
func (r *Ruleset) WithCards(lib *custom.Library) *Ruleset {
	c := *r
	c.lib = lib
	return &c
}

// CardTable is where the board game takes the table's cards: on its
// numbered cards, by production number. A card that joins takes cards
// without an event, so the deck stays 36 cards and its odds the dice's.
func (r *Ruleset) CardTable() custom.Table {
	t := custom.Table{Game: ID, Name: r.Name(), Numbers: map[int]custom.Slots{}}
	on := map[string][]int{}
	for _, c := range r.cards {
		s := t.Numbers[c.Number]
		s.Cards++
		if c.Event == EventNone {
			s.Free++
		}
		t.Numbers[c.Number] = s
		on[c.Event] = append(on[c.Event], c.Number)
	}
	for _, e := range Events() {
		nums := on[e]
		slices.Sort(nums)
		words := make([]string, 0, len(nums))
		for _, n := range slices.Compact(nums) {
			words = append(words, strconv.Itoa(n))
		}
		t.Printed = append(t.Printed, custom.Printed{ID: e, Title: Title(e, 6), Where: strings.Join(words, ", ")})
	}
	return t
}

// houseCards assigns the table's cards to numbered cards, in the order the
// cards are given: a card that replaces takes the first cards of each of
// its numbers in the card list (red die low to high) not taken yet; one
// that joins, the first such cards without an event. A card with no room
// left (files that together ask too much) takes what room there is.
func (r *Ruleset) houseCards(house []custom.Card) map[deck.Card]int {
	out := map[deck.Card]int{}
	for i, h := range house {
		nums, free := h.Replaces, false
		if len(h.Joins) > 0 {
			nums, free = h.Joins, true
		}
		for _, n := range nums {
			left := h.Copies
			for id, c := range r.cards {
				if _, taken := out[deck.Card(id)]; left == 0 || taken || c.Number != n || free && c.Event != EventNone {
					continue
				}
				out[deck.Card(id)] = i
				left--
			}
		}
	}
	return out
}

// house puts the table's card on card c, if one is there, into t.
func (r *Ruleset) house(c deck.Card, cfg Config, t *deck.Turn) {
	if len(cfg.House) == 0 {
		return
	}
	if i, ok := r.houseCards(cfg.House)[c]; ok {
		h := cfg.House[i]
		t.Event, t.Title, t.Text = h.ID, h.Title, h.Text
	}
}

// houseEvent walks the table's card drawn this turn and reports whether
// there was one. On a 7 the robber still comes after it: the 7 is the
// robber's, whatever card shows it.
func (b *stepper) houseEvent() bool {
	h, ok := custom.Find(b.cfg.House, b.turn.Event)
	if !ok || b.turn.Chosen || b.cfg.Explorers {
		return false
	}
	custom.Walk(b.Builder, h, b.turn.Player)
	if b.turn.Number == 7 {
		b.robberAttacks()
	}
	return true
}
