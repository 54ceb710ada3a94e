package cardgame

import (
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// Die ids, also their keys in Record.Dice and `draw --json`.
const (
	EventDie      = "event_die"
	ProductionDie = "production"
	WatchTowerDie = "watch-tower" // the production die rolled for a Watch Tower
	GreatWallDie  = "great-wall"  // …and again for a Great Wall
)

// Event die faces (catan-card-game.md).
const (
	FaceBrigand    = "brigand"
	FaceTrade      = "trade"
	FaceTournament = "tournament"
	FacePlenty     = "year-of-plenty" // as issue 14's draw --json names it
	FaceEvent      = "event"          // "?": draw an event card
)

// eventFace is what the table sees on one event die face.
type eventFace struct {
	ID     string
	Symbol string
	Letter string
	Title  string
	Text   string
}

func eventFaces() []eventFace {
	return []eventFace{
		{FaceBrigand, "brigand", "B", "Brigand Attack", "More than 7 resources: lose all ore and wool."},
		{FaceTrade, "trade", "T", "Trade Advantage", "The Windmill token holder takes 1 resource from the other."},
		{FaceTournament, "tournament", "K", "Tournament", "More tournament points: take 1 resource."},
		{FacePlenty, "plenty", "Y", "Year of Plenty", "Each player takes 1 resource of choice."},
		{FaceEvent, "event", "?", "Event card", "Draw the top event card."},
	}
}

func findFace(id string) (eventFace, bool) {
	for _, f := range eventFaces() {
		if f.ID == id {
			return f, true
		}
	}
	return eventFace{}, false
}

// NewEventDie returns the event die with question "?" faces: one face each
// for Brigand Attack, Trade Advantage, Tournament and Year of Plenty
// (catan-card-game.md; the number of "?" faces is unsure, so a setting).
func NewEventDie(question int) deck.Die {
	d := deck.Die{Name: "event", Faces: []string{FaceBrigand, FaceTrade, FaceTournament, FacePlenty}}
	for range question {
		d.Faces = append(d.Faces, FaceEvent)
	}
	return d
}

// NewProductionDie returns the production die: an ordinary d6.
func NewProductionDie() deck.Die { return deck.NumberDie(ProductionDie) }

// eventDieFace describes an event die face for the Turn.
func eventDieFace(id string, die deck.Die) deck.Face {
	f, _ := findFace(id)
	return deck.Face{Die: EventDie, Name: "event", Value: id, Symbol: f.Symbol, Letter: f.Letter,
		Ways: die.Weight(id), Of: len(die.Faces)}
}

// pipFace describes a roll of the production die (as itself, or for a
// Watch Tower or Great Wall).
func pipFace(die, name, letter, v string) deck.Face {
	n, _ := strconv.Atoi(v)
	return deck.Face{Die: die, Name: name, Value: v, Pips: n, Letter: letter, Colour: "white", Ways: 1, Of: 6}
}

// Odds is the production die's: each number 1 in 6.
func (r *Ruleset) Odds(*deck.State) []deck.Odds {
	out := make([]deck.Odds, 6)
	for i := range out {
		out[i] = deck.Odds{Number: i + 1, Ways: 1, Of: 6}
	}
	return out
}

// SpyCaught reports whether a Watch Tower roll catches the Spy: 1 or 2
// (rules/002, Watch Tower).
func SpyCaught(roll int) bool { return roll >= 1 && roll <= 2 }
