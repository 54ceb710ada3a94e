// Package deck is the engine behind every game eventdeck plays: cards as small
// ids, piles with the placement rules the games need, dice, the seeded random
// source, the game state with undo and redo, and its save format.
//
// It knows no game's rules and draws nothing on screen; rulesets in
// expansions/ drive it.
package deck

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Card is a card's id: an index into the card table of the ruleset that owns
// the deck. Ids are small, so a deck is a short slice of bytes.
type Card uint8

// Deck is a draw pile and a discard pile of card ids.
//
// In both piles index 0 is the bottom and the last element is the top, so a
// draw is a pop from the end and "k-th from the bottom" is index k-1.
type Deck struct {
	Draw    []Card `json:"draw"`
	Discard []Card `json:"discard"`
}

// ErrEmpty is returned when a card is wanted from an empty draw pile.
var ErrEmpty = errors.New("the draw pile is empty")

// NewDeck returns a deck whose draw pile holds cards in the given order
// (first = bottom). The piles have room for every card, so the placement
// operations below never allocate.
func NewDeck(cards ...Card) Deck {
	n := len(cards)
	d := Deck{Draw: make([]Card, n), Discard: make([]Card, 0, n)}
	copy(d.Draw, cards)
	return d
}

// Reserve makes room in both piles for n cards in all, so that moving cards
// between them never allocates.
func (d *Deck) Reserve(n int) {
	d.Draw = slices.Grow(d.Draw, n-len(d.Draw))
	d.Discard = slices.Grow(d.Discard, n-len(d.Discard))
}

// Len is the number of cards in the draw pile.
func (d *Deck) Len() int { return len(d.Draw) }

// Total is the number of cards in both piles.
func (d *Deck) Total() int { return len(d.Draw) + len(d.Discard) }

// Shuffle shuffles the draw pile with a Fisher–Yates shuffle from rng.
func (d *Deck) Shuffle(rng *rand.Rand) {
	shuffle(d.Draw, rng)
}

func shuffle(cards []Card, rng *rand.Rand) {
	for i := len(cards) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// Top takes the top card off the draw pile. The card is in neither pile
// afterwards: the caller discards it, seats it again, or keeps it.
func (d *Deck) Top() (Card, error) {
	n := len(d.Draw)
	if n == 0 {
		return 0, ErrEmpty
	}
	c := d.Draw[n-1]
	d.Draw = d.Draw[:n-1]
	return c, nil
}

// PutDiscard puts c face up on the discard pile (the board game).
func (d *Deck) PutDiscard(c Card) {
	d.Discard = append(d.Discard, c)
}

// SeatFromBottom puts c into the draw pile so that it is the k-th card from
// the bottom (k = 1 is the bottom card), with k-1 cards under it. New Year
// sits 6th (rules/000), Yule 4th (rivals-for-catan.md).
func (d *Deck) SeatFromBottom(c Card, k int) error {
	if k < 1 || k > len(d.Draw)+1 {
		return fmt.Errorf("cannot seat a card %d-th from the bottom of %d cards", k, len(d.Draw))
	}
	d.insert(c, k-1)
	return nil
}

// PutBottom puts c under the draw pile (Rivals, the Card Game).
func (d *Deck) PutBottom(c Card) {
	d.insert(c, 0)
}

// PutUnder puts c under the top n cards of the draw pile (Barbarian Attack
// and Insurrection in the Card Game: n = 4). With fewer than n cards it goes
// to the bottom.
func (d *Deck) PutUnder(c Card, n int) {
	if n < 0 {
		n = 0
	}
	pos := len(d.Draw) - n
	if pos < 0 {
		pos = 0
	}
	d.insert(c, pos)
}

// PutTop puts c on top of the draw pile (undoing a draw by hand).
func (d *Deck) PutTop(c Card) {
	d.Draw = append(d.Draw, c)
}

func (d *Deck) insert(c Card, i int) {
	d.Draw = append(d.Draw, 0)
	copy(d.Draw[i+1:], d.Draw[i:])
	d.Draw[i] = c
}

// Rebuild gathers every card, the discard pile onto the draw pile, and
// shuffles them (New Year, Yule, Year End).
func (d *Deck) Rebuild(rng *rand.Rand) {
	d.Draw = append(d.Draw, d.Discard...)
	d.Discard = d.Discard[:0]
	d.Shuffle(rng)
}

// Peek returns the top n cards of the draw pile, the top card first, without
// moving them. With fewer than n cards it returns them all.
func (d *Deck) Peek(n int) []Card {
	if n > len(d.Draw) {
		n = len(d.Draw)
	}
	if n < 0 {
		n = 0
	}
	out := make([]Card, n)
	for i := range out {
		out[i] = d.Draw[len(d.Draw)-1-i]
	}
	return out
}

// RemoveAt takes out the card at position pos counted from the top (0 is the
// top card) and returns it (Great Foresight).
func (d *Deck) RemoveAt(pos int) (Card, error) {
	if pos < 0 || pos >= len(d.Draw) {
		return 0, fmt.Errorf("no card at position %d of %d", pos, len(d.Draw))
	}
	i := len(d.Draw) - 1 - pos
	c := d.Draw[i]
	copy(d.Draw[i:], d.Draw[i+1:])
	d.Draw = d.Draw[:len(d.Draw)-1]
	return c, nil
}

// TopToBottom moves the cards at the given positions (counted from the top,
// 0 is the top card) to the bottom of the draw pile (Grove of Great
// Foresight). The moved cards keep their order among themselves: the one that
// was highest is still the highest of them, now at the bottom.
func (d *Deck) TopToBottom(positions ...int) error {
	n := len(d.Draw)
	seen := make(map[int]bool, len(positions))
	for _, p := range positions {
		if p < 0 || p >= n {
			return fmt.Errorf("no card at position %d of %d", p, n)
		}
		if seen[p] {
			return fmt.Errorf("position %d chosen twice", p)
		}
		seen[p] = true
	}
	moved := make([]Card, 0, len(positions))
	kept := make([]Card, 0, n-len(positions))
	for i := 0; i < n; i++ { // bottom to top
		if seen[n-1-i] {
			moved = append(moved, d.Draw[i])
		} else {
			kept = append(kept, d.Draw[i])
		}
	}
	copy(d.Draw, moved)
	copy(d.Draw[len(moved):], kept)
	return nil
}

// Clone returns a deep copy of d.
func (d *Deck) Clone() Deck {
	c := Deck{
		Draw:    make([]Card, len(d.Draw), cap(d.Draw)),
		Discard: make([]Card, len(d.Discard), cap(d.Discard)),
	}
	copy(c.Draw, d.Draw)
	copy(c.Discard, d.Discard)
	return c
}
