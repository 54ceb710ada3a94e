package common

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Screen is one screen of the TUI, a component in the manner of bubbles:
// the root routes messages to the screen in front, tells it its size, and
// shows its keys in the help line.
//
// Update returns the screen to show next: the screen itself, another
// screen to open it (one the root built for it through an Opener: the
// table opens the history), or nil to go back to the table. The root never
// matches a screen's keys.
type Screen interface {
	Update(msg tea.Msg) (Screen, tea.Cmd)
	View() string
	help.KeyMap
	// SetSize gives the screen its room: the terminal less the footer.
	SetSize(width, height int)
	// Typing reports whether letters are text here (a name, a filter),
	// so that "?" types rather than opens the help.
	Typing() bool
}

// Page names a page the table opens over itself.
type Page int

// The pages the table opens with its keys.
const (
	PageHistory Page = iota + 1
	PageStats
	PageFacts
	PagePlayers
	PageJoin
	PageSimulate
	PageReference
)

// OpenMsg asks the root for a page: the root builds it, as no page builds
// another. Rules, State and Hand are the game the page is about.
type OpenMsg struct {
	Page  Page               // the page to open
	Rules expansions.Ruleset // the game's rules
	State *deck.State        // the game as the page opening it shows it
	Hand  *session.Hand      // the reader's hand, for a page that changes the game (facts, players)
}

// Opener builds the page an OpenMsg asks for, at once, so that the next
// key reaches it: the root gives one to the pages that open others. A nil
// Screen opens nothing.
type Opener func(OpenMsg) (Screen, tea.Cmd)

// Size is a screen's room, as SetSize gave it.
type Size struct {
	W, H int // width and height
}

// SetSize keeps the screen's room; screens that lay out ahead redo it.
func (s *Size) SetSize(w, h int) { s.W, s.H = w, max(h, 1) }

// NotTyping is embedded by screens that never take text.
type NotTyping struct{}

// Typing reports false: no key of this screen is text.
func (NotTyping) Typing() bool { return false }
