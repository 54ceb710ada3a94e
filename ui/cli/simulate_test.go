package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSimulateTable(t *testing.T) {
	code, out, errOut := run("simulate", "--modes", "cards,random", "--games", "200", "--turns", "50", "--seed", "3")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"cards", "random", "a number 3 times in a row", "card counter guesses right", "45.85 %"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestSimulateJSONAndCSV(t *testing.T) {
	code, out, errOut := run("simulate", "--modes", "deck,balanced,hybrid=50", "--games", "50", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var figs []map[string]any
	if err := json.Unmarshal([]byte(out), &figs); err != nil || len(figs) != 3 || figs[2]["mode"] != "hybrid=50" {
		t.Fatalf("json %v: %s", err, out)
	}
	code, out, _ = run("simulate", "--modes", "deck", "--games", "50", "--csv")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != ExitOK || len(lines) != 2 || !strings.HasPrefix(lines[1], "deck,50,60,") {
		t.Fatalf("csv %d: %s", code, out)
	}
}

func TestSimulateBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--modes", "typed"},
		{"simulate", "--modes", "dice"},
		{"simulate", "--games", "0"},
		{"simulate", "--players", "1"},
		{"simulate", "--json", "--csv"},
		{"simulate", "extra"},
	} {
		if code, _, errOut := run(args...); code != ExitUsage || !strings.HasPrefix(errOut, "eventdeck: simulate") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
