package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

// listGames lists the saved games: the current save and every archive (and
// with --all every backup), each with when it was saved, the game and its
// options, the players, the draws so far and whom it waits for. Any of them
// resumes with `eventdeck --resume NAME`.
func (a *app) listGames(args []string) int {
	flags := flag.NewFlagSet("games", flag.ContinueOnError)
	all := flags.Bool("all", false, "list the backups too (the save before the last of each game)")
	stateDir := flags.String("state-dir", "", stateDirHelp)
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
	var rows [][]string
	hidden := 0
	for _, g := range saved {
		// A backup is one change behind its game: listed when asked for,
		// or when its game is gone or cannot be read.
		if g.Backup && !*all && readable[strings.TrimSuffix(g.Name, deck.BackupSuffix)] {
			hidden++
			continue
		}
		rows = append(rows, gameRow(g, rulesets))
	}
	listed := len(rows)
	if err := writeGames(out, rows, a.columns()); err != nil {
		return a.failRun("%v", err)
	}
	switch {
	case listed == 0:
		out.Reset(a.stdout)
		fmt.Fprintf(out, "no saved games in %s\n", st.Dir)
	case hidden > 0:
		fmt.Fprintf(out, "(%s not listed: eventdeck games --all)\n", plural(hidden, "backup"))
	}
	if listed > 0 {
		fmt.Fprintln(out, "resume one with: eventdeck --resume NAME")
	}
	if err := out.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

// gamesHeader names the columns of eventdeck games.
var gamesHeader = []string{"NAME", "SAVED", "DRAWS", "NEXT", "PLAYERS", "GAME"}

// writeGames writes the rows as columns under gamesHeader when they fit
// width; else each game's players and game go on lines of their own under
// its row, indented and wrapped at words (issue 30: at 80 columns the
// terminal broke the game mid-word).
func writeGames(out io.Writer, rows [][]string, width int) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(gamesHeader, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	wide := 0
	for _, l := range strings.Split(b.String(), "\n") {
		wide = max(wide, utf8.RuneCountInString(l))
	}
	if wide <= width {
		_, err := io.WriteString(out, b.String())
		return err
	}
	widths := make([]int, 4)
	for _, r := range append([][]string{gamesHeader}, rows...) {
		for i := range widths {
			widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
		}
	}
	line := func(r []string) string {
		var l strings.Builder
		for i, c := range r[:4] {
			l.WriteString(c)
			if i < 3 {
				l.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		return l.String() + "\n"
	}
	b.Reset()
	b.WriteString(line(gamesHeader))
	for _, r := range rows {
		b.WriteString(line(r))
		for _, more := range r[4:] {
			for _, l := range strings.Split(wrap(more, max(width-2, 20)), "\n") {
				b.WriteString("  " + l + "\n")
			}
		}
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// columns is how wide the listing may be: the terminal's width when
// stdout is one, else $COLUMNS, else 80.
func (a *app) columns() int {
	if f, ok := a.stdout.(*os.File); ok {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			return w
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}

// gameRow is a saved game's line: its name, when it was saved, the draws
// so far, whom it waits for (as the resume screen says), the players, and
// the game with its options.
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
		turn = s.PlayerName(ui.NextUp(r, s)) // as the resume screen says it (issue 30)
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
