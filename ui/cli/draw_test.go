package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Run(args, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS()})
	return code, out.String(), errOut.String()
}

// drawLine is one line of `eventdeck draw --json` as the tests read it.
type drawLine struct {
	Draw        int    `json:"draw"`
	Year        int    `json:"year"`
	Player      int    `json:"player"`
	Number      int    `json:"number"`
	Red         int    `json:"red"`
	White       int    `json:"white"`
	EventDie    string `json:"event_die"`
	ProgressRed int    `json:"progress_red"`
	Event       string `json:"event"`
	Title       string `json:"title"`
	Rebuilt     bool   `json:"rebuilt"`
	Chosen      bool   `json:"chosen"`
	Barbarians  *int   `json:"barbarians"`
	Attack      bool   `json:"attack"`
}

func TestDrawJSONLines(t *testing.T) {
	code, out, errOut := run("draw", "--seed", "7", "--count", "70", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	draws, newYears := 0, 0
	year := 1
	for sc.Scan() {
		// The fields come in a fixed order: draw, year, player, number,
		// the dice, event, title, rebuilt.
		want := []string{"draw", "year", "player", "number", "red", "white", "event", "title", "rebuilt"}
		if got := jsonKeys(t, sc.Text()); !reflect.DeepEqual(got, want) {
			t.Fatalf("line %s: keys %v, want %v", sc.Text(), got, want)
		}
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		draws++
		if m["rebuilt"] == true {
			// New Year is marked on the first card of the new year.
			newYears++
			year++
			if draws != 31*newYears+1 {
				t.Fatalf("New Year before draw %d", draws)
			}
		}
		if int(m["draw"].(float64)) != draws || int(m["year"].(float64)) != year {
			t.Fatalf("line %s: want draw %d year %d", sc.Text(), draws, year)
		}
		if int(m["player"].(float64)) != (draws-1)%2 {
			t.Fatalf("line %s: two stand-in players take turns", sc.Text())
		}
		red, white, number := int(m["red"].(float64)), int(m["white"].(float64)), int(m["number"].(float64))
		if red < 1 || red > 6 || white < 1 || white > 6 || red+white != number {
			t.Fatalf("line %s: dice do not make the number", sc.Text())
		}
	}
	if draws != 70 || newYears != 2 {
		t.Fatalf("%d draws, %d new years; want 70 and 2", draws, newYears)
	}
}

func TestDrawIsReproducible(t *testing.T) {
	_, a, _ := run("draw", "--seed", "99", "--count", "100", "--edition", "4", "--deck", "plain", "--new-year", "hidden=10")
	_, b, _ := run("draw", "--seed", "99", "--count", "100", "--edition", "4", "--deck", "plain", "--new-year", "hidden=10")
	_, c, _ := run("draw", "--seed", "100", "--count", "100", "--edition", "4", "--deck", "plain", "--new-year", "hidden=10")
	if a != b {
		t.Fatal("the same seed gave different draws")
	}
	if a == c {
		t.Fatal("different seeds gave the same draws")
	}
	if got := strings.Count(a, "New Year"); got != 3 { // 26 cards a year: after 26, 52, 78
		t.Fatalf("%d New Years in 100 draws with 10 hidden, want 3", got)
	}
	lines := strings.Split(strings.TrimSpace(a), "\n")
	if len(lines) != 103 || !strings.HasPrefix(lines[0], "draw 1, year 1: ") {
		t.Fatalf("plain output:\n%s", a)
	}
}

func TestDrawEditionsAndExpansions(t *testing.T) {
	titles := func(args ...string) map[string]string {
		_, out, _ := run(append([]string{"draw", "--seed", "3", "--count", "36", "--json", "--new-year", "none"}, args...)...)
		m := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var d drawLine
			_ = json.Unmarshal([]byte(line), &d)
			m[d.Event] = d.Title
		}
		return m
	}
	six, five := titles("--edition", "6"), titles("--edition", "5")
	if six["calm-seas"] != "Calm Seas" || five["calm-seas"] != "Calm Sea" {
		t.Errorf("calm seas: 6th %q 5th %q", six["calm-seas"], five["calm-seas"])
	}
	if six["none"] != "" || five["none"] != "A Beautiful Day" {
		t.Errorf("no event: 6th %q 5th %q", six["none"], five["none"])
	}
	if five["helpful-neighbor"] != "Neighborly Assistance" {
		t.Errorf("helpful neighbor 5th: %q", five["helpful-neighbor"])
	}
	ep := titles("--expansion", "explorers", "--expansion", "seafarers")
	if len(ep) != 1 || ep["none"] != "" {
		t.Errorf("with Explorers & Pirates: %v", ep)
	}
}

func TestDrawBadInput(t *testing.T) {
	bad := [][]string{
		{"draw", "--seed", "x"}, {"draw", "--seed", "-1"}, {"draw", "--count", "0"}, {"draw", "--count", "x"},
		{"draw", "--edition", "3"}, {"draw", "--deck", "blue"}, {"draw", "--new-year", "hidden=40"},
		{"draw", "--expansion", "atlantis"}, {"draw", "--nope"}, {"draw", "extra"}, {"dance"},
	}
	for _, args := range bad {
		code, out, errOut := run(args...)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
		if out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "eventdeck: ") {
			t.Errorf("%v: stdout %q stderr %q, want one line on stderr", args, out, errOut)
		}
	}
	code, out, _ := run("draw", "-h")
	if code != 0 || !strings.Contains(out, "-new-year") {
		t.Errorf("draw -h: exit %d\n%s", code, out)
	}
	// Help lines are written only for -h: each kind must still be there.
	for _, want := range []string{"official: 6th from the bottom", "bare --seasons means on", "(repeat for more): seafarers, explorers, cities-knights"} {
		if !strings.Contains(out, want) {
			t.Errorf("draw -h lacks %q:\n%s", want, out)
		}
	}
}

func TestDrawCitiesKnights(t *testing.T) {
	code, out, errOut := run("draw", "--seed", "3", "--count", "400", "--json", "--expansion", "cities-knights", "--deck", "plain")
	if code != 0 {
		t.Fatal(errOut)
	}
	pos, attacks := 0, 0
	faces := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if d.EventDie == "" || d.ProgressRed < 1 || d.ProgressRed > 6 || d.Barbarians == nil {
			t.Fatalf("C&K fields missing: %s", line)
		}
		if strings.Contains(line, `"red"`) || strings.Contains(line, `"white"`) {
			t.Fatalf("a plain deck shows no red and white dice: %s", line)
		}
		faces[d.EventDie]++
		if pos == 7 {
			pos = 0
		}
		if d.EventDie == "ship" {
			pos++
		}
		if *d.Barbarians != pos || d.Attack != (pos == 7) {
			t.Fatalf("line %s: want barbarians %d", line, pos)
		}
		if d.Attack {
			attacks++
		}
	}
	if attacks == 0 || len(faces) != 4 {
		t.Fatalf("%d attacks, faces %v", attacks, faces)
	}
	// With the red-die printing and the printed rule the card's red die is
	// the progress red: no die of its own; rolled, it is one more die.
	_, out, _ = run("draw", "--seed", "3", "--count", "50", "--json", "--expansion", "cities-knights")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		_ = json.Unmarshal([]byte(line), &d)
		if d.Red < 1 || d.EventDie == "" || strings.Contains(line, "progress_red") {
			t.Fatalf("printed red die not used: %s", line)
		}
	}
	_, out, _ = run("draw", "--seed", "3", "--count", "50", "--json", "--expansion", "cities-knights", "--progress-red", "rolled")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		_ = json.Unmarshal([]byte(line), &d)
		if d.Red < 1 || d.ProgressRed < 1 || d.ProgressRed > 6 {
			t.Fatalf("rolled progress red missing: %s", line)
		}
	}
	// Without C&K the fields are absent.
	_, out, _ = run("draw", "--seed", "3", "--count", "5", "--json")
	if strings.Contains(out, "event_die") || strings.Contains(out, "barbarians") || strings.Contains(out, "progress_red") {
		t.Fatalf("C&K fields without C&K:\n%s", out)
	}
}

// The plain deck prints the number only; with Cities & Knights the red die
// rolled for the progress cards is printed, and called the progress red so
// it is not read as a production die (issue 11).
func TestDrawPlainDeck(t *testing.T) {
	die := regexp.MustCompile(`\b(red|white) [1-6]\b`)
	code, out, errOut := run("draw", "--seed", "3", "--count", "40", "--deck", "plain")
	if code != 0 {
		t.Fatal(errOut)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "New Year") {
			continue
		}
		if !regexp.MustCompile(`^draw \d+, year \d+: +\d+  [^(]`).MatchString(line) || die.MatchString(line) {
			t.Fatalf("plain deck, want the number and no dice: %q", line)
		}
	}

	_, out, _ = run("draw", "--seed", "3", "--count", "40", "--deck", "plain", "--expansion", "cities-knights")
	progress := regexp.MustCompile(`^draw \d+, year \d+: +\d+  \(event (ship|trade|politics|science), progress red [1-6]\)  `)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "New Year") {
			continue
		}
		if !progress.MatchString(line) {
			t.Fatalf("plain deck with C&K, want the event die and the progress red: %q", line)
		}
		if die.MatchString(strings.ReplaceAll(line, "progress red", "")) {
			t.Fatalf("plain deck with C&K shows a production die: %q", line)
		}
	}

	// The red deck with C&K: the card's red is the progress red (printed
	// rule), so the dice read red, white and the event die.
	_, out, _ = run("draw", "--seed", "3", "--count", "5", "--expansion", "cities-knights")
	first := strings.SplitN(out, "\n", 2)[0]
	if !regexp.MustCompile(`\(red [1-6], white [1-6], event \w+\)`).MatchString(first) || strings.Contains(out, "progress red") {
		t.Fatalf("red deck with C&K:\n%s", out)
	}
}

// An unknown flag: one line naming it, exit 2.
func TestUnknownFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-x"}, "eventdeck: flag provided but not defined: --x\n"},
		{[]string{"--players", "Ann,Bob", "-x"}, "eventdeck: flag provided but not defined: --x\n"},
		{[]string{"draw", "-x"}, "eventdeck: draw: flag provided but not defined: --x\n"},
		{[]string{"export", "-x"}, "eventdeck: export: flag provided but not defined: --x\n"},
	} {
		code, out, errOut := run(tt.args...)
		if code != ExitUsage || out != "" || errOut != tt.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", tt.args, code, out, errOut, ExitUsage, tt.want)
		}
	}
}

// The example under "Drawing cards without the table screen" in the README
// is what its command really prints.
func TestReadmeDrawExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "## Drawing cards without the table screen")
	if !ok {
		t.Fatal("README: no section \"Drawing cards without the table screen\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var command []string
	var example string
	for _, line := range strings.Split(section, "\n") {
		if f := strings.Fields(line); command == nil && len(f) > 3 && f[0] == "go" && f[1] == "run" && f[2] == "." && f[3] == "draw" && !slices.Contains(f, "--json") {
			command = f[3:]
		}
		if example == "" && strings.HasPrefix(line, "draw 1, ") {
			example = line
		}
	}
	if command == nil || example == "" {
		t.Fatalf("README: no plain draw command or no example line in:\n%s", section)
	}
	code, out, errOut := run(command...)
	if code != 0 {
		t.Fatalf("README's %v: exit %d %s", command, code, errOut)
	}
	if got := strings.SplitN(out, "\n", 2)[0]; got != example {
		t.Errorf("README's example for %v:\n  %s\nbut it draws:\n  %s", command, example, got)
	}
}

func TestVersion(t *testing.T) {
	for _, flag := range []string{"--version", "-version"} {
		code, out, errOut := run(flag)
		if code != 0 || errOut != "" || out != "eventdeck "+Version()+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", flag, code, out, errOut)
		}
	}
	if v := Version(); v == "" || strings.ContainsAny(v, " \n") {
		t.Errorf("Version() = %q, want one word", v)
	}
	if _, out, _ := run("help"); !strings.Contains(out, "--version") {
		t.Errorf("help does not mention --version:\n%s", out)
	}
}

// An option whose own on/off option is off would be ignored: the command
// line says so, and names the flag that turns it on. An option that needs
// a choice makes it (a set given alone chooses the Rivals mode); given with
// another choice, it is refused naming both.
func TestOptionsNotInPlayAreRefused(t *testing.T) {
	for args, want := range map[string][]string{
		"draw --seasons": {"--seasons needs --expansion cities-knights"},
		"draw --game rivals --set gold --mode intro":                        {"--mode intro and --set gold do not go together"},
		"draw --game rivals --mode duel --set gold":                         {"--mode duel and --set gold"},
		"draw --game rivals --set gold --sets gold,sages":                   {"--set and --sets do not go together"},
		"draw --game card-game --mode tournament --theme knights-merchants": {"--mode tournament and --theme knights-merchants"},
		"draw --dice random --dice-stack 3":                                 {"--dice random and --dice-stack 3"},
	} {
		code, _, errOut := run(strings.Fields(args)...)
		for _, w := range want {
			if code != ExitUsage || !strings.Contains(errOut, w) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: exit %d, %q; want %q", args, code, errOut, w)
			}
		}
	}
	// --dice-stack means the dice deck: numbers, no events.
	if code, out, errOut := run("draw", "--dice-stack", "3", "--seed", "1", "--count", "40"); code != ExitOK || strings.Count(out, "no event") != 40 {
		t.Errorf("draw --dice-stack 3: exit %d %q\n%s", code, errOut, out)
	}
	for _, args := range []string{"draw --seasons --expansion cities-knights", "draw --game rivals --set gold", "draw --game rivals --sets gold,sages"} {
		if code, _, errOut := run(strings.Fields(args)...); code != ExitOK {
			t.Errorf("%s: exit %d, %q", args, code, errOut)
		}
	}
	s := ui.Setup{}
	var g gameFlags
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	rs, _ := expansions.All(assets.FS())
	g.register(fs, rs)
	if err := fs.Parse(bareSwitches(fs, []string{"--seasons"})); err != nil {
		t.Fatal(err)
	}
	if err := applyFlags(&s, &g, map[string]bool{}); err == nil || !strings.Contains(err.Error(), "--seasons needs --expansion cities-knights") {
		t.Errorf("quick start with --seasons alone: %v", err)
	}
}
