package rivals

import (
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// cardsOf names the cards that do action id, each with the set it comes
// in: Basic for the Basic Set, else a theme set's id. An action is offered
// only in a game whose sets hold one of its cards (rules/003's card index
// for the Age of Enlightenment cards; rivals-for-catan.md for Brigitta,
// Basic Set, and Siward, Era of Barbarians, "likely"). The roll and the
// Duel's pick are no card's: they are always offered.
func cardsOf(id string) []setCard {
	switch id {
	case ActSetProduction:
		return []setCard{{Basic, "Brigitta the Wise Woman"}}
	case ActSetEvent:
		return []setCard{{"sages", "Grove of Justice"}}
	case ActAstrologer:
		return []setCard{{"prosperity", "Court Astrologer"}}
	case ActVoid:
		return []setCard{{"sages", "Grove of Vigilance"}}
	case ActGreatForesight:
		return []setCard{{"sages", "Great Foresight"}}
	case ActGroveForesight:
		return []setCard{{"sages", "Grove of Great Foresight"}}
	case ActScout:
		return []setCard{{"barbarians", "Siward the Scout"}}
	case ActPirate:
		return []setCard{{"explorers", "pirates"}} // the sea cards Cimmarone, Jean and Haidao Chang
	case ActIsland:
		return []setCard{{"explorers", "Island of the Forgotten Tribe"}}
	case ActDispute:
		return []setCard{{"sages", "Dispute of the Sages"}}
	case ActPeace:
		return []setCard{{"sages", "Grove of Peace"}}
	}
	return nil
}

// setCard is a card and the set it comes in.
type setCard struct {
	Set, Title string
}

// inPlay keeps the specs whose cards can be in a game of the Basic Set and
// the theme sets in: the others' keys would do what no card at the table
// does. A spec done by cards of several sets names in its help only those
// in play.
func inPlay(specs []deck.ActionSpec, in []string) []deck.ActionSpec {
	out := specs[:0]
	for _, a := range specs {
		cards := cardsOf(a.ID)
		if len(cards) == 0 {
			out = append(out, a)
			continue
		}
		var titles []string
		for _, c := range cards {
			if c.Set == Basic || slices.Contains(in, c.Set) {
				titles = append(titles, c.Title)
			}
		}
		switch {
		case len(titles) == 0:
			continue
		case len(titles) < len(cards):
			if _, what, ok := strings.Cut(a.Help, ": "); ok {
				a.Help = strings.Join(titles, ", ") + ": " + what
			}
		}
		out = append(out, a)
	}
	return out
}
