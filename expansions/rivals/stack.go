package rivals

import (
	"fmt"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
)

// Keys in State.Trackers: the ruleset's own numbers, shown by no tracker.
const (
	trackDuelSets  = "duel-sets"       // Duel: the chosen sets, bit i for ThemeSets()[i]
	trackFirstPick = "duel-pick"       // Duel: the starting player's pick, index+1; kept once the picks are done
	trackDuelLot   = "duel-lot"        // Duel: the sets drawn by lot, bits as trackDuelSets
	trackNextProd  = "next-production" // Brigitta: the next production die, 1..6
	trackNextEvent = "next-event"      // Grove of Justice: the next event face, index+1
)

// YuleFromBottom is where Yule sits in a built stack: 4th from the bottom,
// with 3 cards under it (rivals-for-catan.md, rules/003).
const YuleFromBottom = 4

// DuelStack is how many cards a Duel's stack holds (rules/003).
const DuelStack = 12

// sets returns the theme sets whose events are in s's game, in box order;
// none while a Duel's sets are still to be picked.
func sets(s *deck.State, c Config) []string {
	switch c.Mode {
	case ModeTheme:
		return []string{c.Set}
	case ModeDuel:
		var out []string
		mask := s.Trackers[trackDuelSets]
		for i, set := range ThemeSets() {
			if mask&(1<<i) != 0 {
				out = append(out, set.ID)
			}
		}
		return out
	}
	return nil
}

// setMask is the trackDuelSets value for ids.
func setMask(ids []string) int {
	m := 0
	for _, id := range ids {
		m |= 1 << setIndex(id)
	}
	return m
}

// picksDue reports whether a Duel still waits for the players' picks.
func picksDue(s *deck.State, c Config) bool {
	return c.Mode == ModeDuel && s.Trackers[trackDuelSets] == 0
}

// insurrectionOnTop reports whether the stack is built the Prosperity way:
// the Prosperity Theme Game (rules/003), and a Duel with Prosperity if the
// setting says so.
func insurrectionOnTop(c Config, in []string) bool {
	switch c.Mode {
	case ModeTheme:
		return c.Set == "prosperity"
	case ModeDuel:
		return c.DuelInsurrection == InsurrTop && slices.Contains(in, "prosperity")
	}
	return false
}

// assemble lays ids out as a stack, bottom first. The plain way
// (rivals-for-catan.md): Yule aside, the rest shuffled, 3 laid, Yule, the
// rest on top. The Prosperity way (rules/003): Insurrections aside too; 3
// of the others laid, Yule, then the other cards shuffled with the
// Insurrections on top.
func assemble(cards []Card, ids []deck.Card, prosperity bool, s *deck.State) deck.Deck {
	var yule []deck.Card
	var rest, top []deck.Card
	for _, id := range ids {
		switch ev := cards[id].Event; {
		case ev == Yule:
			yule = append(yule, id)
		case prosperity && ev == Insurrection:
			top = append(top, id)
		default:
			rest = append(rest, id)
		}
	}
	d := deck.NewDeck(rest...)
	d.Shuffle(s.Rand())
	if prosperity {
		under := min(YuleFromBottom-1, len(rest))
		t := deck.NewDeck(append(slices.Clone(d.Draw[under:]), top...)...)
		t.Shuffle(s.Rand())
		d = deck.NewDeck(append(d.Draw[:under:under], t.Draw...)...)
	}
	for _, y := range yule {
		_ = d.SeatFromBottom(y, min(YuleFromBottom, d.Len()+1)) // in range by min
	}
	d.Reserve(len(ids))
	return d
}

// build lays out the stack of s's game from its cards.
func (r *Ruleset) build(s *deck.State, c Config, ids []deck.Card) {
	s.Deck = assemble(r.table(c), ids, insurrectionOnTop(c, sets(s, c)), s)
}

// startStack builds the first stack: every card of the Basic Set and the
// game's sets; in a Duel the cards without a half moon, filled at random to
// 12 (rules/003).
func (r *Ruleset) startStack(s *deck.State, c Config) {
	in := sets(s, c)
	cards := r.table(c)
	ids := inSets(cards, in)
	if c.Mode == ModeDuel {
		ids = duelCards(s, cards, ids)
	}
	r.build(s, c, ids)
}

// duelCards keeps the cards without a half moon and adds others drawn
// unseen from the rest until there are 12 (rules/003). The cards left out
// are not kept anywhere: they go back in the box. The table's own cards
// have no half moon: they are always in, and count toward the 12.
func duelCards(s *deck.State, cards []Card, ids []deck.Card) []deck.Card {
	var keep, pool []deck.Card
	for _, id := range ids {
		if cards[id].HalfMoon {
			pool = append(pool, id)
		} else {
			keep = append(keep, id)
		}
	}
	p := deck.NewDeck(pool...)
	p.Shuffle(s.Rand())
	for len(keep) < DuelStack {
		c, err := p.Top()
		if err != nil {
			break
		}
		keep = append(keep, c)
	}
	slices.Sort(keep)
	return keep
}

// chooseByLot draws n theme sets by lot among those not in chosen: one card
// from each set, shuffled, n drawn (rules/003).
func chooseByLot(s *deck.State, chosen []string, n int) []string {
	var left []string
	for _, set := range ThemeSets() {
		if !slices.Contains(chosen, set.ID) {
			left = append(left, set.ID)
		}
	}
	out := slices.Clone(chosen)
	for range n {
		i := s.Rand().IntN(len(left))
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return out
}

// drawn is a card drawn for a "?": Yule rebuilt the stack first, or the
// card went to the bottom instead of under the top 4 (lockedReturn).
type drawn struct {
	id      deck.Card
	rebuilt bool
	bottom  bool
}

// draw takes the top card for a "?" and puts it back where the rules send
// it. Yule rebuilds the stack as at the start, then the next card is drawn
// (rivals-for-catan.md); the year counts the rebuilds.
func (r *Ruleset) draw(s *deck.State, c Config) (drawn, error) {
	cards := r.table(c)
	rebuilt := false
	for range 2 {
		id, err := s.Deck.Top()
		if err != nil {
			return drawn{}, fmt.Errorf("the event stack is empty")
		}
		if cards[id].Event == Yule && !rebuilt {
			r.build(s, c, append(slices.Clone(s.Deck.Draw), id))
			s.Year++
			rebuilt = true
			continue
		}
		bottom := putBack(s, cards, id)
		return drawn{id: id, rebuilt: rebuilt, bottom: bottom}, nil
	}
	return drawn{}, fmt.Errorf("the event stack holds only Yule")
}

// putBack returns resolved card id: under the top 4 for Barbarian Attack
// and Insurrection, else to the bottom (rivals-for-catan.md, rules/003).
// The table's own cards always go to the bottom. It reports whether a card
// that goes under the top 4 went to the bottom instead (lockedReturn).
func putBack(s *deck.State, cards []Card, id deck.Card) (bottom bool) {
	if cards[id].ReturnsUnderTop() && !lockedReturn(s.Deck, cards) {
		s.Deck.PutUnder(id, UnderTop)
		return false
	}
	s.Deck.PutBottom(id)
	return cards[id].ReturnsUnderTop()
}

// lockedReturn reports whether the 4 cards a returning card would go under
// all go back under the top 4 themselves. rules/003 and
// rivals-for-catan.md send Barbarian Attack and Insurrection under the top
// 4; with 5 of them on top they would come round for ever and Yule never
// come (issue 24: a Duel with Barbarians and Prosperity, seed 8). The
// sources do not say; eventdeck's reading: the card goes to the bottom.
func lockedReturn(d deck.Deck, cards []Card) bool {
	if len(d.Draw) < UnderTop {
		return false // under everything already: the bottom
	}
	for _, above := range d.Draw[len(d.Draw)-UnderTop:] {
		if int(above) >= len(cards) || !cards[above].ReturnsUnderTop() {
			return false
		}
	}
	return true
}

// checkStack reports a card that is not in the game's sets, out of the
// table, or in the stack twice.
func (r *Ruleset) checkStack(s *deck.State, c Config) error {
	cards := r.table(c)
	allowed := inSets(cards, sets(s, c))
	seen := map[deck.Card]bool{}
	for _, id := range slices.Concat(s.Deck.Draw, s.Deck.Discard) {
		if int(id) >= len(cards) {
			return fmt.Errorf("card %d is not a Rivals event card", id)
		}
		if !slices.Contains(allowed, id) {
			return fmt.Errorf("%s (%s) is not in this game's sets", cards[id].Title, cards[id].Set)
		}
		if seen[id] {
			return fmt.Errorf("%s (card %d) is in the stack twice", cards[id].Title, id)
		}
		seen[id] = true
	}
	if len(s.Deck.Discard) > 0 {
		return fmt.Errorf("a Rivals stack has no discard pile")
	}
	if !picksDue(s, c) && !slices.ContainsFunc(s.Deck.Draw, func(id deck.Card) bool { return cards[id].Event == Yule }) {
		return fmt.Errorf("the stack has no Yule")
	}
	return nil
}
