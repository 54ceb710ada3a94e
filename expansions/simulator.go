package expansions

import (
	"context"
	"fmt"
	"strconv"

	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/catan/simulate"
)

// Simulator is a game that plays many games of its dice modes side by side
// and compares how fair they feel (issue 16). The TUI offers it from the
// table; it runs in the background and can be cancelled through ctx.
type Simulator interface {
	// SimulationModes are the modes compared, in the order shown.
	SimulationModes() []string
	// Simulate plays run and returns its figures. progress, if not nil, is
	// called from several goroutines with the games done and the total.
	Simulate(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error)
}

// SimulationRun is what to simulate.
type SimulationRun struct {
	Modes   []string
	Games   int // games per mode
	Turns   int // turns per game
	Players int
	Seed    uint64
}

// Results are a simulation's figures: one row per figure, one column per
// mode, each value with its text as the figure reads ("45.9 %").
type Results struct {
	Heading string   // what was played
	Modes   []string // the columns
	Figures []Figure
	Note    string // how the figures were computed
}

// Figure is one named figure across the modes.
type Figure struct {
	Name   string
	Values []float64 // by mode, for a bar chart
	Texts  []string  // by mode
}

// board is the board game's ruleset with its dice simulator
// (expansions/catan/simulate), which imports catan and so cannot be one of
// its methods.
type board struct{ *catan.Ruleset }

// Board returns the catan ruleset of the app's board game, for the
// simulate command.
func Board(r Ruleset) (*catan.Ruleset, bool) {
	switch r := r.(type) {
	case board:
		return r.Ruleset, true
	case *catan.Ruleset:
		return r, true
	}
	return nil, false
}

// SimulationModes are the modes `eventdeck simulate` compares by default.
func (b board) SimulationModes() []string {
	return []string{catan.DiceCards, catan.DiceDeck, catan.DiceRandom, catan.DiceBalanced, catan.DiceHybrid + "=50"}
}

// Simulate runs the dice simulator and lays its figures out as Results.
func (b board) Simulate(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error) {
	o := simulate.Options{Modes: run.Modes, Games: run.Games, Turns: run.Turns, Players: run.Players, Seed: run.Seed}
	figs, err := simulate.Run(ctx, b.Ruleset, o, progress)
	if err != nil {
		return Results{}, err
	}
	res := Results{
		Heading: fmt.Sprintf("%d games of %d turns per mode, %d players, seed %d", run.Games, run.Turns, run.Players, run.Seed),
		Modes:   run.Modes,
		Note: fmt.Sprintf("Exact for fair dice, some number 3 times in a row in %d turns: %.2f %%. "+
			"The same figures as eventdeck simulate.", run.Turns, max(0, 100*simulate.FairThreeInARow(run.Turns))),
	}
	pct := func(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + " %" }
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	rows := []struct {
		name  string
		value func(simulate.Figures) float64
		text  func(float64) string
	}{
		{"mean chi-square (10 df)", func(f simulate.Figures) float64 { return f.MeanChiSquare }, num},
		{"non-ideal games (p < 0.05)", func(f simulate.Figures) float64 { return f.NonIdeal }, pct},
		{"a number 3 times in a row", func(f simulate.Figures) float64 { return f.ThreeInARow }, pct},
		{"longest drought of 6 (turns)", func(f simulate.Figures) float64 { return f.Drought6 }, num},
		{"longest drought of 8 (turns)", func(f simulate.Figures) float64 { return f.Drought8 }, num},
		{"7s between players, max − min", func(f simulate.Figures) float64 { return f.SevenSpread }, num},
		{"one player rolls half the 7s", func(f simulate.Figures) float64 { return f.HalfSevens }, pct},
		{"card counter guesses right", func(f simulate.Figures) float64 { return f.Predictable }, pct},
	}
	for _, row := range rows {
		fig := Figure{Name: row.name}
		for _, f := range figs {
			v := row.value(f)
			fig.Values = append(fig.Values, v)
			fig.Texts = append(fig.Texts, row.text(v))
		}
		res.Figures = append(res.Figures, fig)
	}
	return res, nil
}
