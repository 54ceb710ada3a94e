package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/testgame"
)

// runGames runs the command line with the test game and Catan on offer.
func runGames(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	c, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code = Run(args, Env{Stdout: &out, Stderr: &errOut, Assets: assets.FS(), Games: []expansions.Ruleset{testgame.Ruleset{}, c}})
	return code, out.String(), errOut.String()
}

// jsonKeys returns the keys of one JSON object in the order written.
func jsonKeys(t *testing.T, line string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%q: not an object", line)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// A ruleset written only in a test plugs into draw --json, its options
// become flags, ref finds its entries and export reads its saves (issue 9).
func TestTestGameDrawJSON(t *testing.T) {
	code, out, errOut := runGames(t, "draw", "--game", "testgame", "--coin", "heads", "--seed", "5", "--count", "12", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12:\n%s", len(lines), out)
	}
	want := []string{"draw", "player", "number", "production", "coin", "event", "title", "card", "rebuilt", "pot"}
	events := map[string]int{}
	for i, line := range lines {
		if got := jsonKeys(t, line); !reflect.DeepEqual(got, want) {
			t.Fatalf("line %d keys %v, want %v (no year: the game has none)", i+1, got, want)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		prod, ok := m["production"].(float64)
		if !ok || prod < 1 || prod > 6 || m["number"] != prod {
			t.Fatalf("line %s: the production die as a number 1–6 that makes the number", line)
		}
		if m["coin"] != "heads" {
			t.Fatalf("line %s: --coin heads, want the coin as the string \"heads\"", line)
		}
		if m["draw"] != float64(i+1) || m["player"] != float64(0) || m["pot"] != float64(i+1) {
			t.Fatalf("line %s: want draw %d by player 0, pot %d", line, i+1, i+1)
		}
		if rebuilt := i > 0 && i%5 == 0; m["rebuilt"] != rebuilt {
			t.Fatalf("line %s: rebuilt %v, want %v (a 5-card stack)", line, m["rebuilt"], rebuilt)
		}
		events[m["event"].(string)]++
	}
	if len(events) != 5 {
		t.Fatalf("events %v: want all 5 cards in 12 draws", events)
	}

	// A fair coin shows tails too; the plain line names both dice.
	_, out, _ = runGames(t, "draw", "--game", "testgame", "--seed", "5", "--count", "40", "--json")
	if !strings.Contains(out, `"coin":"tails"`) || !strings.Contains(out, `"coin":"heads"`) {
		t.Fatalf("a fair coin:\n%s", out)
	}
	code, out, _ = runGames(t, "draw", "--game", "testgame", "--coin", "heads", "--seed", "5")
	if code != 0 || !strings.HasPrefix(out, "draw 1: ") || !strings.Contains(out, "(production ") || !strings.Contains(out, ", coin heads)") || !strings.Contains(out, "[pot 1]") {
		t.Fatalf("plain line: %q", out)
	}

	// The same seed and flags replay the same draws.
	_, a, _ := runGames(t, "draw", "--game", "testgame", "--seed", "9", "--count", "20", "--json")
	_, b, _ := runGames(t, "draw", "--game", "testgame", "--seed", "9", "--count", "20", "--json")
	if a != b {
		t.Fatal("the same seed gave different draws")
	}
}

func TestTestGameFlags(t *testing.T) {
	code, out, _ := runGames(t, "draw", "-h")
	if code != 0 || !strings.Contains(out, "-coin") || !strings.Contains(out, "fair, heads; default fair") || !strings.Contains(out, "testgame, catan") {
		t.Fatalf("draw -h: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "-edition") {
		t.Fatalf("draw -h lacks Catan's options:\n%s", out)
	}
	bad := [][]string{
		{"draw", "--game", "testgame", "--coin", "tails"},
		{"draw", "--game", "testgame", "--edition", "5"}, // Catan's option, not this game's
		{"draw", "--game", "catan", "--coin", "heads"},   // this game's option, not Catan's
		{"draw", "--game", "testgame", "--expansion", "seafarers"},
		{"draw", "--game", "chess"},
	}
	for _, args := range bad {
		code, out, errOut := runGames(t, args...)
		if code != ExitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "eventdeck: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and one line", args, code, out, errOut, ExitUsage)
		}
	}
	// Catan still draws beside it.
	if code, out, errOut := runGames(t, "draw", "--game", "catan", "--seed", "7", "--edition", "5"); code != 0 || !strings.HasPrefix(out, "draw 1, year 1: ") {
		t.Fatalf("catan beside the test game: exit %d %q %q", code, out, errOut)
	}
}

func TestTestGameRef(t *testing.T) {
	code, out, _ := runGames(t, "ref", "coin")
	if code != 0 || !strings.Contains(out, "## Test game: the coin\n") || strings.Contains(out, "## Test game: production") {
		t.Fatalf("ref coin: exit %d\n%s", code, out)
	}
	code, out, _ = runGames(t, "ref", "production", "d6")
	if code != 0 || !strings.Contains(out, "## Test game: production\n") {
		t.Fatalf("ref production d6: exit %d\n%s", code, out)
	}
	if code, out, _ = runGames(t, "ref", "new", "year"); code != 0 || !strings.Contains(out, "## New Year\n") {
		t.Fatalf("ref new year beside the test game: exit %d\n%s", code, out)
	}
}

func TestTestGameExport(t *testing.T) {
	r := testgame.Ruleset{}
	s, err := r.NewGame(map[string]string{"coin": "heads"}, []deck.Player{{Name: "Ann"}, {Name: "Bob|B"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := deck.NewGame(s)
	roll := func() {
		t.Helper()
		if err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: testgame.ActRoll}) }); err != nil {
			t.Fatal(err)
		}
	}
	answer := func(v string) {
		t.Helper()
		st, ok := questionStep(r, g.Now)
		if !ok {
			t.Fatal("no question this turn")
		}
		if err := g.Do(func(s *deck.State) error { return r.Answer(s, *st.Question, v) }); err != nil {
			t.Fatal(err)
		}
	}
	roll()
	answer("1")
	roll()
	answer(deck.AnswerNobody)
	roll()
	if err := g.Do(func(s *deck.State) error { return r.Answer(s, deck.Question{Key: "nope"}, "1") }); err == nil {
		t.Fatal("an answer to no question was taken")
	}
	data, err := deck.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runGames(t, "export", "--format", "json", "--state-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d rows, want 3:\n%s", len(lines), out)
	}
	wantPlayers := []string{"Ann", "Bob|B", "Ann"}
	wantAnswers := [][]string{{"Coin: Bob|B"}, {"Coin: nobody"}, nil}
	for i, l := range lines {
		var row exportRow
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatal(err)
		}
		want, _ := r.Turn(g.Now, i)
		if row.Draw != i+1 || row.Player != wantPlayers[i] || row.Number != want.Number || row.Event != want.Event || row.Title != want.Title {
			t.Errorf("row %d: %+v, want draw %d by %s, %+v", i+1, row, i+1, wantPlayers[i], want)
		}
		if row.Dice["coin"] != "heads" || row.Dice["production"] != want.Dice[0].Value {
			t.Errorf("row %d dice %v", i+1, row.Dice)
		}
		if !reflect.DeepEqual(row.Answers, wantAnswers[i]) {
			t.Errorf("row %d answers %q, want %q", i+1, row.Answers, wantAnswers[i])
		}
	}

	_, out, _ = runGames(t, "export", "--state-dir", dir)
	if !strings.HasPrefix(out, "| draw | year | player |") || !strings.Contains(out, `| Bob\|B |`) || !strings.Contains(out, `Coin: Bob\|B`) || !strings.Contains(out, "Coin: nobody") {
		t.Fatalf("markdown:\n%s", out)
	}
	_, out, _ = runGames(t, "export", "--format", "csv", "--state-dir", dir)
	if !strings.Contains(out, "coin=heads production=") || !strings.Contains(out, "Coin: Bob|B") {
		t.Fatalf("csv:\n%s", out)
	}

	// Without the test game on offer the save names a game nobody knows.
	if code, _, errOut := run("export", "--state-dir", dir); code != ExitUsage || !strings.Contains(errOut, `unknown game "testgame"`) {
		t.Fatalf("export without the game: exit %d %q", code, errOut)
	}
}

// questionStep returns the open turn's step that asks something.
func questionStep(r expansions.Ruleset, s *deck.State) (deck.Step, bool) {
	for _, st := range r.Steps(s) {
		if st.Question != nil {
			return st, true
		}
	}
	return deck.Step{}, false
}
