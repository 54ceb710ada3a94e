// Command joinhost runs the host's table as eventdeck does, with the phone
// page's address given (ui.Options.JoinURL), for the real-terminal test of
// the QR code (TestJoinCodeInARealTerminal): joinhost URL.
package main

import (
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: joinhost URL")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "joinhost:", err)
		os.Exit(1)
	}
}

func run(url string) error {
	rs, err := expansions.All(assets.FS())
	if err != nil {
		return err
	}
	g, err := ui.LoadGlyphs(assets.FS())
	if err != nil {
		return err
	}
	m, err := ui.New(ui.Options{
		Rulesets: rs, Glyphs: g, Seed: 1, QuickStart: true, JoinURL: url,
		Setup:    ui.Setup{Game: "catan", Players: []string{"Ann", "Bob", "Cy"}},
		Renderer: lipgloss.NewRenderer(os.Stdout),
	})
	if err != nil {
		return err
	}
	p := tea.NewProgram(m, tea.WithAltScreen())
	m.Notify(p.Send)
	_, err = p.Run()
	return err
}
