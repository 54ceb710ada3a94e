package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
)

// A quick start over a game in progress offers it first: the save is not
// archived until a new game is chosen; --new starts afresh at once.
func TestQuickStartOffersTheGameInProgress(t *testing.T) {
	dir := folders(t)
	rulesets, _ := expansions.All(assets.FS())
	saveDrawn(t, dir, rulesets, 6)
	m, _ := tableAt(t, "--players", "Ann,Bob,Cy", "--seed", "7")
	if v := m.View(); m.Game() != nil || !strings.Contains(v, "draw 6 of 31") || !strings.Contains(v, "enter resume") || !strings.Contains(v, "n new game") {
		t.Fatalf("a quick start over a saved game:\n%s", v)
	}
	if archived, _ := filepath.Glob(filepath.Join(dir, "game-*.json")); len(archived) != 0 {
		t.Fatalf("the game in progress was archived before anyone chose: %v", archived)
	}
	m, _ = tableAt(t, "--new", "--players", "Ann,Bob,Cy", "--seed", "7")
	if m.Game() == nil || m.Game().Now.Draws != 0 {
		t.Fatal("--new --players did not start a new game at once")
	}
}

// The remembered setup fills the setup screen, not a quick start: after a
// Cities & Knights game, a quick start plays the base game, its options
// those of eventdeck draw with the same flags; the remembered table
// settings stay remembered.
func TestQuickStartPlaysTheDefaults(t *testing.T) {
	folders(t)
	path, err := ui.SetupPath()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	old := ui.Setup{Game: "catan", Options: map[string]string{"cities-knights": "on", "edition": "5"}, Players: []string{"Dee", "Eve"}, Sound: true, Timer: 90}
	if err := ui.SaveSetup(path, old); err != nil {
		t.Fatal(err)
	}
	m, opts := tableAt(t, "--new", "--players", "Ann,Bob,Cy", "--seed", "39")
	rulesets, _ := expansions.All(assets.FS())
	d := described(t, m, rulesets)
	if strings.Contains(d, "Cities") || strings.Contains(d, "5th") || opts.Setup.Sound || opts.Setup.Timer != 0 {
		t.Fatalf("the quick start plays %q with %+v", d, opts.Setup)
	}
	r, _ := expansions.Find(rulesets, "catan")
	drawn, _ := r.NewGame(map[string]string{}, tablePlayers(r), 39)
	if got := m.Game().Now; !sameMap(got.Options, drawn.Options) || !slices.Equal(got.Deck.Draw, drawn.Deck.Draw) {
		t.Fatalf("the table plays %v, eventdeck draw %v", got.Options, drawn.Options)
	}
	if rem := opts.Remember; rem == nil || !rem.Sound || rem.Timer != 90 || rem.Options["cities-knights"] == "on" || strings.Join(rem.Players, ",") != "Ann,Bob,Cy" {
		t.Fatalf("remembered after the quick start: %+v", rem)
	}
	// Without --players the setup screen starts from the remembered setup.
	_, opts = tableAt(t, "--new")
	if opts.Setup.Options["cities-knights"] != "on" || !opts.Setup.Sound {
		t.Fatalf("the setup screen lost the remembered setup: %+v", opts.Setup)
	}
}

func sameMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// eventdeck games lists the save and the archives; --resume NAME resumes
// an archive and leaves it as it is, the save it replaces archived first.
func TestGamesAndResumeByName(t *testing.T) {
	dir := folders(t)
	rulesets, _ := expansions.All(assets.FS())
	saveDrawn(t, dir, rulesets, 4)
	saveDrawn(t, dir, rulesets, 4) // the first becomes the backup
	st := deck.NewStore(dir)
	archive, err := st.Archive()
	if err != nil {
		t.Fatal(err)
	}
	saveDrawn(t, dir, rulesets, 2)
	saveDrawn(t, dir, rulesets, 2)
	name := strings.TrimSuffix(filepath.Base(archive), ".json")
	code, out, errOut := run("games")
	if code != ExitOK || errOut != "" {
		t.Fatalf("games: exit %d %s", code, errOut)
	}
	// At 80 columns each game's players and game are on lines under its row.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, "  ") {
			lines = append(lines, l)
		}
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "game ") || !strings.HasPrefix(lines[2], name+" ") ||
		!strings.Contains(lines[1], "  2  ") || !strings.Contains(lines[2], "  4  ") || !strings.Contains(out, "\n  Ann, Bob, Cy\n") ||
		!strings.Contains(out, "catan: Catan") || !strings.Contains(out, "(2 backups not listed") {
		t.Fatalf("games:\n%s", out)
	}
	if _, all, _ := run("games", "--all"); !strings.Contains(all, name+".bak ") || !strings.Contains(all, "game.bak ") {
		t.Fatalf("games --all lists no backups:\n%s", all)
	}
	before, _ := os.ReadFile(archive)
	m, opts := tableAt(t, "--resume", name)
	if m.Game() == nil || m.Game().Now.Draws != 4 {
		t.Fatalf("--resume %s did not resume its 4 draws", name)
	}
	data, err := deck.Encode(m.Game()) // as play saves it on quitting
	if err != nil {
		t.Fatal(err)
	}
	if err := opts.Store.Save(opts.Store.Reserve(), data); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(archive)
	if !bytes.Equal(before, after) {
		t.Fatal("resuming the archive changed it")
	}
	got, _ := st.Load(nil)
	if got.Game == nil || got.Game.Now.Draws != 4 {
		t.Fatalf("the resumed archive is not the save: %+v", got)
	}
	saved, _ := st.Games(nil)
	twos := 0
	for _, g := range saved {
		if g.Game != nil && !g.Backup && g.Game.Now.Draws == 2 {
			twos++
		}
	}
	if twos != 1 {
		t.Fatalf("the save the archive replaced was not archived: %+v", saved)
	}
	for _, bad := range [][]string{{"--resume", "nope"}, {"--resume", "../game"}, {"--resume", "game-20000101-000000"}} {
		var o, e bytes.Buffer
		a := &app{stdout: &o, stderr: &e, assets: assets.FS(), terminal: true}
		if _, code, done := a.tableOptions(bad); !done || code != ExitUsage || !strings.Contains(e.String(), "no saved game") || strings.Count(e.String(), "\n") != 1 {
			t.Errorf("%v: exit %d %q", bad, code, e.String())
		}
	}
}

// Issue 30 item 9: eventdeck games at 80 columns cuts no word (the
// players and the game wrap at words under each row), and says whom each
// game waits for as the resume screen does.
func TestGamesFitEightyColumns(t *testing.T) {
	dir := folders(t)
	rulesets, _ := expansions.All(assets.FS())
	saveDrawn(t, dir, rulesets, 6)
	saveDrawn(t, dir, rulesets, 7) // the first becomes the backup
	code, out, errOut := run("games")
	if code != ExitOK || errOut != "" {
		t.Fatalf("games: exit %d %s", code, errOut)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	if !strings.Contains(out, "(1 backup not listed") {
		t.Errorf("one backup:\n%s", out)
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "catan: Catan · English 6th edition · red-die deck") {
		t.Errorf("the game is cut:\n%s", out)
	}
	m, opts := tableAt(t)
	g := opts.Loaded.Game
	if g == nil {
		t.Fatal("no game to resume")
	}
	r, _ := expansions.Find(rulesets, g.Now.Ruleset)
	next := g.Now.PlayerName(ui.NextUp(r, g.Now))
	row := strings.Fields(strings.Split(out, "\n")[1])
	if len(row) < 5 || row[4] != next {
		t.Fatalf("NEXT says %v, the resume screen %q:\n%s", row, next, out)
	}
	if v := m.View(); !strings.Contains(v, "Next to draw: "+next) && !strings.Contains(v, "Waiting in "+next) {
		t.Fatalf("the resume screen does not name %s:\n%s", next, v)
	}
}
