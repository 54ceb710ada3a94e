package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// MaxCount bounds `eventdeck draw --count`.
const MaxCount = 10_000_000

// drawLine is one JSON line of `eventdeck draw --json` for a draw.
type drawLine struct {
	Draw   int    `json:"draw"`
	Year   int    `json:"year"`
	Number int    `json:"number"`
	Red    int    `json:"red"`
	White  int    `json:"white"`
	Event  string `json:"event"`
	Title  string `json:"title"`

	// With Cities & Knights only.
	EventDie    string `json:"event_die,omitempty"`
	ProgressRed int    `json:"progress_red,omitempty"`
	Barbarians  *int   `json:"barbarians,omitempty"`
	Attack      bool   `json:"attack,omitempty"`
}

// newYearLine is the JSON line written when a new year starts.
type newYearLine struct {
	Year    int  `json:"year"`
	NewYear bool `json:"new_year"`
}

func (a *app) draw(args []string) int {
	fs := flag.NewFlagSet("draw", flag.ContinueOnError)
	var g gameFlags
	g.register(fs)
	count := fs.Int("count", 1, "how many productions to draw")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	if code, done := a.parse(fs, args, "draw [options]", "Draw Event Cards without the TUI, one line per draw."); done {
		return code
	}
	if fs.NArg() > 0 {
		return a.fail("draw: unexpected argument %q", fs.Arg(0))
	}
	if *count < 1 || *count > MaxCount {
		return a.fail("draw: --count %d: want 1 to %d", *count, MaxCount)
	}
	cfg, seed, err := g.config()
	if err != nil {
		return a.fail("draw: %v", err)
	}
	r, err := a.catan()
	if err != nil {
		return a.failRun("%v", err)
	}
	s, err := r.NewGame(cfg.Options(), []deck.Player{{Name: "table"}}, seed)
	if err != nil {
		return a.failRun("%v", err)
	}
	out := bufio.NewWriter(a.stdout)
	enc := json.NewEncoder(out)
	for range *count {
		t, err := r.Draw(s) // the same turn the table screen draws
		if err != nil {
			return a.failRun("%v", err)
		}
		s.History = s.History[:0] // nothing here reads the history: keep memory flat
		if *asJSON {
			err = writeJSON(enc, t)
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
	return 0
}

func writeJSON(enc *json.Encoder, t deck.Turn) error {
	if t.NewYear {
		if err := enc.Encode(newYearLine{Year: t.Year, NewYear: true}); err != nil {
			return err
		}
	}
	r, w := dieValue(t, "red"), dieValue(t, "white")
	line := drawLine{Draw: t.Draw, Year: t.Year, Number: t.Number, Red: r, White: w, Event: t.Event, Title: t.Title}
	if face := t.Die("event"); face != "" {
		b := t.Barbarians
		line.EventDie, line.ProgressRed, line.Barbarians, line.Attack = face, dieValue(t, "progress-red"), &b, t.Attack
	}
	return enc.Encode(line)
}

func writePlain(w io.Writer, t deck.Turn) error {
	if t.NewYear {
		if _, err := fmt.Fprintf(w, "New Year: deck reshuffled, year %d begins\n", t.Year); err != nil {
			return err
		}
	}
	event := t.Title
	if event == "" {
		event = "no event"
	}
	ck := ""
	if face := t.Die("event"); face != "" {
		ck = fmt.Sprintf("  [event die %s, progress red %s, barbarians %d/7", face, t.Die("progress-red"), t.Barbarians)
		if t.Attack {
			ck += ", ATTACK"
		}
		ck += "]"
	}
	_, err := fmt.Fprintf(w, "draw %d, year %d: %2d  (red %s, white %s)  %s%s\n",
		t.Draw, t.Year, t.Number, t.Die("red"), t.Die("white"), event, ck)
	return err
}

func dieValue(t deck.Turn, name string) int {
	v := t.Die(name)
	if len(v) != 1 || v[0] < '1' || v[0] > '6' {
		return 0
	}
	return int(v[0] - '0')
}

// catan loads the board game's ruleset from the embedded assets.
func (a *app) catan() (*catan.Ruleset, error) {
	return catan.New(a.assets)
}
