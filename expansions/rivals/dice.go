package rivals

import (
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// Die ids: keys in Record.Dice and in `draw --json`.
const (
	ProductionDie = "production"
	EventDie      = "event_die"
)

// Event die faces (rivals-for-catan.md).
const (
	FaceBrigand     = "brigand"
	FaceTrade       = "trade"
	FaceCelebration = "celebration"
	FaceHarvest     = "harvest"
	FaceEvent       = "event" // "?": draw an event card
)

// EventFace is one face of the event die as the table calls it.
type EventFace struct {
	ID     string
	Title  string
	Symbol string // a word for the face
	Letter string
	Text   string
}

// EventFaces returns the distinct event die faces in the order the die is
// listed.
func EventFaces() []EventFace {
	return []EventFace{
		{FaceBrigand, "Brigand Attack", "brigand", "B", "More than 7 resources: lose all gold and all wool."},
		{FaceTrade, "Trade", "trade", "T", "Whoever has the trade advantage picks 1 resource and takes it from the other player."},
		{FaceCelebration, "Celebration", "celebrate", "C", "Most skill points picks 1 resource; on a tie each player picks one."},
		{FaceHarvest, "Plentiful Harvest", "harvest", "H", "Each player takes 1 resource of choice."},
		{FaceEvent, "Event card", "event", "E", "Draw the top event card; it applies to both players."},
	}
}

// eventFace returns the face with id, false if none.
func eventFace(id string) (EventFace, bool) {
	for _, f := range EventFaces() {
		if f.ID == id {
			return f, true
		}
	}
	return EventFace{}, false
}

// eventDie is the event die: one face each, two "?" faces
// (rivals-for-catan.md).
func eventDie() deck.Die {
	return deck.Die{Name: "event", Faces: []string{FaceBrigand, FaceTrade, FaceCelebration, FaceHarvest, FaceEvent, FaceEvent}}
}

// productionDie is an ordinary d6.
func productionDie() deck.Die { return deck.NumberDie("production") }

// productionFace describes the production die showing n.
func productionFace(n int, set bool) deck.Face {
	return deck.Face{Die: ProductionDie, Name: "production", Value: strconv.Itoa(n), Pips: n,
		Letter: "P", Colour: "white", Ways: 1, Of: 6, Set: set}
}

// eventDieFace describes the event die showing id.
func eventDieFace(id string, set bool) deck.Face {
	f, _ := eventFace(id)
	d := eventDie()
	return deck.Face{Die: EventDie, Name: "event", Value: id, Symbol: f.Symbol, Letter: f.Letter,
		Ways: d.Weight(id), Of: len(d.Faces), Set: set}
}

// rollProduction rolls the production die from the game's stream.
func rollProduction(s *deck.State) int {
	n, _ := strconv.Atoi(productionDie().Roll(s.Rand()))
	return n
}
