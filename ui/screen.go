package ui

import (
	"sync"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// Screen is one screen of the TUI, a component in the manner of bubbles:
// the root routes messages to the screen in front, tells it its size, and
// shows its keys in the help line.
//
// Update returns the screen to show next: the screen itself, another
// screen to open it (the table opens the history), or nil to go back to the
// table. The root never matches a screen's keys.
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

// size is a screen's room, as SetSize gave it.
type size struct{ w, h int }

// SetSize keeps the screen's room; screens that lay out ahead redo it.
func (s *size) SetSize(w, h int) { s.w, s.h = w, max(h, 1) }

// notTyping is embedded by screens that never take text.
type notTyping struct{}

// Typing reports false: no key of this screen is text.
func (notTyping) Typing() bool { return false }

// changedMsg tells a view that the table session changed (another view's
// key, or a save that failed).
type changedMsg struct{}

// notifier passes the session's "look again" to the Bubble Tea program
// running the model. It is shared by every copy of the model, so the
// program can be told after it was made (Model.Notify).
type notifier struct {
	mu   sync.Mutex
	send func(tea.Msg)
}

func (n *notifier) set(send func(tea.Msg)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.send = send
}

func (n *notifier) tell(msg tea.Msg) {
	n.mu.Lock()
	send := n.send
	n.mu.Unlock()
	if send != nil {
		send(msg)
	}
}

// RefreshMsg asks for a new frame: something the screen shows changed
// outside the game (eventdeck serve's count of screens).
type RefreshMsg struct{}
