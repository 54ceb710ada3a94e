package table

import "github.com/eventdeck/eventdeck/deck"

// tableCache is what the table keeps rendered between frames: the pieces
// (discs and dice), the laid-out turns and the checklist's steps. It is
// the table's own, shared by its parts through the tableState.
type tableCache struct {
	pieces map[pieceKey]string      // rendered discs and dice, by what they show
	cards  map[cardKey]*cardView    // laid-out turns, by what they show and the size
	checks map[checkKey][]checkLine // the checklist's steps laid out (checkStep)
}

// cardKey names a laid-out turn: its number, up to four dice, and the size.
type cardKey struct {
	number, pips int
	note         string
	alert        bool
	dice         int
	faces        [4]deck.Face
	w, h         int
}

// pieceKey names a rendered disc (by what it shows) or die face.
type pieceKey struct {
	face   deck.Face
	number int
	pips   int
	note   string
	alert  bool
	scale  int
}

// piece returns the rendered piece for k, rendering it once with draw. There
// are few of them (11 numbers, 6 faces a die), and rendering big digits is
// most of a keypress's cost.
func (c *tableCache) piece(k pieceKey, draw func() string) string {
	if p, ok := c.pieces[k]; ok {
		return p
	}
	if c.pieces == nil {
		c.pieces = map[pieceKey]string{}
	}
	p := draw()
	c.pieces[k] = p
	return p
}

// ForgetRendered empties what the table keeps rendered, as a table with
// nothing drawn yet; restore puts it back. Tests compare the frames drawn
// with and without it.
func (m *Model) ForgetRendered() (restore func()) {
	saved := *m.cache
	*m.cache = tableCache{}
	return func() { *m.cache = saved }
}
