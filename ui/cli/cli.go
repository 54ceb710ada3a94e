// Package cli is eventdeck's command line: it reads the sub-command and its
// flags, runs the headless commands (draw, ref, export, simulate, cards,
// games), and starts the table or `eventdeck serve` otherwise.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Exit statuses.
const (
	ExitOK    = 0
	ExitError = 1 // the command failed while running
	ExitUsage = 2 // bad flags, values or arguments, or no terminal for the TUI
)

// Env is what the command line needs from the outside world.
type Env struct {
	Stdout, Stderr io.Writer
	Assets         fs.FS // the game data, assets.FS() in the app
	Terminal       bool  // standard input and output are a terminal
	// Games are the games on offer; nil means every game in the assets.
	Games []expansions.Ruleset
	// CardsDir is where the table's own card files are found; "" for
	// nowhere (only --cards).
	CardsDir string
}

type app struct {
	stdout, stderr io.Writer
	assets         fs.FS
	terminal       bool
	games          []expansions.Ruleset
	cardsDir       string
}

// Run runs eventdeck with args (without the program name) and returns the
// exit status.
func Run(args []string, env Env) int {
	a := &app{stdout: env.Stdout, stderr: env.Stderr, assets: env.Assets, terminal: env.Terminal, games: env.Games, cardsDir: env.CardsDir}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		fmt.Fprintln(a.stdout, "eventdeck", Version())
		return ExitOK
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "draw":
			return a.draw(args[1:])
		case "ref":
			return a.ref(args[1:])
		case "export":
			return a.export(args[1:])
		case "serve":
			return a.serve(args[1:])
		case "games":
			return a.listGames(args[1:])
		case "cards":
			return a.cards(args[1:])
		case "simulate":
			return a.simulate(args[1:])
		case "help":
			a.usage()
			return ExitOK
		default:
			return a.fail("unknown command %q (try: eventdeck help)", args[0])
		}
	}
	return a.tui(args)
}

func (a *app) usage() {
	fmt.Fprintf(a.stdout, "eventdeck %s: the Catan Event Card deck at your table.\n", Version())
	fmt.Fprint(a.stdout, `
  eventdeck [options]        open the table screen (eventdeck -h for options)
  eventdeck --players "Ann,Bob,Cy" [options]
                             skip the setup screen
  eventdeck draw [options]   draw cards without the TUI (eventdeck draw -h)
  eventdeck ref [words]      print the quick-reference entries that match
  eventdeck --resume [NAME]  resume the saved game, or another that games lists
  eventdeck games [--all]    list the saved and archived games
  eventdeck serve [options]  the table, and a screen of their own for every player (SSH)
  eventdeck export [--format json|csv|md]
                             write the saved game's history
  eventdeck cards check FILE...
                             check card files of your own
  eventdeck cards list       every card known, printed and your own
  eventdeck simulate [--modes cards,deck,random,balanced,hybrid=50]
                             compare the dice modes over many games
  eventdeck --version        the version of this build
  eventdeck help             this text
`)
}

// version is set by a release build, to its tag:
//
//	go build -ldflags "-X github.com/eventdeck/eventdeck/ui/cli.version=v1.2.0"
//
// (.ci/release does). Empty otherwise.
var version string

// stateDirHelp is --state-dir's line in -h.
const stateDirHelp = "where games are saved (default $" + deck.StateEnv + ", else the OS's folder: see the README)"

// Version is this build's version: the tag a release build was given
// (version), else the main module's version as the build recorded it (a
// go install of a tagged version), or "(devel)" when it recorded none.
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// parse reads flags; on -h it prints the flags and reports done with status 0,
// on a bad flag it prints one line and reports done with status 2.
func (a *app) parse(fs *flag.FlagSet, args []string, use, what string) (int, bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(bareSwitches(fs, args))
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(a.stdout, "usage: eventdeck %s\n%s\n(eventdeck %s)\n\n", use, what, Version())
		fs.SetOutput(a.stdout)
		fs.PrintDefaults()
		return ExitOK, true
	}
	if err != nil {
		// The flag package names a flag with one dash; the help and the
		// README write two.
		err = errors.New(strings.NewReplacer(": -", ": --", "flag -", "flag --").Replace(err.Error()))
		if fs.Name() == "eventdeck" {
			return a.fail("%v", err), true // one "eventdeck:" is enough
		}
		return a.fail("%s: %v", fs.Name(), err), true
	}
	return 0, false
}

// fail reports a usage error in one line and returns ExitUsage.
func (a *app) fail(format string, args ...any) int {
	fmt.Fprintf(a.stderr, "eventdeck: "+format+"\n", args...)
	return ExitUsage
}

// failRun reports an error while running and returns ExitError.
func (a *app) failRun(format string, args ...any) int {
	fmt.Fprintf(a.stderr, "eventdeck: "+format+"\n", args...)
	return ExitError
}
