package common

import (
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// The messages pages send the root, and the root's own.

// StartMsg asks the root to start the game the setup screen made.
type StartMsg struct {
	Setup Setup // the game to start, as the setup page made it
}

// ResumeMsg and NewGameMsg are the choices made on the resume screen.
type (
	// ResumeMsg asks the root to resume Game, played by Rules.
	ResumeMsg struct {
		Rules    expansions.Ruleset // the game's rules
		Game     *deck.Game         // the saved game
		Archived bool               // an archived game: the save is archived before it saves
	}
	NewGameMsg struct{}
)

// SentAway is the line a screen the host sent away ends with.
const SentAway = "The host sent this screen away."

// SentAwayMsg tells another's screen that the host sent it away.
type SentAwayMsg struct{}

// ChangedMsg tells a view that the table session changed (another view's
// key, or a save that failed).
type ChangedMsg struct{}

// RefreshMsg asks for a new frame: something the screen shows changed
// outside the game (eventdeck serve's count of screens).
type RefreshMsg struct{}
