package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/expansions"
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
	rulesets, err := a.rulesets()
	if err != nil {
		return a.failRun("%v", err)
	}
	var sim expansions.Simulator
	for _, r := range rulesets {
		if sm, ok := r.(expansions.Simulator); ok {
			sim = sm
			break
		}
	}
	if sim == nil {
		return a.failRun("simulate: no game here has dice modes to compare")
	}
	if len(modes) == 0 {
		modes = sim.SimulationModes()
	}
	run := expansions.SimulationRun{Modes: modes, Games: *games, Turns: *turns, Players: *players, Seed: *seed}
	var show func(done, total int)
	var stop func()
	if !*asJSON && !*asCSV {
		show, stop = a.simProgress()
	}
	res, err := sim.Simulate(context.Background(), run, show)
	if stop != nil {
		stop()
	}
	if err != nil {
		return a.fail("simulate: %v", err)
	}
	switch {
	case *asJSON:
		err = writeFiguresJSON(a.stdout, run, res)
	case *asCSV:
		err = writeFiguresCSV(a.stdout, run, res)
	default:
		err = writeFigures(a.stdout, run, res)
	}
	if err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

// progressAfter is how long a run goes without a word before its
// progress shows; progressEvery how often it is drawn again.
const (
	progressAfter = time.Second
	progressEvery = 200 * time.Millisecond
)

// simProgress shows a run's progress on one line of stderr, when stderr is
// a terminal and the run has taken progressAfter: a bar and the games
// played. It returns what the workers call with the games done (nil when
// nothing is shown) and what ends it, clearing the line.
func (a *app) simProgress() (func(done, total int), func()) {
	f, ok := a.stderr.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return nil, nil
	}
	var done, total atomic.Int64
	stop, stopped := make(chan struct{}), make(chan struct{})
	bar := progress.New(progress.WithWidth(24), progress.WithoutPercentage(), progress.WithColorProfile(termenv.Ascii))
	go func() {
		defer close(stopped)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		start, shown := time.Now(), false
		for {
			select {
			case <-stop:
				if shown {
					fmt.Fprint(f, "\r\x1b[K")
				}
				return
			case <-tick.C:
			}
			n, all := done.Load(), total.Load()
			if time.Since(start) < progressAfter || all == 0 {
				continue
			}
			frac := float64(n) / float64(all)
			fmt.Fprintf(f, "\rsimulating %s %s of %s games %3.0f %%\x1b[K", bar.ViewAs(frac), thousands(n), thousands(all), 100*frac)
			shown = true
		}
	}()
	update := func(d, t int) { // from the workers, at once: the most done counts
		total.Store(int64(t))
		for old := done.Load(); int64(d) > old && !done.CompareAndSwap(old, int64(d)); old = done.Load() {
		}
	}
	return update, func() { close(stop); <-stopped }
}

// thousands writes n with commas between its thousands: 1,234,567.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// rows are the figures in the order a table lists them, each sub-figure
// beneath its figure, indented.
func rows(res expansions.Results) []expansions.Figure {
	var out []expansions.Figure
	for _, f := range res.Figures {
		out = append(out, f)
		for _, sub := range f.Sub {
			sub.Name = "  " + sub.Name
			out = append(out, sub)
		}
	}
	return out
}

// writeFigures prints the figures as one table, a column per mode, and
// says how each was computed.
func writeFigures(w io.Writer, run expansions.SimulationRun, res expansions.Results) error {
	fmt.Fprintf(w, "%s of %s per mode, %d players, seed %d\n\n", plural(run.Games, "game"), plural(run.Turns, "turn"), run.Players, run.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\t"+strings.Join(res.Modes, "\t")+"\t")
	for _, f := range rows(res) {
		fmt.Fprintln(tw, f.Name+"\t"+strings.Join(f.Texts, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if res.Method == "" {
		return nil
	}
	_, err := fmt.Fprintf(w, "\n%s\n", res.Method)
	return err
}

// writeFiguresJSON writes one object per mode: its name, the games and
// turns, and each figure by its key, in the table's order.
func writeFiguresJSON(w io.Writer, run expansions.SimulationRun, res expansions.Results) error {
	var b strings.Builder
	b.WriteString("[")
	for i, mode := range res.Modes {
		if i > 0 {
			b.WriteString(",")
		}
		m, _ := json.Marshal(mode)
		fmt.Fprintf(&b, "\n  {\n    \"mode\": %s,\n    \"games\": %d,\n    \"turns\": %d", m, run.Games, run.Turns)
		for _, f := range rows(res) {
			v, err := json.Marshal(f.Values[i])
			if err != nil {
				return err
			}
			k, _ := json.Marshal(f.Key)
			fmt.Fprintf(&b, ",\n    %s: %s", k, v)
		}
		b.WriteString("\n  }")
	}
	b.WriteString("\n]\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFiguresCSV writes one row per mode.
func writeFiguresCSV(w io.Writer, run expansions.SimulationRun, res expansions.Results) error {
	cw := csv.NewWriter(w)
	head := []string{"mode", "games", "turns"}
	for _, f := range rows(res) {
		head = append(head, f.Key)
	}
	_ = cw.Write(head)
	for i, mode := range res.Modes {
		row := []string{mode, strconv.Itoa(run.Games), strconv.Itoa(run.Turns)}
		for _, f := range rows(res) {
			row = append(row, strconv.FormatFloat(f.Values[i], 'g', 6, 64))
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}
