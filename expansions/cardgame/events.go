package cardgame

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/expansions/steps"
)

// card walks the event card "?" drew, by name. The card already lies under
// the deck (catan-card-game.md).
func (w *walker) card() {
	if w.rec.Rebuilt {
		w.b.Tell("Year End", "The whole event deck, Year End too, was shuffled. Here is the next card.")
	}
	if w.rec.NoCard || !w.cfg.Box.Has(w.rec.Card) {
		return
	}
	k := w.cfg.Box[w.rec.Card].Kind
	if w.house(k) { // the table's own card (house.go)
		return
	}
	switch k.ID {
	case CivilWar:
		w.civilWar()
	case Conflict:
		// rules/002, Conflict: the cards go under a stack; in a Tournament
		// under the victim's own. The format names the victim once, as %[1]s:
		// a second argument left unused was printed as "%!(EXTRA …)".
		w.knightHolder(k.Title, "takes 2 cards from %[1]s's hand and puts them under "+w.stack("%[1]s")+".")
	case MasterBuilder:
		// Not the stack the other took: only where both draw from the same
		// stacks; in a Tournament each has their own (rules/002, issue 31).
		not := "; not the stack the other took"
		if w.cfg.Mode == ModeTournament {
			not = ""
		}
		w.b.Tell(k.Title, fmt.Sprintf("%s first, then %s: each may trade 1 card in hand for 1 card from %s%s.",
			w.b.Name(w.roller), w.b.Name(w.other(w.roller)), w.ownStacks(), not))
	case Plague:
		// catan-card-game.md: once per region; Bath House and Aqueduct protect.
		w.b.Tell(k.Title, "Every region beside a city gives up 1 resource, just 1 even beside two cities. A Bath House or an Aqueduct protects.")
	case ProductiveYear:
		w.b.Tell(k.Title, "Every region beside a Garrison gets 1 resource for each Garrison it touches, up to 3.")
	case Progress:
		w.b.Tell(k.Title, fmt.Sprintf("%s first, then %s: each takes 1 resource of choice for each Abbey and each Library.",
			w.b.Name(w.roller), w.b.Name(w.other(w.roller))))
	case Raid:
		// rules/002: the Knight token holder may raid (issue 40: it read as a
		// must); three buildings, all if fewer, never a foreign card; the
		// victim picks the one that goes back.
		w.knightHolder(k.Title, "may raid: name 3 of %[1]s's buildings (all of them if fewer; never a foreign card); then %[1]s takes one of them back to hand, and an action card on it is discarded.")
	default:
		w.b.Tell(k.Title, "Resolve it as printed on the card.")
	}
}

// stack is where a card goes "under a stack": in a Tournament always the
// player's own stacks (rules/002). who is a format verb for the player.
func (w *walker) stack(who string) string {
	if w.cfg.Mode == ModeTournament {
		return "one of " + who + "'s own stacks"
	}
	return "a stack"
}

func (w *walker) ownStacks() string {
	if w.cfg.Mode == ModeTournament {
		return "their own stacks"
	}
	return "a stack of their choice"
}

// knightHolder asks who holds the Knight token and tells what the holder
// does to the other player: format names the other as %[1]s, as often as
// it needs.
func (w *walker) knightHolder(title, format string) {
	holder, ok := w.b.Holder(title, knightQ())
	switch {
	case !ok && w.skipped(FactKnight):
		w.b.Tell(title, "The Knight token holder "+fmt.Sprintf(format, "the other player"))
	case !ok:
	case holder < 0:
		w.b.Tell(title, "Nobody holds the Knight token: nothing happens.")
	default:
		other := w.b.Name(w.other(holder))
		w.b.Tell(title, w.b.Name(holder)+" "+fmt.Sprintf(format, other), holder, w.other(holder))
	}
}

// civilWar: the opponent picks one of each player's knights, trade fleets
// or cannons, which goes back to its owner's hand (catan-card-game.md);
// only those three kinds, and a Church or Cathedral protects them
// (rules/002, changes to the cards).
func (w *walker) civilWar() {
	const title = "Civil War"
	prot, ok := w.askSet(title, buildingQ(FactChurch, "Church or Cathedral"))
	if !ok {
		return
	}
	for _, p := range w.order() {
		name, other := w.b.Name(p), w.b.Name(w.other(p))
		switch prot[p] {
		case yes:
			w.b.Tell(title+": "+name, name+"'s Church or Cathedral protects: nothing is lost.", p)
		case no:
			w.b.Tell(title+": "+name, fmt.Sprintf("%s picks one of %s's knights, trade fleets or cannons, if any; it goes back to %s's hand.",
				other, name, name), p, w.other(p))
		default:
			w.b.Tell(title+": "+name, fmt.Sprintf("Unless a Church or Cathedral protects, %s picks one of %s's knights, trade fleets or cannons; it goes back to hand.",
				other, name), p, w.other(p))
		}
	}
}

// endList tells each player which event cards to take back, and from which
// deck (rules/002: each notes the cards they added, to take them back; some
// titles are in more than one set). One short line each, grouped by set:
// "Ann takes back: Civil War, Plague ×2 (Basic Game); Raid (Knights and
// Merchants)".
func endList(b *steps.Builder, cfg *Config) {
	cards := slices.Concat(b.S.Deck.Draw, b.S.Deck.Discard)
	slices.Sort(cards)
	for seat := range b.S.Players {
		var themes []string             // in the order first seen
		titles := map[string][]string{} // by theme, in the order first seen
		count := map[string]int{}       // by theme and title
		for _, c := range cards {
			if !cfg.Box.Has(c) || cfg.Box[c].Owner != seat {
				continue
			}
			sl := cfg.Box[c]
			if count[sl.Theme+"\x00"+sl.Kind.Title]++; count[sl.Theme+"\x00"+sl.Kind.Title] > 1 {
				continue
			}
			if _, ok := titles[sl.Theme]; !ok {
				themes = append(themes, sl.Theme)
			}
			titles[sl.Theme] = append(titles[sl.Theme], sl.Kind.Title)
		}
		groups := make([]string, 0, len(themes))
		for _, th := range themes {
			names := titles[th]
			for i, t := range names {
				if n := count[th+"\x00"+t]; n > 1 {
					names[i] = fmt.Sprintf("%s ×%d", t, n)
				}
			}
			groups = append(groups, strings.Join(names, ", ")+" ("+ThemeName(th)+")")
		}
		name, list := b.Name(seat), strings.Join(groups, "; ")+"."
		b.Decide("Event cards of "+name, name+" takes back: "+list, "Back to "+name+": "+list, seat)
	}
}
