package cli

import (
	"bufio"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// ref prints the quick-reference entries that hold every word given, or all.
func (a *app) ref(args []string) int {
	fs := flag.NewFlagSet("ref", flag.ContinueOnError)
	var files listFlag
	fs.Var(&files, "cards", "a file of your own event cards (repeat for more)")
	game := fs.String("game", "", "only this game's entries (catan, rivals, card-game)")
	if code, done := a.parse(fs, args, "ref [--game GAME] [words]", "Print the quick-reference entries that hold all the words (all entries without words)."); done {
		return code
	}
	if *game != "" {
		rulesets, err := a.rulesets()
		if err != nil {
			return a.failRun("%v", err)
		}
		if _, err := expansions.Find(rulesets, *game); err != nil {
			return a.fail("ref: %v", err)
		}
	}
	entries, warning, err := allReference(a, files, *game)
	if err != nil {
		return a.failRun("%v", err)
	}
	if warning != "" {
		fmt.Fprintln(a.stderr, warning) // as draw and the table say it: a bad card file is named
	}
	titles := map[string]int{}
	for _, e := range entries {
		titles[e.Entry.Title]++
	}
	out := bufio.NewWriter(a.stdout)
	found := 0
	// Best first (issue 30), as every front-end ranks (issue 40): a game
	// given comes first; no game, no table: nothing in play is known.
	at := deck.Table{Game: *game}
	for _, e := range deck.RankAt(entries, func(e gameEntry) (deck.Entry, string) { return e.Entry, e.game }, fs.Args(), at) {
		if found > 0 {
			fmt.Fprintln(out)
		}
		found++
		title := e.Entry.Title
		if titles[title] > 1 { // several games have one: say whose
			title += " (" + e.game + ")"
		}
		fmt.Fprintf(out, "## %s\n%s\n", title, wrap(e.Entry.Text, 78))
	}
	if err := out.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	if found == 0 {
		words := strings.Join(fs.Args(), " ")
		if others := a.refElsewhere(files, *game, fs.Args()); others != "" {
			// Issue 24: a word of another game says which game has it.
			fmt.Fprintf(a.stderr, "eventdeck: nothing in the reference of %s matches %q; %s\n", a.gameName(*game), words, others)
			return ExitError
		}
		fmt.Fprintf(a.stderr, "eventdeck: nothing in the reference matches %q\n", words)
		return ExitError
	}
	return ExitOK
}

// refElsewhere names the other games whose reference matches words, with
// the command that shows them, when the search was for game's alone: ""
// when there is none.
func (a *app) refElsewhere(files []string, game string, words []string) string {
	if game == "" {
		return ""
	}
	all, _, err := allReference(a, files, "")
	if err != nil {
		return ""
	}
	var ids []string
	for _, e := range all {
		if e.game != game && e.Entry.Matches(words) && !slices.Contains(ids, e.game) {
			ids = append(ids, e.game)
		}
	}
	var says []string
	for _, id := range ids {
		says = append(says, fmt.Sprintf("%s has it (ref --game %s)", a.gameName(id), id))
	}
	return strings.Join(says, "; ")
}

// gameName is the name of the game with id, or the id if none has it.
func (a *app) gameName(id string) string {
	rulesets, err := a.rulesets()
	if err != nil {
		return id
	}
	if r, err := expansions.Find(rulesets, id); err == nil {
		return r.Name()
	}
	return id
}

// gameEntry is a reference entry and the id of the game it is from:
// several games have an event die, a Brigand.
type gameEntry struct {
	deck.Entry
	game string
}

// allReference is every game's reference, or only game's, then the
// table's own cards (from the card folder and files), each marked "house
// rule". The warning names each card file skipped.
func allReference(a *app, files []string, game string) (entries []gameEntry, warning string, err error) {
	rulesets, err := a.rulesets()
	if err != nil {
		return nil, "", err
	}
	if game != "" {
		r, err := expansions.Find(rulesets, game)
		if err != nil {
			return nil, "", err
		}
		rulesets = []expansions.Ruleset{r}
	}
	var out []gameEntry
	tables := expansions.CardTables(rulesets)
	lib := expansions.LoadCards(a.cardsDir, files, tables)
	for _, r := range rulesets {
		for _, e := range r.Reference() {
			out = append(out, gameEntry{e, r.ID()})
		}
	}
	for _, t := range tables { // in the rulesets' order, each its game's
		for _, e := range lib.Entries(t.Game) {
			out = append(out, gameEntry{e, t.Game})
		}
	}
	return out, lib.Warning(), nil
}

// wrap breaks text into lines of at most width columns at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	for pi, para := range strings.Split(text, "\n") {
		if pi > 0 {
			b.WriteByte('\n')
		}
		col := 0
		for i, w := range strings.Fields(para) {
			n := len([]rune(w))
			if i > 0 && col+1+n > width {
				b.WriteByte('\n')
				col = 0
			} else if i > 0 {
				b.WriteByte(' ')
				col++
			}
			b.WriteString(w)
			col += n
		}
	}
	return b.String()
}
