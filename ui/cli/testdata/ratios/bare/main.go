// Command bare is the baseline for eventdeck's table screen: a bare Bubble
// Tea program on the same version, counting keys until q.
package main

import (
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

type model struct{ keys int }

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if k.String() == "q" || k.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.keys++
	}
	return m, nil
}

func (m model) View() string { return fmt.Sprintf("bare %d keys\n", m.keys) }

func main() {
	if _, err := tea.NewProgram(model{}, tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
