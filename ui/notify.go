package ui

import (
	"sync"

	tea "github.com/charmbracelet/bubbletea"
)

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
