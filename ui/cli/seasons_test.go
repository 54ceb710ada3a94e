package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// seasonLine is one line of `draw --json` with the seasonal event die.
type seasonLine struct {
	drawLine
	Season *string `json:"season"`
}

// TestDrawSeasonsJSON: 10,000 draws, each line's event die the square its
// card (known by its red and white dice) prints for the line's season; the
// season turns once per New Year. No C&K, no seasons: no "season" key.
func TestDrawSeasonsJSON(t *testing.T) {
	code, out, errOut := run("draw", "--expansion", "cities-knights", "--seasons", "on", "--season-change", "new-year", "--json", "--count", "10000", "--seed", "11")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	lines, seen := 0, map[string]int{}
	for sc.Scan() {
		var l seasonLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines++
		if l.Season == nil {
			t.Fatalf("line %s: no season", sc.Text())
		}
		season := slices.Index(catan.SeasonNames(), *l.Season)
		if want := (l.Year - 1) % catan.NumSeasons; season != want {
			t.Fatalf("line %s: season %q in year %d, want %s", sc.Text(), *l.Season, l.Year, catan.SeasonName(want))
		}
		if want := catan.SeasonSquare(l.Red, l.White, season); want == "" || l.EventDie != want {
			t.Fatalf("line %s: event die %q, the card prints %q", sc.Text(), l.EventDie, want)
		}
		seen[*l.Season]++
	}
	if lines != 10000 || len(seen) != 4 {
		t.Fatalf("%d lines, seasons %v", lines, seen)
	}

	// The bare flag is the same as on.
	_, bare, _ := run("draw", "--expansion", "cities-knights", "--seasons", "--season-change", "new-year", "--json", "--count", "200", "--seed", "11")
	if want := strings.Join(strings.SplitAfter(out, "\n")[:200], ""); bare != want {
		t.Fatal("bare --seasons draws differently from --seasons on")
	}
	_, last, _ := run("draw", "--expansion", "cities-knights", "--json", "--count", "3", "--seed", "11", "--seasons")
	if !strings.Contains(last, `"season":"spring"`) {
		t.Fatalf("--seasons given last and bare: %s", last)
	}
	for _, args := range [][]string{
		{"draw", "--expansion", "cities-knights", "--json", "--count", "5", "--seed", "11"},
		{"draw", "--expansion", "cities-knights", "--seasons", "off", "--json", "--count", "5", "--seed", "11"},
	} {
		if _, o, _ := run(args...); strings.Contains(o, "season") {
			t.Fatalf("%v: %s", args, o)
		}
	}
	if code, _, errOut := run("draw", "--expansion", "cities-knights", "--seasons", "maybe"); code != ExitUsage || !strings.Contains(errOut, "want off or on") {
		t.Fatalf("--seasons maybe: exit %d, %s", code, errOut)
	}
}

func TestBareSwitches(t *testing.T) {
	tests := []struct{ in, want string }{
		{"--seasons", "--seasons=on"},
		{"--seasons on", "--seasons on"},
		{"-seasons off --json", "-seasons off --json"},
		{"--seasons --json", "--seasons=on --json"},
		{"--seasons=off", "--seasons=off"},
		{"--json --seasons", "--json --seasons=on"},
		{"--players --seasons", "--players --seasons"}, // a value, not a flag
		{"-- --seasons", "-- --seasons"},
		{"word --seasons", "word --seasons"},
	}
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var g gameFlags
	g.register(fs, rulesets)
	fs.String("players", "", "")
	fs.Bool("json", false, "")
	for _, tt := range tests {
		got := strings.Join(bareSwitches(fs, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
	}
}
