package cli

import (
	"flag"
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/eventdeck/eventdeck/expansions"
)

// cards runs `eventdeck cards check FILE...` and `eventdeck cards list`.
func (a *app) cards(args []string) int {
	if len(args) == 0 {
		return a.fail("cards: want check FILE... or list")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(a.stdout, `usage: eventdeck cards check FILE...   check card files; each error as file:line:col
       eventdeck cards list             every card known, printed and your own
`)
		return ExitOK
	}
	rulesets, err := a.rulesets()
	if err != nil {
		return a.failRun("%v", err)
	}
	tables := expansions.CardTables(rulesets)
	switch args[0] {
	case "check":
		return a.cardsCheck(args[1:], tables)
	case "list":
		return a.cardsList(args[1:], tables)
	}
	return a.fail("cards: unknown command %q: want check or list", args[0])
}

// cardsCheck checks each file and prints every error as file:line:col;
// any error makes the exit status ExitUsage. An id one file repeats from
// an earlier one is an error too, as it is when the files are played.
func (a *app) cardsCheck(args []string, tables []expansions.CardTable) int {
	fs := flag.NewFlagSet("cards check", flag.ContinueOnError)
	if code, done := a.parse(fs, args, "cards check FILE...", "Check card files; each error is printed as file:line:col."); done {
		return code
	}
	if fs.NArg() == 0 {
		return a.fail("cards check: name a card file")
	}
	lib := &expansions.CardLibrary{}
	for _, path := range fs.Args() {
		data, err := expansions.ReadCardFile(path, path) // a FIFO is refused, never waited on
		if err != nil {
			lib.Skipped = append(lib.Skipped, expansions.SkippedCards{Name: path, Path: path, Err: err})
			continue
		}
		lib.Add(path, path, data, tables)
	}
	for _, f := range lib.Files {
		fmt.Fprintf(a.stdout, "%s: %s, all good\n", f.Name, plural(len(f.Cards), "card"))
	}
	for _, s := range lib.Skipped {
		fmt.Fprintln(a.stdout, s.Err)
	}
	if len(lib.Skipped) > 0 {
		return ExitUsage
	}
	return ExitOK
}

// cardsList prints every card known: each game's printed event cards, then
// the table's own from the card folder and --cards, with where each is from.
func (a *app) cardsList(args []string, tables []expansions.CardTable) int {
	fs := flag.NewFlagSet("cards list", flag.ContinueOnError)
	var files listFlag
	fs.Var(&files, "cards", "a file of your own event cards (repeat for more)")
	if code, done := a.parse(fs, args, "cards list [--cards FILE]", "List every event card: printed, and your own."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("cards list: unexpected argument %q", fs.Arg(0))
	}
	lib := expansions.LoadCards(a.cardsDir, files, tables)
	w := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "GAME\tID\tTITLE\tFROM\tWHERE")
	for _, t := range tables {
		for _, p := range t.Printed {
			title := p.Title
			if title == "" {
				title = "(no event)"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\tprinted\t%s\n", t.Game, p.ID, title, p.Where)
		}
		for _, c := range lib.Cards(t.Game) {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", t.Game, c.ID, c.Title+" (house rule)", c.File, c.Where())
		}
	}
	if err := w.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	if warn := lib.Warning(); warn != "" {
		fmt.Fprintln(a.stderr, warn)
	}
	return ExitOK
}

// plural is n and a noun, with an s unless n is 1: "1 card", "5 cards".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
