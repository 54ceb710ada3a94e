// Command eventdeck stands in for the dice at a Catan table: it draws the
// Event Cards and walks the table through each one.
package main

import (
	"os"

	"github.com/charmbracelet/x/term"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions/custom"
	"github.com/eventdeck/eventdeck/ui/cli"
)

func main() {
	env := cli.Env{
		Stdout:   os.Stdout,
		Stderr:   os.Stderr,
		Assets:   assets.FS(),
		Terminal: term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd()),
	}
	env.CardsDir, _ = custom.Dir() // no config folder: only --cards

	os.Exit(cli.Run(os.Args[1:], env))
}
