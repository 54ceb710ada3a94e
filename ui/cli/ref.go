package cli

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// ref prints the quick-reference entries that hold every word given, or all.
func (a *app) ref(args []string) int {
	fs := flag.NewFlagSet("ref", flag.ContinueOnError)
	var files listFlag
	fs.Var(&files, "cards", "a file of your own event cards (repeat for more)")
	if code, done := a.parse(fs, args, "ref [words]", "Print the quick-reference entries that hold all the words (all entries without words)."); done {
		return code
	}
	entries, err := allReference(a, files)
	if err != nil {
		return a.failRun("%v", err)
	}
	out := bufio.NewWriter(a.stdout)
	found := 0
	for _, e := range entries {
		if !e.Matches(fs.Args()) {
			continue
		}
		if found > 0 {
			fmt.Fprintln(out)
		}
		found++
		fmt.Fprintf(out, "## %s\n%s\n", e.Title, wrap(e.Text, 78))
	}
	if err := out.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	if found == 0 {
		fmt.Fprintf(a.stderr, "eventdeck: nothing in the reference matches %q\n", strings.Join(fs.Args(), " "))
		return ExitError
	}
	return ExitOK
}

// allReference is every game's reference, then the table's own cards
// (from the card folder and files), each marked "house rule".
func allReference(a *app, files []string) ([]deck.Entry, error) {
	rulesets, err := a.rulesets()
	if err != nil {
		return nil, err
	}
	var out []deck.Entry
	for _, r := range rulesets {
		out = append(out, r.Reference()...)
	}
	tables := expansions.CardTables(rulesets)
	lib := custom.Load(a.cardsDir, files, tables)
	for _, t := range tables {
		out = append(out, lib.Entries(t.Game)...)
	}
	return out, nil
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
