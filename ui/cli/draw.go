package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// MaxCount bounds `eventdeck draw --count`.
const MaxCount = 10_000_000

func (a *app) draw(args []string) int {
	fs := flag.NewFlagSet("draw", flag.ContinueOnError)
	rulesets, err := a.rulesets()
	if err != nil {
		return a.failRun("%v", err)
	}
	var g gameFlags
	g.register(fs, rulesets)
	count := fs.Int("count", 1, "how many turns to draw")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	if code, done := a.parse(fs, args, "draw [options]", "Draw turns without the TUI, one line per turn."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("draw: unexpected argument %q", fs.Arg(0))
	}
	if *count < 1 || *count > MaxCount {
		return a.fail("draw: --count %d: want 1 to %d", *count, MaxCount)
	}
	warning, err := g.loadCards(a.cardsDir, a.assets, len(a.games) > 0)
	if err != nil {
		return a.failRun("%v", err)
	}
	if warning != "" {
		fmt.Fprintln(a.stderr, warning) // a bad card file never stops a game
	}
	r, err := g.ruleset() // NewGame below checks the options: no trial game first
	if err != nil {
		return a.fail("draw: %v", err)
	}
	opts, err := g.options(r)
	if err != nil {
		return a.fail("draw: %v", err)
	}
	s, err := r.NewGame(opts, tablePlayers(r), g.seedValue())
	if err != nil {
		return a.fail("draw: %v", err)
	}
	if err := notInPlay(r, opts, s.Options); err != nil {
		return a.fail("draw: %v", err)
	}
	out := bufio.NewWriter(a.stdout)
	for range *count {
		main, ok := expansions.Main(r.Actions(s))
		if !ok {
			return a.fail("draw: this game waits for choices made at the table (give them as options)")
		}
		if len(main.Inputs) > 0 {
			// Typed dice, secret picks: the table answers these; draw cannot.
			return a.fail("draw: this game waits for the table first: %s", main.Help)
		}
		if err := r.Act(s, deck.Action{ID: main.ID}); err != nil { // the same turn the table screen draws
			return a.failRun("%v", err)
		}
		t, _ := r.Turn(s, -1)
		s.History.Reset() // nothing here reads the history: keep memory flat
		if *asJSON {
			err = writeJSON(out, t)
		} else {
			err = writePlain(out, t)
		}
		if err != nil {
			return a.failRun("%v", err)
		}
	}
	if err := out.Flush(); err != nil {
		return a.failRun("%v", err)
	}
	return ExitOK
}

// turnFields is a turn as ordered JSON fields, read only from its
// description: the count, year and player, the number, each die by its id,
// the event, the card, a rebuild, and the game's marks.
func turnFields(t deck.Turn) [][2]any {
	f := [][2]any{{"draw", t.Draw}}
	if t.Year > 0 {
		f = append(f, [2]any{"year", t.Year})
	}
	f = append(f, [2]any{"player", t.Player})
	if t.Number > 0 {
		f = append(f, [2]any{"number", t.Number})
	}
	for _, d := range t.Dice {
		if d.Pips > 0 {
			f = append(f, [2]any{d.Die, d.Pips})
		} else {
			f = append(f, [2]any{d.Die, d.Value})
		}
	}
	if t.Event != "" {
		f = append(f, [2]any{"event", t.Event}, [2]any{"title", t.Title})
	}
	if t.Card != "" {
		f = append(f, [2]any{"card", t.Card})
	}
	f = append(f, [2]any{"rebuilt", t.Rebuilt})
	if t.Chosen {
		f = append(f, [2]any{"chosen", true})
	}
	for _, m := range t.Marks {
		f = append(f, [2]any{m.Key, m.Value})
	}
	return f
}

// writeJSON writes one turn as one JSON object, fields in order.
func writeJSON(w io.Writer, t deck.Turn) error {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range turnFields(t) {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv[0])
		v, err := json.Marshal(kv[1])
		if err != nil {
			return err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writePlain writes one turn as one line a person reads.
func writePlain(w io.Writer, t deck.Turn) error {
	if t.Rebuilt && t.RebuiltText != "" {
		if _, err := fmt.Fprintln(w, t.RebuiltText); err != nil {
			return err
		}
	}
	head := fmt.Sprintf("draw %d", t.Draw)
	if t.Year > 0 {
		head += fmt.Sprintf(", year %d", t.Year)
	}
	var dice []string
	for _, d := range t.Dice {
		dice = append(dice, diceWord(d))
	}
	num := ""
	if t.Number > 0 {
		num = fmt.Sprintf("%2d  ", t.Number)
	}
	line := head + ": " + num
	if len(dice) > 0 {
		line += "(" + strings.Join(dice, ", ") + ")  "
	}
	event := t.Title
	if event == "" {
		event = "no event"
	}
	line += event
	var marks []string
	for _, m := range t.Marks {
		marks = append(marks, strings.ToLower(m.Label)+" "+m.Text)
	}
	if len(marks) > 0 {
		line += "  [" + strings.Join(marks, ", ") + "]"
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// diceWord is a die in a few words: "red 2", "event ship".
func diceWord(d deck.Face) string {
	if d.Pips > 0 {
		return fmt.Sprintf("%s %d", d.Name, d.Pips)
	}
	return d.Name + " " + d.Symbol
}

// rulesets are the games on offer: those the environment gives (tests), or
// every game from the assets.
func (a *app) rulesets() ([]expansions.Ruleset, error) {
	if len(a.games) > 0 {
		return a.games, nil
	}
	return expansions.All(a.assets)
}
