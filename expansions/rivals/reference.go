package rivals

import (
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// unsure is the line a reference entry carries where sources disagree.
const unsure = "eventdeck's reading; check your rulebook."

// Reference is the quick reference: both dice, every event card, how the
// stack is built, the cards that look into it or set a die, the dice checks.
func (r *Ruleset) Reference() []deck.Entry {
	out := []deck.Entry{
		{Title: "Production die", Tags: []string{"dice", "production"},
			Text: "An ordinary die, 1 to 6. Every region showing the number gives its owner 1 resource, in both principalities."},
	}
	var faces []string
	for _, f := range EventFaces() {
		n := eventDie().Weight(f.ID)
		faces = append(faces, fmt.Sprintf("%s %s (%d in 6): %s", f.Letter, f.Title, n, f.Text))
	}
	// rules/003's card index adds to three faces (issue 40): owls and stars
	// are no resources; Mercenaries; Courthouse, Village School, Builders' Hut.
	out = append(out, deck.Entry{Title: "Event die", Tags: []string{"dice", "event", "brigand", "trade", "celebration", "harvest",
		"storehouse", "mercenaries", "owls", "stars", "courthouse", "village", "school", "builders", "hut"},
		// A face's name means the face: "trade" is the die's Trade before
		// Trade Ships Race (issue 40).
		Keys: []string{"brigand", "trade", "celebration", "harvest"},
		Text: strings.Join(faces, "\n") + "\nThe Brigand Attack comes before production, the others after." +
			"\nBrigand Attack, in full: whoever holds more than 7 resources gives up every gold and every wool. Resources on regions " +
			"beside a Storehouse are not counted; owls (Era of Sages) and stars (Era of Prosperity) are no resources and never count. " +
			"Mercenaries (Era of Prosperity) keep 1 gold and 1 wool for their owner, or everything for 1 star." +
			"\nTrade: with a Courthouse (Era of Sages) the player who loses the resource picks which one goes; each Village School " +
			"(Era of Prosperity) gives its owner 1 star." +
			"\nCelebration: each Builders' Hut (Era of Prosperity) gives its owner 1 star."})

	seen := map[string]bool{}
	printed := r.cards()
	for _, c := range printed {
		key := c.Set + "/" + c.Event
		if seen[key] {
			continue
		}
		seen[key] = true
		n, moons := 0, 0
		for _, d := range printed {
			if d.Set == c.Set && d.Event == c.Event {
				n++
				if d.HalfMoon {
					moons++
				}
			}
		}
		set := "Basic Set"
		if c.Set != Basic {
			set = setName(c.Set)
		}
		var needs []string
		if c.Set != Basic {
			needs = []string{c.Set}
		}
		out = append(out, deck.Entry{Title: c.Title + " (" + set + ")", Tags: []string{"event", "card", c.Set}, Needs: needs,
			Text: fmt.Sprintf("%s\n%d in the set, %d with a half moon.", c.Text, n, moons)})
	}

	out = append(out,
		deck.Entry{Title: "Building the stack", Tags: []string{"stack", "yule", "build"},
			Text: "Set Yule aside and shuffle the rest. Lay 3 cards, put Yule on them and the others above, so Yule sits 4th " +
				"from the bottom. A resolved card goes to the bottom, unless its text says otherwise."},
		deck.Entry{Title: "Under the top 4", Tags: []string{"stack", "yule", "barbarian", "attack", "insurrection", "bottom"},
			Needs: []string{"barbarians", "prosperity"},
			// rules/003, rivals-for-catan.md; the lock and its way out: lockedReturn.
			Text: "A resolved Barbarian Attack or Insurrection goes back under the top 4 cards. If those 4 would all go back " +
				"under the top 4 too, they would come round for ever and Yule never come: eventdeck puts the card at the bottom instead. " + unsure},
		deck.Entry{Title: "Era of Prosperity stack", Tags: []string{"stack", "prosperity", "insurrection"}, Needs: []string{"prosperity"},
			Text: "Both Insurrections and Yule aside; the other Basic cards and both Taxations shuffled; 3 laid, Yule on them; " +
				"the other 7 shuffled with both Insurrections on top. Yule builds it again the same way."},
		deck.Entry{Title: "Duel of the Princes", Tags: []string{"duel", "stack", "sets", "goal"}, Needs: []string{ModeDuel},
			Text: "Each player picks a theme set, the starting player first; the third is drawn by lot among the others " +
				"(or all three by lot). The stack: Yule, Invention, Year of Plenty, Traveling Merchant, and the chosen sets' " +
				"cards without a half moon, filled to 12 at random and unseen from the rest. Then Yule 4th from the bottom. Goal 13."},
		deck.Entry{Title: "Insurrection in a Duel", Tags: []string{"duel", "prosperity", "insurrection"}, Needs: []string{ModeDuel},
			Text: "eventdeck shuffles it in with the rest (setting duel-insurrection=top lays it above Yule instead). " + unsure},
		deck.Entry{Title: "Victory points", Tags: []string{"goal", "win"},
			Text: fmt.Sprintf("Introductory game %d, Theme Game %d, Duel of the Princes %d.", GoalIntro, GoalTheme, GoalDuel)},
		deck.Entry{Title: "Setting the dice", Tags: []string{"brigitta", "justice", "astrologer", "vigilance", "dice"},
			Text: "Brigitta the Wise Woman: choose the production die before the roll. Grove of Justice: choose the event die " +
				"before your roll. Grove of Vigilance: cancel a rolled Trade, Celebration or Brigand Attack and draw an event card " +
				"instead (after a Brigand Attack, production first). Court Astrologer: see its entry."},
		// rules/003, Era of Prosperity: once more during your own turn, for 1
		// star; the chosen event applies to both players.
		deck.Entry{Title: "Court Astrologer", Tags: []string{"astrologer", "prosperity", "event", "dice", "star"}, Needs: []string{"prosperity"},
			Text: "An attack card of the Era of Prosperity; the Prince or the Princess must be in your principality. " +
				"Pay 1 star: during your turn you pick one more event die result, any face, and that event applies to both " +
				"players at once. A \"?\" draws the top event card. It sets no die for a later roll."},
		deck.Entry{Title: "Looking into the stack", Tags: []string{"foresight", "grove", "siward", "scout", "stack", "owl"},
			Needs: []string{"sages", "barbarians"},
			// rules/003: Great Foresight costs 1 owl (issue 40).
			Text: "Great Foresight (an action card of the Era of Sages; pay 1 owl to play it): look through the stack and take out one card, not Yule; the rest keep their order; " +
				"the card is out of the game. Grove of Great Foresight: the top 3; put any but Yule under the stack, order kept. " +
				"Siward the Scout: look at the top 3. Only the player using the card sees them."},
		deck.Entry{Title: "Pirate fight", Tags: []string{"check", "pirate", "cannon", "explorers", "lars", "robert"}, Needs: []string{"explorers"},
			Text: "Production die + cannon points must beat the pirate (5, 6 or 8); a tie rolls again; below it, the ship is lost. " +
				"Robert, Herald of the Sages wins ties. Cannon Foundry rolls again once a turn after a loss. Lars the Naval Hero wins with no roll."},
		deck.Entry{Title: "Island of the Forgotten Tribe", Tags: []string{"check", "island", "explorers"}, Needs: []string{"explorers"},
			Text: "Roll the production die: 1 reef, the ship is lost; 2 to 4 roll the event die, for both players; 5 or 6 treasure, the island rises a level."},
		deck.Entry{Title: "Dispute of the Sages", Tags: []string{"check", "sages", "owls", "owl", "robert"}, Needs: []string{"sages"},
			// rules/003: 1 owl to play, and both players need a sage (issue 40).
			Text: "Pay 1 owl to play it, and only with a sage on each side: both players need one. " +
				"Both roll the production die and add their owls. Higher takes 2 resources of choice; a tie gives 1 each, or the win to Robert's owner."},
		deck.Entry{Title: "Tournament Game (not offered)", Tags: []string{"tournament", "mode", "deck"},
			// rules/003 names it and leaves its rules to a separate document
			// (issue 40): say so, and what to play instead.
			Text: "eventdeck does not offer the Rivals Tournament Game: each player builds and plays a deck of their own, and its " +
				"full rules are a separate document, not in eventdeck's sources. Play the Duel of the Princes (mode duel) instead: " +
				"three theme sets, goal 13."},
		deck.Entry{Title: "Grove of Peace", Tags: []string{"check", "sages", "attack", "robert"}, Needs: []string{"sages"},
			// rules/003: each use costs 1 owl; Robert makes a 3 enough.
			Text: "When the other player plays an attack card, pay 1 owl and roll: above 3 the card has no effect; with Robert a 3 is enough."},
		deck.Entry{Title: "Your own cards in Rivals", Tags: []string{"house", "custom", "stack", "duel"},
			Text: "A card of yours joins the Basic Set's stack (every game) or a theme set's (its Theme Game, a Duel with the set), " +
				"each copy a card. Yule builds the stack with them, Yule still 4th from the bottom. Resolved, it goes to the bottom. " +
				"In a Duel it counts as a card without a half moon: always in, so fewer half-moon cards fill the 12."},
	)
	return append(out, r.lib.Entries(ID)...)
}

// Parts names what of Rivals a table plays, as the reference's entries
// need it: the mode and the theme sets in play (a Duel's once picked).
// The reference ranks those entries first (issue 40).
func (r *Ruleset) Parts(s *deck.State) []string {
	c, err := config(s)
	if err != nil {
		return nil
	}
	return append([]string{c.Mode}, sets(s, c)...)
}
