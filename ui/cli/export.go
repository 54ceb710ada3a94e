package cli

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// exportRow is one turn of the history as export writes it.
type exportRow struct {
	Draw    int               `json:"draw"`
	Year    int               `json:"year"`
	Player  string            `json:"player"`
	Number  int               `json:"number"`
	Dice    map[string]string `json:"dice,omitempty"` // each die's face by its id
	Event   string            `json:"event"`
	Title   string            `json:"title"`
	Rebuilt bool              `json:"rebuilt"`
	Answers []string          `json:"answers,omitempty"` // in words, naming players
}

// export writes the saved game's history to stdout.
func (a *app) export(args []string) int {
	flags := flag.NewFlagSet("export", flag.ContinueOnError)
	format := flags.String("format", "md", "json (one object per line), csv or md")
	stateDir := flags.String("state-dir", "", stateDirHelp)
	if code, done := a.parse(flags, args, "export [--format json|csv|md]", "Write the saved game's history to standard output."); done {
		return code
	}
	if flags.NArg() > 0 {
		return a.fail("export: unexpected argument %q", flags.Arg(0))
	}
	switch *format {
	case "json", "csv", "md":
	default:
		return a.fail("export: --format %q: want json, csv or md", *format)
	}
	st, rulesets, code, done := a.readStore(*stateDir)
	if done {
		return code
	}
	// Read the save as a start does, but only look: export moves nothing.
	g, err := st.Read(validator(rulesets))
	if err != nil { // no save, or one that does not load: nothing to export
		return a.fail("export: %v", err)
	}
	r, err := expansions.Find(rulesets, g.Now.Ruleset)
	if err != nil {
		return a.failRun("the saved game: %v", err)
	}
	rows := historyRows(r, g.Now)
	out := bufio.NewWriter(a.stdout)
	switch *format {
	case "json":
		err = writeExportJSON(out, rows)
	case "csv":
		err = writeExportCSV(out, rows)
	default:
		err = writeExportMarkdown(out, rows)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

func historyRows(r expansions.Ruleset, s *deck.State) []exportRow {
	rows := make([]exportRow, 0, s.Turns())
	for i := range s.Turns() {
		rec := s.TurnAt(i)
		t, ok := r.Turn(s, i)
		if !ok {
			continue
		}
		// Every text passes deck.Printable: the save was checked when it
		// was read, and this guard keeps a control character that got by
		// out of the terminal or the file the export goes to.
		p := deck.Printable
		dice := map[string]string{}
		for _, f := range t.Dice {
			dice[p(f.Die)] = p(f.Value)
		}
		var said []string
		for _, k := range slices.Sorted(maps.Keys(rec.Said)) {
			said = append(said, p(rec.Said[k]))
		}
		rows = append(rows, exportRow{
			Draw: t.Draw, Year: t.Year, Player: p(s.PlayerName(rec.Player)), Number: t.Number,
			Dice: dice, Event: p(t.Event), Title: p(t.Title), Rebuilt: t.Rebuilt, Answers: said,
		})
	}
	return rows
}

// diceText is the dice as "event_die=ship red=2", in a stable order.
func diceText(m map[string]string) string {
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, " ")
}

func writeExportJSON(w io.Writer, rows []exportRow) error {
	enc := json.NewEncoder(w)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

func writeExportCSV(w io.Writer, rows []exportRow) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"draw", "year", "player", "number", "dice", "event", "title", "rebuilt", "answers"})
	for _, r := range rows {
		_ = cw.Write([]string{
			strconv.Itoa(r.Draw), strconv.Itoa(r.Year), r.Player, strconv.Itoa(r.Number),
			diceText(r.Dice), r.Event, r.Title, strconv.FormatBool(r.Rebuilt), strings.Join(r.Answers, "; "),
		})
	}
	cw.Flush()
	return cw.Error()
}

func writeExportMarkdown(w io.Writer, rows []exportRow) error {
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	if _, err := fmt.Fprintln(w, "| draw | year | player | number | dice | event | answers |\n| ---: | ---: | --- | ---: | --- | --- | --- |"); err != nil {
		return err
	}
	for _, r := range rows {
		event := r.Title
		if event == "" {
			event = "no event"
		}
		if r.Rebuilt {
			event = "deck rebuilt, then " + event
		}
		if _, err := fmt.Fprintf(w, "| %d | %d | %s | %d | %s | %s | %s |\n",
			r.Draw, r.Year, cell(r.Player), r.Number, cell(diceText(r.Dice)), cell(event), cell(strings.Join(r.Answers, "; "))); err != nil {
			return err
		}
	}
	return nil
}
