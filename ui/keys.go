package ui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every key eventdeck answers to. Bindings that do not apply on
// the current screen or right now are disabled, so the help line is true.
type KeyMap struct {
	Draw      key.Binding
	Undo      key.Binding
	Redo      key.Binding
	Next      key.Binding
	Prev      key.Binding
	Help      key.Binding
	Quit      key.Binding
	ForceQuit key.Binding
	NewGame   key.Binding
	Skip      key.Binding
	Yes       key.Binding
	No        key.Binding
	Facts     key.Binding
	AcceptAll key.Binding
	Digit     key.Binding
	Backspace key.Binding
	History   key.Binding
	Stats     key.Binding
	Reference key.Binding
	Back      key.Binding
	PageUp    key.Binding
	PageDown  key.Binding
	Home      key.Binding
	End       key.Binding

	Up     key.Binding
	Down   key.Binding
	Left   key.Binding
	Right  key.Binding
	Start  key.Binding
	Cancel key.Binding
}

// DefaultKeyMap is the keys as the README lists them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Draw:      key.NewBinding(key.WithKeys(" ", "enter"), key.WithHelp("space/enter", "draw")),
		Undo:      key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo:      key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")),
		Next:      key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next player")),
		Prev:      key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "previous player")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit now")),
		NewGame:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
		Skip:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "skip question")),
		Yes:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:        key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "no")),
		Facts:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "facts")),
		AcceptAll: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "accept all defaults")),
		Digit:     key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("0-9", "pick / type")),
		Backspace: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "delete a digit")),
		History:   key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "history")),
		Stats:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "statistics")),
		Reference: key.NewBinding(key.WithKeys("/", "r"), key.WithHelp("/", "rules")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the table")),
		PageUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:      key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "top")),
		End:       key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "bottom")),

		Up:     key.NewBinding(key.WithKeys("up", "shift+tab"), key.WithHelp("↑", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "tab"), key.WithHelp("↓/tab", "down")),
		Left:   key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "change")),
		Right:  key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "change")),
		Start:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "start")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}
