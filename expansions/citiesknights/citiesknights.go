// Package citiesknights holds the Cities & Knights rules eventdeck needs
// beside the Event Cards: the event die, progress-card eligibility, the
// barbarian track and attack. Facts from shared/data/cities-and-knights.md;
// the catan ruleset layers them on its deck.
package citiesknights

import "github.com/eventdeck/eventdeck/deck"

// Event die faces (cities-and-knights.md): three black ships and one city
// gate of each colour.
const (
	Ship     = "ship"
	Trade    = "trade"    // yellow gate
	Politics = "politics" // blue gate
	Science  = "science"  // green gate
)

// EventDie is the C&K event die: three ship faces, so a ship comes up half
// the time.
func EventDie() deck.Die {
	return deck.Die{Name: "event", Faces: []string{Ship, Ship, Ship, Trade, Politics, Science}}
}

// Gates lists the three gate faces in a stable order.
func Gates() []string { return []string{Trade, Politics, Science} }

// Colour is the gate colour of a face ("" for the ship).
func Colour(face string) string {
	switch face {
	case Trade:
		return "yellow"
	case Politics:
		return "blue"
	case Science:
		return "green"
	}
	return ""
}

// Letter is the face's letter, so it reads without colour.
func Letter(face string) string {
	switch face {
	case Trade:
		return "T"
	case Politics:
		return "P"
	case Science:
		return "S"
	}
	return "B" // barbarian ship
}

// Track is the name of a gate's improvement track, for the screen.
func Track(face string) string {
	switch face {
	case Trade:
		return "Trade"
	case Politics:
		return "Politics"
	case Science:
		return "Science"
	}
	return ""
}

// MaxLevel is the top city improvement level.
const MaxLevel = 5

// Draws reports whether a player whose improvement in the gate's colour is
// at level draws a progress card on red: level 1 or more, and red at most
// level + 1 (cities-and-knights.md: level 1 draws on 1–2 … level 5 on 1–6).
func Draws(level, red int) bool {
	return level >= 1 && red >= 1 && red <= level+1
}

// MinLevel is the lowest level that draws on red, for the plain rule text
// ("level 2 or more draws on a red 3"); 0 when red is out of range.
func MinLevel(red int) int {
	if red < 1 || red > 6 {
		return 0
	}
	return max(red-1, 1)
}

// BarbarianSteps is how many ship faces bring the barbarians to Catan: on
// the 7th step they attack, then go back to the start.
const BarbarianSteps = 7

// Outcome is how a barbarian attack ends.
type Outcome struct {
	Barbarians int   // barbarian strength: cities and metropolises on the board
	Catan      int   // Catan's strength: all active knights
	CatanWins  bool  // Catan wins ties
	Defender   int   // the single top contributor when Catan wins, else -1
	Tied       []int // the top contributors who tie when Catan wins: each draws a progress card
	LoseCity   []int // when the barbarians win: the lowest contributors among players with a city
}

// Attack works out a barbarian attack (cities-and-knights.md). strength is
// each player's active knight strength; cities each player's cities that
// are not metropolises; board is the cities and metropolises on the board.
// A player with no city is not counted for losing one. When nobody's
// knights are active Catan can still win a tie, but nobody is rewarded.
func Attack(board int, strength, cities []int) Outcome {
	o := Outcome{Barbarians: board, Defender: -1}
	for _, s := range strength {
		o.Catan += s
	}
	o.CatanWins = o.Catan >= o.Barbarians
	if o.CatanWins {
		top := 0
		for _, s := range strength {
			top = max(top, s)
		}
		if top == 0 {
			return o
		}
		var best []int
		for i, s := range strength {
			if s == top {
				best = append(best, i)
			}
		}
		if len(best) == 1 {
			o.Defender = best[0]
		} else {
			o.Tied = best
		}
		return o
	}
	least := -1
	for i, s := range strength {
		if cities[i] > 0 && (least < 0 || s < least) {
			least = s
		}
	}
	for i, s := range strength {
		if cities[i] > 0 && s == least {
			o.LoseCity = append(o.LoseCity, i)
		}
	}
	return o
}
