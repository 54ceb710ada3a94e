package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Run(args, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS()})
	return code, out.String(), errOut.String()
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
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if m["new_year"] == true {
			newYears++
			year++
			if int(m["year"].(float64)) != year || len(m) != 2 {
				t.Fatalf("new year line %s, want year %d", sc.Text(), year)
			}
			if draws != 31*(newYears) {
				t.Fatalf("New Year after %d draws", draws)
			}
			continue
		}
		draws++
		for _, k := range []string{"draw", "year", "number", "red", "white", "event", "title"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("line %s lacks %q", sc.Text(), k)
			}
		}
		if int(m["draw"].(float64)) != draws || int(m["year"].(float64)) != year {
			t.Fatalf("line %s: want draw %d year %d", sc.Text(), draws, year)
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
	if code, out, _ := run("draw", "-h"); code != 0 || !strings.Contains(out, "--new-year") && !strings.Contains(out, "-new-year") {
		t.Errorf("draw -h: exit %d\n%s", code, out)
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
		if strings.Contains(line, "new_year") {
			continue
		}
		var d drawLine
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if d.EventDie == "" || d.ProgressRed < 1 || d.ProgressRed > 6 || d.Barbarians == nil {
			t.Fatalf("C&K fields missing: %s", line)
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
	// With the red-die printing and the printed rule, progress_red is the card's red.
	_, out, _ = run("draw", "--seed", "3", "--count", "50", "--json", "--expansion", "cities-knights")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d drawLine
		_ = json.Unmarshal([]byte(line), &d)
		if d.Draw > 0 && d.ProgressRed != d.Red {
			t.Fatalf("printed red die not used: %s", line)
		}
	}
	// Without C&K the fields are absent.
	_, out, _ = run("draw", "--seed", "3", "--count", "5", "--json")
	if strings.Contains(out, "event_die") || strings.Contains(out, "barbarians") {
		t.Fatalf("C&K fields without C&K:\n%s", out)
	}
}
