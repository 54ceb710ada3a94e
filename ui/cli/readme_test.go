package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

// tableAt builds the table as `eventdeck ARGS` would in a terminal, without
// running it: the options the command line makes and the root model, sized
// 80×24. The state and config folders are the test's own (t.Setenv).
func tableAt(t *testing.T, args ...string) (ui.Model, ui.Options) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := &app{stdout: &out, stderr: &errOut, assets: assets.FS(), terminal: true}
	opts, code, done := a.tableOptions(args)
	if done {
		t.Fatalf("eventdeck %s: exit %d %s", strings.Join(args, " "), code, errOut.String())
	}
	t.Cleanup(func() { opts.Store.Unlock() }) // the state folder's claim (deck.Store.Lock)
	opts.Renderer = lipgloss.NewRenderer(&out)
	m, err := ui.New(opts)
	if err != nil {
		t.Fatalf("eventdeck %s: %v", strings.Join(args, " "), err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return next.(ui.Model), opts
}

// folders gives the test its own state and config folders; it returns the
// folder games are saved in.
func folders(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	return filepath.Join(dir, "state", "eventdeck")
}

// described is the header's account of the game on the table.
func described(t *testing.T, m ui.Model, rulesets []expansions.Ruleset) string {
	t.Helper()
	g := m.Game()
	if g == nil {
		t.Fatal("no game on the table")
	}
	r, err := expansions.Find(rulesets, g.Now.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	return r.(expansions.Describer).Describe(g.Now)
}

// readmeCommands are the command lines of the README: each line of a sh
// block that runs eventdeck (go run . or go test), and each indented
// `eventdeck` line, without its comment.
func readmeCommands(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	inSh := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inSh = line == "```sh"
			continue
		case inSh && strings.HasPrefix(line, "go "), strings.HasPrefix(line, "    eventdeck "):
		default:
			continue
		}
		line, _, _ = strings.Cut(line, " #")
		cmds = append(cmds, strings.TrimSpace(line))
	}
	return cmds
}

// shellWords splits a command line as sh does for the README's lines:
// spaces between words, double quotes around one.
func shellWords(line string) []string {
	var words []string
	for _, m := range regexp.MustCompile(`"[^"]*"|\S+`).FindAllString(line, -1) {
		words = append(words, strings.Trim(m, `"`))
	}
	return words
}

// TestReadmeCommandLines runs every command line in the README and checks
// that it does what its comment says: the game and mode the table plays,
// what a command prints. A line with no check here fails the test.
func TestReadmeCommandLines(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every README command, the simulator's too")
	}
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	example := filepath.Join("..", "..", "assets", "cards", "example.toml")
	table := func(want ...string) func(*testing.T, []string) {
		return func(t *testing.T, args []string) {
			folders(t)
			m, _ := tableAt(t, args...)
			d := described(t, m, rulesets)
			for _, w := range want {
				if !strings.Contains(d, w) {
					t.Errorf("eventdeck %s plays %q; want %q", strings.Join(args, " "), d, w)
				}
			}
		}
	}
	prints := func(want ...string) func(*testing.T, []string) {
		return func(t *testing.T, args []string) {
			code, out, errOut := run(args...)
			if code != ExitOK {
				t.Fatalf("eventdeck %s: exit %d %s", strings.Join(args, " "), code, errOut)
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("eventdeck %s prints no %q:\n%s", strings.Join(args, " "), w, out)
				}
			}
		}
	}
	// sameAs: the command draws what the longer one, with the mode said
	// outright, draws; and not what the game without the option draws.
	sameAs := func(explicit, without string) func(*testing.T, []string) {
		return func(t *testing.T, args []string) {
			_, got, errOut := run(args...)
			_, want, _ := run(strings.Fields(explicit)...)
			_, plain, _ := run(strings.Fields(without)...)
			if got == "" || got != want || got == plain {
				t.Errorf("eventdeck %s: %s\ndraws:\n%s\n%s draws:\n%s", strings.Join(args, " "), errOut, got, explicit, want)
			}
		}
	}
	// serves: eventdeck serve listens where the line says and puts the
	// players named at the table (TestServeWithOpenSSH serves for real).
	serves := func(listen string, players ...string) func(*testing.T, []string) {
		return func(t *testing.T, args []string) {
			folders(t)
			var out, errOut bytes.Buffer
			a := &app{stdout: &out, stderr: &errOut, assets: assets.FS(), terminal: true}
			opts, sf, code, done := a.serveOptions(args[1:])
			if done {
				t.Fatalf("eventdeck %s: exit %d %s", strings.Join(args, " "), code, errOut.String())
			}
			opts.Store.Unlock()
			if *sf.listen != listen || strings.Join(opts.Setup.Players, ",") != strings.Join(players, ",") || !opts.QuickStart {
				t.Errorf("eventdeck %s: listens on %q with %v", strings.Join(args, " "), *sf.listen, opts.Setup.Players)
			}
		}
	}
	checks := map[string]func(*testing.T, []string){
		"go run .": func(t *testing.T, args []string) {
			folders(t)
			m, _ := tableAt(t, args...)
			if v := m.View(); m.Game() != nil || !strings.Contains(v, "eventdeck · new game") {
				t.Errorf("go run . opens no setup screen:\n%s", v)
			}
		},
		"go test ./...": func(*testing.T, []string) {}, // this run
		// go install MODULE@latest builds the module's root package: it
		// must be the module the README names, and a main package.
		"go install github.com/eventdeck/eventdeck@latest": func(t *testing.T, _ []string) {
			mod, err := os.ReadFile("../../go.mod")
			if err != nil || !strings.HasPrefix(string(mod), "module github.com/eventdeck/eventdeck\n") {
				t.Errorf("go.mod does not name github.com/eventdeck/eventdeck: %v", err)
			}
			if main, err := os.ReadFile("../../main.go"); err != nil || !regexp.MustCompile(`(?m)^package main$`).Match(main) {
				t.Errorf("the module's root is no main package: %v", err)
			}
		},
		`go run . --players "Ann,Bob,Cy" [--seed N] [--edition 4|5|6] [--expansion cities-knights] ...`: table("5th edition", "Cities & Knights"),
		`go run . --game rivals --players "Ann,Bob" --set prosperity`:                                   table("goal 12 · Rivals: Era of Prosperity"),
		`go run . --game card-game --players "Ann,Bob" --mode expanded --theme knights-merchants`:       table("Card Game Expanded: Knights and Merchants"),
		`go run . --game rivals --players "Ann,Bob"`:                                                    table("goal 7 · Introductory game"),
		`go run . --game rivals --players "Ann,Bob" --mode duel`:                                        table("goal 13 · Duel: sets to pick"),
		`go run . --game rivals --players "Ann,Bob" --sets gold,sages --pick-by-lot on`: func(t *testing.T, args []string) {
			table("goal 13 · Duel: ", "Gold", "Sages")(t, args)
			if m, _ := tableAt(t, args...); strings.Count(described(t, m, rulesets), ",") != 2 {
				t.Errorf("eventdeck %s: no third set by lot: %s", strings.Join(args, " "), described(t, m, rulesets))
			}
		},
		`go run . --game card-game --players "Ann,Bob"`:                   table("Basic Game"),
		`go run . --game card-game --players "Ann,Bob" --mode tournament`: table("Tournament"),
		"go run . ref new year":                                           prints("New Year"),
		"go run . ref --game rivals brigand":                              prints("Brigand"),
		"go run . draw --seed 7 --count 5":                                prints("draw 1, year 1:", "draw 5, "),
		"go run . draw --seed 7 --count 40 --json":                        prints(`{"draw":40,`),
		"go run . draw --game rivals --set prosperity --seed 7 --count 10 --json": sameAs(
			"draw --game rivals --mode theme --set prosperity --seed 7 --count 10 --json",
			"draw --game rivals --seed 7 --count 10 --json"),
		"go run . draw --game card-game --mode expanded --theme knights-merchants --count 10 --json": prints(`{"draw":10,`),
		"go run . simulate --modes cards,deck,random,balanced,hybrid=50 --games 10000 --turns 60 --players 4 --seed 1": prints(
			"10000 games of 60 turns per mode, 4 players, seed 1", "hybrid=50"),
		"eventdeck cards check FILE...": func(t *testing.T, _ []string) { prints()(t, []string{"cards", "check", example}) },
		"eventdeck cards list":          prints("calm-seas"),
		"eventdeck ref --cards FILE sheep": func(t *testing.T, _ []string) {
			prints("Sheep for All")(t, []string{"ref", "--cards", example, "sheep"})
		},
		"go run . export --format csv": func(t *testing.T, args []string) {
			dir := folders(t)
			saveDrawn(t, dir, rulesets, 3)
			prints("draw,", "\n3,")(t, args)
		},
		`go run . serve --players "Ann,Bob,Cy"`:                      serves(":2222", "Ann", "Bob", "Cy"),
		`go run . serve --listen 127.0.0.1:2222 --players "Ann,Bob"`: serves("127.0.0.1:2222", "Ann", "Bob"),
		"go run . games": func(t *testing.T, args []string) {
			dir := folders(t)
			saveDrawn(t, dir, rulesets, 3)
			prints("NAME", "game ", "Ann, Bob, Cy", "catan: Catan")(t, args)
		},
		"go run . --resume game-20250114-201400": func(t *testing.T, args []string) {
			dir := folders(t)
			saveDrawn(t, dir, rulesets, 3)
			name, err := deck.NewStore(dir).Archive()
			if err != nil {
				t.Fatal(err)
			}
			args[len(args)-1] = strings.TrimSuffix(filepath.Base(name), ".json")
			if m, _ := tableAt(t, args...); m.Game() == nil || m.Game().Now.Draws != 3 {
				t.Errorf("eventdeck %s does not resume the archive of 3 draws", strings.Join(args, " "))
			}
		},
	}
	seen := map[string]bool{}
	for _, line := range readmeCommands(t) {
		check, ok := checks[line]
		if !ok {
			t.Errorf("README's %q: no check in TestReadmeCommandLines", line)
			continue
		}
		seen[line] = true
		words := shellWords(line)
		if words[0] == "go" {
			words = words[2:] // go run . / go test
		}
		if words[0] == "." {
			words = words[1:]
		} else {
			words = words[1:] // eventdeck
		}
		// [--seed N] [--edition 4|5|6] ...: a value of each, the first
		// but one of a choice (not the default 6th edition).
		var args []string
		for _, w := range words {
			w = strings.Trim(w, "[]")
			if w == "..." {
				continue
			}
			if alts := strings.Split(w, "|"); len(alts) > 1 {
				w = alts[1]
			}
			if w == "N" {
				w = "7"
			}
			args = append(args, w)
		}
		t.Run(line, func(t *testing.T) { check(t, args) })
	}
	for line := range checks {
		if !seen[line] {
			t.Errorf("TestReadmeCommandLines checks %q, which the README no longer has", line)
		}
	}
}

// saveDrawn saves a board game of Ann, Bob and Cy with n cards drawn as
// the current game in dir.
func saveDrawn(t *testing.T, dir string, rulesets []expansions.Ruleset, n int) {
	t.Helper()
	r, err := expansions.Find(rulesets, "catan")
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 7)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		main, _ := expansions.Main(r.Actions(s))
		if err := r.Act(s, deck.Action{ID: main.ID}); err != nil {
			t.Fatal(err)
		}
	}
	data, err := deck.Encode(deck.NewGame(s))
	if err != nil {
		t.Fatal(err)
	}
	st := deck.NewStore(dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(st.Reserve(), data); err != nil {
		t.Fatal(err)
	}
}
