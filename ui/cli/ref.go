package cli

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// ref prints the quick-reference entries that hold every word given, or all.
func (a *app) ref(args []string) int {
	fs := flag.NewFlagSet("ref", flag.ContinueOnError)
	if code, done := a.parse(fs, args, "ref [words]", "Print the quick-reference entries that hold all the words (all entries without words)."); done {
		return code
	}
	entries, err := allReference(a)
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

func allReference(a *app) ([]deck.Entry, error) {
	rulesets, err := a.rulesets()
	if err != nil {
		return nil, err
	}
	var out []deck.Entry
	for _, r := range rulesets {
		out = append(out, r.Reference()...)
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
