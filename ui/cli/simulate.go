package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/catan/simulate"
)

// simulate plays the board game's dice modes side by side and prints one
// table of figures, or the same as JSON or CSV (issue 16).
func (a *app) simulate(args []string) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	var modes listFlag
	fs.Var(&modes, "modes", "dice modes to compare, separated by commas (default cards,deck,random,balanced,hybrid=50)")
	games := fs.Int("games", 10000, "games per mode")
	turns := fs.Int("turns", 60, "turns per game")
	players := fs.Int("players", 4, "players at the table")
	seed := fs.Uint64("seed", 1, "seed of the games; the same seed gives the same figures")
	asJSON := fs.Bool("json", false, "the figures as JSON")
	asCSV := fs.Bool("csv", false, "the figures as CSV")
	if code, done := a.parse(fs, args, "simulate [options]", "Play many games of each dice mode and compare how fair they feel."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("simulate: unexpected argument %q", fs.Arg(0))
	}
	if *asJSON && *asCSV {
		return a.fail("simulate: --json or --csv, not both")
	}
	if len(modes) == 0 {
		modes = listFlag{"cards", "deck", "random", "balanced", "hybrid=50"}
	}
	rulesets, err := a.rulesets()
	if err != nil {
		return a.failRun("%v", err)
	}
	r, err := expansions.Find(rulesets, catan.ID)
	if err != nil {
		return a.failRun("%v", err)
	}
	board, ok := expansions.Board(r)
	if !ok {
		return a.failRun("simulate: the board game is not available")
	}
	o := simulate.Options{Modes: modes, Games: *games, Turns: *turns, Players: *players, Seed: *seed}
	figs, err := simulate.Run(context.Background(), board, o, nil)
	if err != nil {
		return a.fail("simulate: %v", err)
	}
	switch {
	case *asJSON:
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(figs)
	case *asCSV:
		err = writeFiguresCSV(a.stdout, figs)
	default:
		err = writeFigures(a.stdout, o, figs)
	}
	if err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

// figureRows are the table's rows: a label and each mode's value.
func figureRows() []struct {
	label string
	value func(simulate.Figures) string
} {
	pct := func(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + " %" }
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	return []struct {
		label string
		value func(simulate.Figures) string
	}{
		{"mean chi-square (10 df)", func(f simulate.Figures) string { return num(f.MeanChiSquare) }},
		{"  its p-value", func(f simulate.Figures) string { return strconv.FormatFloat(f.PValue, 'f', 3, 64) }},
		{"non-ideal games (p < 0.05)", func(f simulate.Figures) string { return pct(f.NonIdeal) }},
		{"a number 3 times in a row", func(f simulate.Figures) string { return pct(f.ThreeInARow) }},
		{"longest drought of 6 (turns)", func(f simulate.Figures) string { return num(f.Drought6) }},
		{"longest drought of 8 (turns)", func(f simulate.Figures) string { return num(f.Drought8) }},
		{"7s between players, max − min", func(f simulate.Figures) string { return num(f.SevenSpread) }},
		{"one player rolls half the 7s", func(f simulate.Figures) string { return pct(f.HalfSevens) }},
		{"card counter guesses right", func(f simulate.Figures) string { return pct(f.Predictable) }},
	}
}

// writeFigures prints the figures as one table, a column per mode, and
// says how each was computed.
func writeFigures(w io.Writer, o simulate.Options, figs []simulate.Figures) error {
	fmt.Fprintf(w, "%s of %s per mode, %d players, seed %d\n\n", plural(o.Games, "game"), plural(o.Turns, "turn"), o.Players, o.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{""}
	for _, f := range figs {
		head = append(head, f.Mode)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, row := range figureRows() {
		cells := []string{row.label}
		for _, f := range figs {
			cells = append(cells, row.value(f))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, `
Chi-square: a game's counts of 2..12 against two fair dice's odds (Pearson);
the p-value is of the mean (gonum, 10 degrees of freedom). A game is
non-ideal when its own p-value is under 0.05. Droughts count turns from the
start or the last 6 (8). Half the 7s: games with 2 or more 7s where one
player rolled at least half. The card counter knows every card or pair
seen since the last reshuffle (and the balanced dice's state) and guesses
the likeliest number. Exact for fair dice, some number 3 times in a row in
%s: %.2f %% (dynamic program).
`, plural(o.Turns, "turn"), max(0, 100*simulate.FairThreeInARow(o.Turns))) // max: no "-0.00"
	return err
}

// writeFiguresCSV writes one row per mode.
func writeFiguresCSV(w io.Writer, figs []simulate.Figures) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"mode", "games", "turns", "mean_chi_square", "p_value", "non_ideal", "three_in_a_row",
		"drought_6", "drought_8", "seven_spread", "half_sevens", "predictable"})
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	for _, f := range figs {
		_ = cw.Write([]string{f.Mode, strconv.Itoa(f.Games), strconv.Itoa(f.Turns), g(f.MeanChiSquare), g(f.PValue), g(f.NonIdeal),
			g(f.ThreeInARow), g(f.Drought6), g(f.Drought8), g(f.SevenSpread), g(f.HalfSevens), g(f.Predictable)})
	}
	cw.Flush()
	return cw.Error()
}
