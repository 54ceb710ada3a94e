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
	Note    string // one line on the figures, under the charts
	Method  string // how each figure is computed, a paragraph under a table
}

// Figure is one named figure across the modes.
type Figure struct {
	Name   string
	Key    string    // its name in JSON and CSV: "mean_chi_square"
	Values []float64 // by mode, for a bar chart; as JSON and CSV write them
	Texts  []string  // by mode
	// Sub are figures about this one (its p-value): a table lists them
	// beneath it, JSON and CSV after it; charts leave them out.
	Sub []Figure
}

// board is the board game's ruleset with its dice simulator
// (expansions/catan/simulate), which imports catan and so cannot be one of
// its methods; sims keeps its runs, shared by every screen of the game.
type board struct {
	*catan.Ruleset
	sims *simCache
}

// SimulationModes are the modes `eventdeck simulate` compares by default.
func (b board) SimulationModes() []string {
	return []string{catan.DiceCards, catan.DiceDeck, catan.DiceRandom, catan.DiceBalanced, catan.DiceHybrid + "=50"}
}

// Simulate runs the dice simulator and lays its figures out as Results.
// A run is computed once, whoever asks for it again (simCache).
func (b board) Simulate(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error) {
	if b.sims == nil {
		return b.simulate(ctx, run, progress)
	}
	return b.sims.simulate(ctx, run, progress, b.simulate)
}

// simulate runs the dice simulator and lays its figures out as Results.
func (b board) simulate(ctx context.Context, run SimulationRun, progress func(done, total int)) (Results, error) {
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
		Method: fmt.Sprintf(`Chi-square: a game's counts of 2..12 against two fair dice's odds (Pearson);
the p-value is of the mean (gonum, 10 degrees of freedom). A game is
non-ideal when its own p-value is under 0.05. Droughts count turns from the
start or the last 6 (8). Half the 7s: games with 2 or more 7s where one
player rolled at least half. The card counter knows every card or pair
seen since the last reshuffle (and the balanced dice's state) and guesses
the likeliest number. Exact for fair dice, some number 3 times in a row in
%s: %.2f %% (dynamic program).`, turnsText(run.Turns), max(0, 100*simulate.FairThreeInARow(run.Turns))), // max: no "-0.00"
	}
	pct := func(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + " %" }
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	p3 := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	figure := func(name, key string, value func(simulate.Figures) float64, text func(float64) string) Figure {
		fig := Figure{Name: name, Key: key}
		for _, f := range figs {
			v := value(f)
			fig.Values = append(fig.Values, v)
			fig.Texts = append(fig.Texts, text(v))
		}
		return fig
	}
	chi := figure("mean chi-square (10 df)", "mean_chi_square", func(f simulate.Figures) float64 { return f.MeanChiSquare }, num)
	chi.Sub = []Figure{figure("its p-value", "p_value", func(f simulate.Figures) float64 { return f.PValue }, p3)}
	res.Figures = []Figure{
		chi,
		figure("non-ideal games (p < 0.05)", "non_ideal", func(f simulate.Figures) float64 { return f.NonIdeal }, pct),
		figure("a number 3 times in a row", "three_in_a_row", func(f simulate.Figures) float64 { return f.ThreeInARow }, pct),
		figure("longest drought of 6 (turns)", "drought_6", func(f simulate.Figures) float64 { return f.Drought6 }, num),
		figure("longest drought of 8 (turns)", "drought_8", func(f simulate.Figures) float64 { return f.Drought8 }, num),
		figure("7s between players, max − min", "seven_spread", func(f simulate.Figures) float64 { return f.SevenSpread }, num),
		figure("one player rolls half the 7s", "half_sevens", func(f simulate.Figures) float64 { return f.HalfSevens }, pct),
		figure("card counter guesses right", "predictable", func(f simulate.Figures) float64 { return f.Predictable }, pct),
	}
	return res, nil
}

// turnsText is "1 turn" or "n turns".
func turnsText(n int) string {
	if n == 1 {
		return "1 turn"
	}
	return strconv.Itoa(n) + " turns"
}
