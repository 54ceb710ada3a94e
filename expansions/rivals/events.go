package rivals

import (
	"fmt"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
)

// knownEvent reports whether the steps can walk event: every event card of
// rivals-for-catan.md.
func knownEvent(event string) bool {
	switch event {
	case Yule, "invention", "year-of-plenty", "traveling-merchant", "trade-ships-race", "feud", "fraternal-feuds",
		"gift-for-the-prince", "riots", "plague", "good-neighbors", "religious-dispute", "fortunate-trade-voyage",
		"capricious-sea", "hour-of-the-master-merchants", BarbarianRaid, "retreat-of-the-barbarians",
		"friendship-between-peoples", "most-successful-explorer", "famine", "council-of-the-sages", Insurrection, Taxation:
		return true
	}
	return false
}

// card walks an event card for both players by name
// (rivals-for-catan.md, rules/003 for the Age of Enlightenment's cards).
func (w walk) card(id deck.Card, rebuilt, bottom bool) {
	b := w.b
	if rebuilt {
		b.Tell("Yule", "The stack was built again with Yule 4th from the bottom, and the next card drawn.")
	}
	if int(id) >= len(w.cards) {
		return
	}
	c := w.cards[id]
	if w.house(c) { // the table's own card (house.go)
		return
	}
	switch c.Event {
	case Yule:
		b.Tell("Yule", "Build the stack again with Yule 4th from the bottom.")
	case "invention":
		w.each(c.Title, "%s picks 1 resource for every building with a progress point, 2 at most.")
	case "year-of-plenty":
		b.Tell(c.Title, "Each region of "+w.both()+" gains 1 resource per Storehouse and Abbey next to it, if it has room.")
	case "traveling-merchant":
		w.each(c.Title, "%s may buy 1 or 2 resources they pick, paying 1 gold apiece.")
	case "trade-ships-race":
		seats, ok := w.players(c.Title, "", factQuestion(FactShips))
		switch {
		case ok && len(seats) == 0:
			b.Tell(c.Title, "Nobody has a trade ship: nothing happens.")
		case ok:
			b.Tell(c.Title, w.b.Names(seats)+takes(len(seats))+" 1 resource of choice.")
		case w.skipped(FactShips):
			b.Tell(c.Title, "The player with more trade ships picks 1 resource; tied with ships, both pick one.")
		}
	case "feud":
		w.advantage(c.Title, "%s picks 3 of %s's buildings; %[2]s puts one of them under its draw stack."+w.courage(true))
	case "fraternal-feuds":
		w.advantage(c.Title, "%s picks 2 cards from %s's hand; they go under their draw stacks."+w.courage(false))
	case "gift-for-the-prince":
		w.each(c.Title, "%s takes 1 gold for every unit that has a strength point.")
	case "riots":
		text := "%s: 1 or 2 units with strength or commerce points cost 1 gold, 3 or more cost 2 gold; or give up one such unit."
		if w.prosperity {
			text += " Public Feeling: pay 1 star to be spared."
		}
		w.each(c.Title, text)
	case "plague":
		b.Tell(c.Title, "Every region of "+w.both()+" next to a city loses 1 resource, only 1 even next to two cities.")
	case "good-neighbors":
		b.Tell(c.Title, "Turn up the top card of every draw stack; a Pilgrimage Site or Odin's Fountain pays its owner as printed.")
	case "religious-dispute":
		w.whoHas(c.Title, "city", "Who has a city?", "Has a city",
			"%s puts the hand under matching draw stacks; a Church or Temple softens this.", "Nobody has a city: nothing happens.")
	case "fortunate-trade-voyage":
		w.each(c.Title, "%s picks one own trade ship and takes up to 2 resources of its kind.")
	case "capricious-sea":
		if w.island {
			// Drawn through the Island of the Forgotten Tribe, the die
			// "already rolled" is read as the island's (2–4): always calm.
			// Our sources are silent: eventdeck's reading (issue 40).
			b.Tell(c.Title+": calm", fmt.Sprintf("The island's roll, %d, stands for the production die: %s each take 1 resource per own trade ship. %s",
				w.prod, w.both(), unsure))
		} else if w.prod <= 4 {
			b.Tell(c.Title+": calm", fmt.Sprintf("Production die %d: %s each take 1 resource per own trade ship.", w.prod, w.both()))
		} else {
			b.Tell(c.Title+": storm", fmt.Sprintf("Production die %d: %s each lose a trade ship under its draw stack.", w.prod, w.both()))
		}
	case "hour-of-the-master-merchants":
		b.Tell(c.Title, "Each Residence of "+w.both()+" rises one level; one already at the top gives 1 resource instead.")
	case BarbarianRaid:
		w.whoHas(c.Title, "fewer-units", "Who has fewer units than city points?", "Fewer units than city points",
			"%s discards 2 resources.", "Nobody has fewer units than city points.")
		w.whoHas(c.Title, "more-units", "Who has a city and more units than city points?", "More units than city points",
			"%s takes 2 resources of choice.", "Nobody has more units than city points.")
		b.Tell(c.Title, returnText(bottom))
	case "retreat-of-the-barbarians":
		w.retreat(c.Title)
	case "friendship-between-peoples":
		w.each(c.Title, "%s takes 1 resource of choice per island at level 1 or higher.")
	case "most-successful-explorer":
		w.explorer(c.Title)
	case "famine":
		w.famine(c.Title)
	case "council-of-the-sages":
		w.each(c.Title, "%s chooses: owls for their sages (up to 2), or resources beside sages (up to 2), never some of each.")
	case Insurrection:
		w.each(c.Title, "%s puts 1 building worth 2 or more resources under its draw stack. Public Feeling: pay 1 star to be spared.")
		b.Tell(c.Title, returnText(bottom))
	case Taxation:
		w.each(c.Title, "%s may pay 1 star to take 1 resource of choice and 1 gold.")
	}
}

// returnText says where a resolved Barbarian Attack or Insurrection went:
// under the top 4 (rules/003), or to the bottom when those 4 all go back
// under the top 4 too (lockedReturn, eventdeck's reading). The bottom's
// step names and counts nothing above the card: that would tell the table
// its next events (issue 31).
func returnText(bottom bool) string {
	if bottom {
		return "The card goes to the bottom of the stack. " + unsure
	}
	return "The card goes back into the stack, under the top 4 cards."
}

// courage is what protects from a Feud (buildings true) or Fraternal
// Feuds, from rules/003's card index, only with the Era of Sages in play:
// a Grove of Courage makes either card do nothing to its owner, and groves
// are no buildings, so a Feud cannot pick one (issue 31).
func (w walk) courage(buildings bool) string {
	if !w.has("sages") {
		return ""
	}
	if buildings {
		return " A Grove of Courage protects its owner; groves are not buildings."
	}
	return " A Grove of Courage protects its owner."
}

// takes agrees with how many players take.
func takes(n int) string {
	if n == 1 {
		return " takes"
	}
	return " each take"
}

// advantage asks who holds the strength advantage and tells what that
// player does to the other (Feud, Fraternal Feuds).
func (w walk) advantage(title, format string) {
	seat, ok := w.holder(title, FactStrength)
	switch {
	case ok && seat >= 0:
		w.b.Tell(title, fmt.Sprintf(format, w.name(seat), w.name(1-seat)), seat, 1-seat)
	case ok:
		w.b.Tell(title, "Nobody holds the strength advantage: nothing happens.")
	case w.skipped(FactStrength):
		w.b.Tell(title, fmt.Sprintf(format, "The strength advantage", "the other player"))
	}
}

// whoHas asks which players something holds for and tells each what to do.
func (w walk) whoHas(title, key, prompt, topic, format, none string) []int {
	seats, ok := w.players(title, "", deck.Question{Key: key, Prompt: prompt, Topic: topic})
	switch {
	case ok && len(seats) == 0:
		w.b.Tell(title, none)
	case ok:
		for _, seat := range seats {
			w.b.Tell(title+": "+w.name(seat), fmt.Sprintf(format, w.name(seat)), seat)
		}
	case w.skipped(w.prefix + key):
		w.b.Tell(title, fmt.Sprintf(format, topic+": each such player"))
	}
	return seats
}

// retreat walks Retreat of the Barbarians: a player with a unit draws 1
// card, 2 with the strength advantage.
func (w walk) retreat(title string) {
	seats, ok := w.players(title, "", deck.Question{Key: "unit", Prompt: "Who has a unit?", Topic: "Has a unit"})
	if !ok {
		if w.skipped(w.prefix + "unit") {
			w.b.Tell(title, "Each player with a unit takes 1 card from a draw stack; the strength advantage takes 2.")
		}
		return
	}
	if len(seats) == 0 {
		w.b.Tell(title, "Nobody has a unit: nothing happens.")
		return
	}
	strong, known := w.holder(title, FactStrength)
	if !known && !w.skipped(FactStrength) {
		return
	}
	for _, seat := range seats {
		n := "1 card"
		if known && strong == seat {
			n = "2 cards"
		}
		w.b.Tell(title+": "+w.name(seat), w.name(seat)+" draws "+n+" from one draw stack.", seat)
	}
}

// explorer walks Most Successful Explorer (rules/003).
func (w walk) explorer(title string) {
	seats, ok := w.players(title, "", deck.Question{Key: "explorer",
		Prompt: "Who found the most sea cards? (both: a tie; nobody: none found)", Topic: "Most sea cards"})
	switch {
	case ok && len(seats) == 0:
		w.b.Tell(title, "Nobody has found a sea card: nothing happens.")
	case ok && len(seats) == 1:
		w.b.Tell(title, w.name(seats[0])+" draws up to 2 cards from one draw stack.", seats[0])
	case ok:
		w.b.Tell(title, "A tie: "+w.both()+" each draw 1 card, "+w.name(w.roller)+" first.")
	case w.skipped(w.prefix + "explorer"):
		w.b.Tell(title, "Whoever found more sea cards takes up to 2 cards from one stack; on a tie each takes 1, the roller first.")
	}
}

// famine walks Famine: a player without a Granary gives up grain (rules/003).
func (w walk) famine(title string) {
	seats, ok := w.players(title, "", deck.Question{Key: "granary", Prompt: "Who has a Granary?", Topic: "Has a Granary"})
	if !ok {
		if w.skipped(w.prefix + "granary") {
			w.b.Tell(title, "Without a Granary: discard 1 grain, or 2 resources of choice with no grain.")
		}
		return
	}
	hungry := 0
	for _, seat := range w.seats() {
		if slices.Contains(seats, seat) {
			continue
		}
		hungry++
		w.b.Tell(title+": "+w.name(seat), w.name(seat)+" discards 1 grain; with no grain, 2 resources of choice.", seat)
	}
	if hungry == 0 {
		w.b.Tell(title, "Both have a Granary: nobody goes hungry.")
	}
}
