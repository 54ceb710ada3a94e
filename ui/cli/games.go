package cli

import (
	"bufio"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// listGames lists the saved games: the current save and every archive (and
// with --all every backup), each with when it was saved, the game and its
// options, the players, the draws so far and whose turn it is. Any of them
// resumes with `eventdeck --resume NAME`.
func (a *app) listGames(args []string) int {
	flags := flag.NewFlagSet("games", flag.ContinueOnError)
	all := flags.Bool("all", false, "list the backups too (the save before the last of each game)")
	stateDir := flags.String("state-dir", "", "where games are saved (default $XDG_STATE_HOME/eventdeck)")
	if code, done := a.parse(flags, args, "games [--all]", "List the saved and archived games; eventdeck --resume NAME resumes one."); done {
		return code
	}
	if flags.NArg() > 0 {
		return a.fail("games: unexpected argument %q", flags.Arg(0))
	}
	st, rulesets, code, done := a.readStore(*stateDir)
	if done {
		return code
	}
	// Read as a start does, but only look: nothing is moved.
	saved, err := st.Games(validator(rulesets))
	if err != nil {
		return a.failRun("%v", err)
	}
	readable := map[string]bool{}
	for _, g := range saved {
		readable[g.Name] = g.Game != nil
	}
	out := bufio.NewWriter(a.stdout)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSAVED\tDRAWS\tTURN\tPLAYERS\tGAME")
	listed, hidden := 0, 0
	for _, g := range saved {
		// A backup is one change behind its game: listed when asked for,
		// or when its game is gone or cannot be read.
		if g.Backup && !*all && readable[strings.TrimSuffix(g.Name, deck.BackupSuffix)] {
			hidden++
			continue
		}
		listed++
		fmt.Fprintln(tw, strings.Join(gameRow(g, rulesets), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	switch {
	case listed == 0:
		out.Reset(a.stdout)
		fmt.Fprintf(out, "no saved games in %s\n", st.Dir)
	case hidden > 0:
		fmt.Fprintf(out, "(%d backups not listed: eventdeck games --all)\n", hidden)
	}
	if listed > 0 {
		fmt.Fprintln(out, "resume one with: eventdeck --resume NAME")
	}
	if err := out.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

// gameRow is a saved game's line: its name, when it was saved, the draws
// so far, whose turn it is, the players, and the game with its options.
// Every text from the file is made printable first.
func gameRow(g deck.SavedGame, rulesets []expansions.Ruleset) []string {
	name := g.Name
	when := "-"
	if !g.When.IsZero() {
		when = g.When.Format("2006-01-02 15:04")
	}
	if g.Game == nil {
		return []string{name, when, "-", "-", "-", printable("could not be read: " + g.Problem.Error())}
	}
	s := g.Game.Now
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = printable(p.Name)
	}
	// The game as --game names it, then its options as the header says them.
	game, turn := s.Ruleset, s.PlayerName(s.Current)
	if r, err := expansions.Find(rulesets, s.Ruleset); err == nil {
		if d, ok := r.(expansions.Describer); ok {
			game += ": " + d.Describe(s)
		}
		if t, ok := r.Turn(s, -1); ok && s.Open != nil { // a question waits in this turn
			turn = s.PlayerName(t.Player)
		}
	}
	return []string{name, when, strconv.Itoa(s.Draws), printable(turn), strings.Join(names, ", "), printable(game)}
}

// printable drops control characters and tabs, so that no text from a
// file reaches the terminal as an escape sequence or breaks the columns.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// readStore is the store of the state folder (--state-dir, or the default)
// and the games on offer, for the commands that only read saves.
func (a *app) readStore(stateDir string) (st *deck.Store, rulesets []expansions.Ruleset, code int, done bool) {
	dir := stateDir
	if dir == "" {
		var err error
		if dir, err = deck.StateDir(); err != nil {
			return nil, nil, a.failRun("no folder for saves: %v (use --state-dir)", err), true
		}
	}
	rulesets, err := a.rulesets()
	if err != nil {
		return nil, nil, a.failRun("%v", err), true
	}
	return deck.NewStore(dir), rulesets, 0, false
}
