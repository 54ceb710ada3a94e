package catan

// Event ids, as in catan-event-cards.csv.
const (
	EventNone            = "none"
	EventCalmSeas        = "calm-seas"
	EventConflict        = "conflict"
	EventEarthquake      = "earthquake"
	EventEpidemic        = "epidemic"
	EventGoodNeighbors   = "good-neighbors"
	EventHelpfulNeighbor = "helpful-neighbor"
	EventPlentifulYear   = "plentiful-year"
	EventRobberAttacks   = "robber-attacks"
	EventRobberFlees     = "robber-flees"
	EventTournament      = "tournament"
	EventTradeAdvantage  = "trade-advantage"
)

// Events lists every event id in a stable order.
func Events() []string {
	return []string{
		EventNone, EventCalmSeas, EventConflict, EventEarthquake, EventEpidemic,
		EventGoodNeighbors, EventHelpfulNeighbor, EventPlentifulYear,
		EventRobberAttacks, EventRobberFlees, EventTournament, EventTradeAdvantage,
	}
}

func knownEvent(id string) bool {
	for _, e := range Events() {
		if e == id {
			return true
		}
	}
	return false
}

// Title is the event's title in the given English edition (4, 5 or 6).
func Title(event string, edition int) string {
	switch event {
	case EventNone:
		// rules/000: "A Beautiful Day" was named only before the English 6th
		// edition (one secondary source disagrees for 2025; we follow rules/000).
		if edition < 6 {
			return "A Beautiful Day"
		}
		return ""
	case EventCalmSeas:
		// rules/000: Calm Sea (singular) before the English 6th edition.
		if edition < 6 {
			return "Calm Sea"
		}
		return "Calm Seas"
	case EventHelpfulNeighbor:
		// rules/000: Neighborly Assistance before the English 6th edition.
		if edition < 6 {
			return "Neighborly Assistance"
		}
		return "Helpful Neighbor"
	case EventConflict:
		return "Conflict"
	case EventEarthquake:
		return "Earthquake"
	case EventEpidemic:
		return "Epidemic"
	case EventGoodNeighbors:
		return "Good Neighbors"
	case EventPlentifulYear:
		return "Plentiful Year"
	case EventRobberAttacks:
		return "Robber Attacks"
	case EventRobberFlees:
		return "Robber Flees"
	case EventTournament:
		return "Tournament"
	case EventTradeAdvantage:
		return "Trade Advantage"
	}
	return ""
}

// Text says in a few plain words what the event does under cfg. The facts are
// from catan-events.md (rules/000); the words are ours.
func Text(event string, cfg Config) string {
	t := baseText(event, cfg)
	if cfg.CitiesKnights && !cfg.Explorers {
		t += ckChange(event)
	}
	if event == EventEarthquake && !cfg.Explorers {
		// catan-events.md marks the repair's cost and the Longest Road
		// "likely": the card says they are ours, last (issue 31).
		t += " " + reading
	}
	return t
}

// ckChange is what Cities & Knights changes in an event (rules/000).
func ckChange(event string) string {
	switch event {
	case EventCalmSeas, EventPlentifulYear:
		return " C&K: a resource, never a commodity."
	case EventConflict:
		return " C&K: instead, the most active knight strength steals; a tie: no event."
	case EventTournament:
		return " C&K: instead, the most active knight strength; a resource, never a commodity."
	case EventEpidemic:
		return " C&K: cities collect no commodities."
	case EventGoodNeighbors, EventHelpfulNeighbor:
		// rules/000 for the commodity; rules/001: progress cards are never
		// traded (issue 40).
		return " C&K: a commodity may be given, and must be if that is all the hand holds; never a progress card."
	case EventEarthquake:
		return " C&K: Road Building may repair it; Diplomacy cannot."
	}
	return ""
}

func baseText(event string, cfg Config) string {
	if cfg.Explorers {
		// rules/000: Explorers & Pirates ignores every event.
		return "Explorers & Pirates: the card's event is ignored; only its number counts."
	}
	switch event {
	case EventNone:
		return "Go straight to production."
	case EventPlentifulYear:
		return "Everyone takes 1 resource of their choice from the supply."
	case EventConflict:
		// rules/000 "may steal": a card drawn blind from the hand, not a
		// type of choice (issue 40).
		return "The Largest Army holder may steal 1 resource, drawn blind from the hand of an opponent they pick. " +
			"No holder: the player with the most knights played may. Tied for most knights: no event."
	case EventEarthquake:
		t := "Everyone turns one of their roads sideways: it is damaged. " +
			"Repair it (1 lumber + 1 brick) before building another road. It still counts for Longest Road."
		if cfg.Seafarers {
			t += " Ships are never damaged." // rules/000, Seafarers
		}
		return t
	case EventEpidemic:
		return "This turn each city produces only 1 resource per hex."
	case EventGoodNeighbors:
		return "Each player holding a resource card picks one and hands it to the left-hand neighbour; without one, nothing."
	case EventHelpfulNeighbor:
		if cfg.Edition == 4 {
			// catan-events.md: in the English 4th edition the leader gives to every other player.
			// "each remaining player" read as each player who is not a
			// leader: eventdeck's reading (issue 40).
			return "The leader in victory points (each leader, if tied) gives 1 resource card they pick to each player who is not a leader. " +
				"Not enough cards for everyone: give none. " + reading
		}
		return "The leader in victory points (each leader, if tied) picks 1 of their resource cards " +
			"and hands it to someone they pick with fewer points. No cards: give nothing."
	case EventRobberAttacks:
		// The card follows the table's hand limit (a setting, 7 by the
		// rules); a game's walls are known only in its turns (turnOf).
		return robberCardText(nil, cfg)
	case EventRobberFlees:
		t := "The robber leaves the board: put it on the desert, or beside the board if your scenario says so. Nobody is robbed."
		if cfg.Seafarers {
			t += " The pirate stays where it is." // rules/000, Seafarers
		}
		return t
	case EventTournament:
		return "The player(s) who have played the most knights each take 1 resource from the supply."
	case EventTradeAdvantage:
		if cfg.Edition < 6 {
			// rules/000: before the English 6th edition the most roads on the board is the fallback.
			return "The Longest Road holder may steal 1 resource, drawn blind from the hand of an opponent they pick. " +
				"No holder: whoever has built the most roads may. Tied for most roads: no event."
		}
		return "The Longest Road holder may steal 1 resource, drawn blind from the hand of an opponent they pick. No holder: no event."
	case EventCalmSeas:
		return "Whoever has the most buildings on harbors (each, if tied) may take 1 resource from the supply."
	}
	return ""
}
