package catan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// The 7's texts: one source for the Robber Attacks card, its steps and the
// skipped question, so each rule is said once and the same everywhere
// (issue 24). The reference (assets/catan/reference.md) says the same
// sentences; a test holds them together.

// Sentences of the robber's move after a 7, added to the base sentence
// with Seafarers and with Cities & Knights.
const (
	// robberTakes: rules/000 "a resource is stolen" from a player beside the
	// robber's new hex, taken as in the base game: 1 card at random from
	// that player's hand.
	robberTakes = "moves the robber and takes 1 card at random from the hand of a player with a building beside its hex."
	// pirateInstead: Seafarers (catan-events.md): a 7 moves the robber or
	// the pirate, and the pirate robs a player with a ship beside it.
	pirateInstead = "Seafarers: the pirate may be moved instead; it robs a player with a ship beside it."
	// ckCommodities: with C&K a hand holds commodities too (rules/000's
	// C&K changes treat them as cards of the hand); rules/001: the robber
	// never steals progress cards.
	ckCommodities = "Cities & Knights: commodities in the hand can be taken too; progress cards never are."
	// wallsUnknown: cities-and-knights.md, each city wall adds 2 to its
	// owner's limit; said when the game does not know the walls.
	wallsUnknown = "2 more per city wall: check your walls"
	// wallsYours: cities-and-knights.md again (2 more per city wall), said
	// to one player on their own screen.
	wallsYours = "plus 2 per city wall"
)

// robberMove is what the player whose turn it is (who) does with the
// robber after a 7, under cfg.
func robberMove(who string, cfg Config) string {
	text := who + " " + robberTakes
	switch {
	case cfg.Seafarers:
		text += " " + pirateInstead
	case cfg.Explorers:
		// Explorers & Pirates has a pirate ship; our sources do not say how
		// a 7 treats it, so the step names it as Seafarers does.
		text += " Explorers & Pirates: the pirate ship may be moved instead. " + reading
	}
	if cfg.CitiesKnights {
		text += " " + ckCommodities
	}
	return text
}

// wallsOf is a seat's city walls, and whether the table has said.
func wallsOf(s *deck.State, seat int) (int, bool) {
	if s == nil {
		return 0, false
	}
	n, err := strconv.Atoi(s.Facts[PlayerKey(FactWalls, seat)])
	return n, err == nil
}

// limitOf is a seat's hand limit on a 7: the setting (7 by rules/000),
// plus 2 for each city wall with Cities & Knights (cities-and-knights.md).
// Walls not known count as none.
func limitOf(s *deck.State, cfg Config, seat int) int {
	if !cfg.CitiesKnights {
		return cfg.HandLimit
	}
	walls, _ := wallsOf(s, seat)
	return cfg.HandLimit + 2*walls
}

// overLimit says who discards on a 7, with the limits the game knows:
// "more than 7 cards"; with Cities & Knights and walls recorded, "more than
// their limit (Ann 11, others 7)"; with walls not known it says to check
// them. s may be nil: no player and no wall is known.
func overLimit(s *deck.State, cfg Config) string {
	plain := fmt.Sprintf("more than %d cards", cfg.HandLimit)
	if !cfg.CitiesKnights {
		return plain
	}
	if s == nil || len(s.Players) == 0 {
		return fmt.Sprintf("more than their limit (%d, %s)", cfg.HandLimit, wallsUnknown)
	}
	known, raised, unknown := limits(s, cfg)
	switch {
	case len(unknown) == len(s.Players):
		return fmt.Sprintf("more than their limit (%d, %s)", cfg.HandLimit, wallsUnknown)
	case len(unknown) > 0:
		return fmt.Sprintf("more than their limit (%s; %s %d, %s)", strings.Join(known, ", "), deck.JoinNames(unknown), cfg.HandLimit, wallsUnknown)
	case len(raised) == 0:
		return plain
	case len(raised) == len(s.Players):
		return fmt.Sprintf("more than their limit (%s)", strings.Join(raised, ", "))
	}
	return fmt.Sprintf("more than their limit (%s, others %d)", strings.Join(raised, ", "), cfg.HandLimit)
}

// limits are the hand limits the game knows, as "Ann 11": every known one,
// those raised over the setting by walls, and the names of the players
// whose walls are not known.
func limits(s *deck.State, cfg Config) (known, raised, unknown []string) {
	for seat, p := range s.Players {
		if _, ok := wallsOf(s, seat); !ok {
			unknown = append(unknown, p.Name)
			continue
		}
		l := limitOf(s, cfg, seat)
		known = append(known, fmt.Sprintf("%s %d", p.Name, l))
		if l != cfg.HandLimit {
			raised = append(raised, fmt.Sprintf("%s %d", p.Name, l))
		}
	}
	return known, raised, unknown
}

// yourLimit is overLimit said to each player on their own screen, "Do you
// hold …?": "more than 7 cards"; with Cities & Knights "more than your
// limit: 7, plus 2 per city wall" while walls are not known, else the
// limits the game knows ("more than your limit: Ann 11, others 7").
func yourLimit(s *deck.State, cfg Config) string {
	plain := fmt.Sprintf("more than %d cards", cfg.HandLimit)
	if !cfg.CitiesKnights {
		return plain
	}
	guess := fmt.Sprintf("more than your limit: %d, %s", cfg.HandLimit, wallsYours)
	if s == nil || len(s.Players) == 0 {
		return guess
	}
	known, raised, unknown := limits(s, cfg)
	switch {
	case len(unknown) == len(s.Players):
		return guess
	case len(unknown) > 0:
		return fmt.Sprintf("more than your limit: %s; %s %d, %s", strings.Join(known, ", "), deck.JoinNames(unknown), cfg.HandLimit, wallsYours)
	case len(raised) == 0:
		return plain
	case len(raised) == len(s.Players) && oneLimit(s, cfg):
		return fmt.Sprintf("more than %d cards", limitOf(s, cfg, 0))
	case len(raised) == len(s.Players):
		return "more than your limit: " + strings.Join(raised, ", ")
	}
	return fmt.Sprintf("more than your limit: %s, others %d", strings.Join(raised, ", "), cfg.HandLimit)
}

// oneLimit reports whether every player's hand limit is the same.
func oneLimit(s *deck.State, cfg Config) bool {
	for seat := range s.Players {
		if limitOf(s, cfg, seat) != limitOf(s, cfg, 0) {
			return false
		}
	}
	return true
}

// robberCardText is the Robber Attacks card's text: the normal 7
// (rules/000), with the limits the game knows.
func robberCardText(s *deck.State, cfg Config) string {
	return "As on a 7: everyone holding " + overLimit(s, cfg) + " discards half (round down). " +
		robberMove("Then the player whose turn it is", cfg)
}

// forgetWalls: a player who lost a city to the barbarians may have lost a
// wall with it (cities-and-knights.md); their walls are no longer known.
func forgetWalls(s *deck.State, seats []int) {
	for _, seat := range seats {
		if n, ok := wallsOf(s, seat); ok && n > 0 {
			s.SetFact(PlayerKey(FactWalls, seat), "")
		}
	}
}
