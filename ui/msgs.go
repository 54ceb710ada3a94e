package ui

import (
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// The messages pages send the root, and the root's own.

// startMsg asks the root to start the game the setup screen made.
type startMsg struct{ setup Setup }

// resumeMsg and newGameMsg are the choices made on the resume screen.
type (
	resumeMsg struct {
		rules    expansions.Ruleset
		game     *deck.Game
		archived bool // an archived game: the save is archived before it saves
	}
	newGameMsg struct{}
)

// SentAway is the line a screen the host sent away ends with.
const SentAway = "The host sent this screen away."

// sentAwayMsg tells another's screen that the host sent it away.
type sentAwayMsg struct{}

// changedMsg tells a view that the table session changed (another view's
// key, or a save that failed).
type changedMsg struct{}

// RefreshMsg asks for a new frame: something the screen shows changed
// outside the game (eventdeck serve's count of screens).
type RefreshMsg struct{}
