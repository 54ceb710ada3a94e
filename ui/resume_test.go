package ui

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
)

// playedGame is a game three draws in, saved in a store in a temp folder.
func playedGame(t *testing.T) (*deck.Store, Options) {
	t.Helper()
	opts := testOptions(t)
	opts.Store = deck.NewStore(t.TempDir())
	opts.QuickStart = true
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	drawTurns(m, 3)
	// The saves run as commands; update ran them, so the save is on disk.
	got, err := opts.Store.Load(nil)
	if err != nil || got.Game == nil || got.Game.Now.Draws != 3 {
		t.Fatalf("after three draws the save holds %+v, %v", got, err)
	}
	opts.QuickStart = false
	opts.Loaded = got
	return opts.Store, opts
}

func TestResumeScreen(t *testing.T) {
	_, opts := playedGame(t)
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, want := range []string{"saved game", "Players: Ann, Bob, Cy", "Year 1 · draw 3 of 31", "Waiting in Cy's turn: Who has the most victory points?", "enter resume", "n new game"} {
		if !strings.Contains(v, want) {
			t.Fatalf("resume screen lacks %q:\n%s", want, v)
		}
	}
	golden.RequireEqual(t, []byte(v))
	m = press(m, "enter")
	if !m.onTable() || m.table.Now().Draws != 3 || !strings.Contains(view(m), "draw 3 of 31") {
		t.Fatalf("enter did not resume:\n%s", view(m))
	}
	// The resumed game draws what eventdeck draw gives next for the seed.
	m = drawTurns(m, 1)
	if want := drawnBy(t, opts.Seed, 4)[3]; faces(m.table.Turn) != faces(want) {
		t.Fatalf("draw 4 after resume: card %s, want %s", faces(m.table.Turn), faces(want))
	}
}

func TestResumeNewGameArchivesTheOld(t *testing.T) {
	st, opts := playedGame(t)
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = press(m, "n")
	if !m.onSetup() {
		t.Fatalf("n did not open the setup:\n%s", view(m))
	}
	m = press(m, "enter", "space")
	_ = m
	entries, _ := os.ReadDir(st.Dir)
	var archived []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "game-") && strings.HasSuffix(e.Name(), ".json") { // its backup goes beside it, as .json.bak
			archived = append(archived, e.Name())
		}
	}
	if len(archived) != 1 {
		t.Fatalf("the old game was not archived: %v", entries)
	}
	got, _ := st.Load(nil)
	if got.Game == nil || got.Game.Now.Draws != 1 {
		t.Fatalf("the save is not the new game: %+v", got)
	}
}

func TestResumeBrokenSave(t *testing.T) {
	_, opts := playedGame(t)
	opts.Loaded = deck.Loaded{Problem: errors.New("unexpected end of JSON input"), MovedTo: "/state/game.json.broken-1"}
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, want := range []string{"could not be read: unexpected end of JSON input", "moved to /state/game.json.broken-1", "no good backup", "enter new game"} {
		if !strings.Contains(v, want) {
			t.Fatalf("broken save screen lacks %q:\n%s", want, v)
		}
	}
	m = press(m, "enter")
	if !m.onSetup() {
		t.Fatal("enter did not start a new game")
	}
	// With a good backup it is offered.
	_, opts2 := playedGame(t)
	opts2.Loaded.Problem, opts2.Loaded.MovedTo, opts2.Loaded.FromBackup = errors.New("bad"), "/x", true
	m2, _ := New(opts2)
	m2 = update(m2, sizeMsg(80, 24))
	if v := view(m2); !strings.Contains(v, "backup (the save before it) is good") || !strings.Contains(v, "enter resume") {
		t.Fatalf("backup not offered:\n%s", v)
	}
}

func TestEverySaveHoldsTheGame(t *testing.T) {
	st, opts := playedGame(t)
	opts.Loaded.Problem = nil
	opts.Resume = true
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = finishTurn(m)
	for i, k := range []string{"space", "x", "enter", "u", "ctrl+r", "u", "u", "n", "p"} {
		m = press(m, k)
		b, _ := deck.Encode(m.table.Hand.Game())
		// The save runs off the UI's path: on a loaded machine it may land
		// after the key's frame, so wait for it (a lost save never lands).
		var a []byte
		for deadline := time.Now().Add(5 * time.Second); ; {
			got, err := st.Load(nil)
			if err != nil || got.Game == nil {
				t.Fatal(err)
			}
			if a, _ = deck.Encode(got.Game); string(a) == string(b) || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if string(a) != string(b) {
			t.Fatalf("after key %d (%s) the save differs from the game", i, k)
		}
	}
}

// --timer given with --resume times the resumed game from then on, its
// turn on the table at once, as a change the history notes.
func TestResumeTakesTheTimerGiven(t *testing.T) {
	_, opts := playedGame(t)
	opts.Resume = true
	secs := 20
	opts.ResumeTimer = &secs
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	if !m.onTable() || m.table.Now().Timer != 20 || m.table.Now().Draws != 3 {
		t.Fatalf("resumed with --timer 20s: timer %d, draws %d", m.table.Now().Timer, m.table.Now().Draws)
	}
	if c := m.sess.Timer(); c.Length != 20 || !c.Running() {
		t.Fatalf("the turn on the table is not timed: %+v", c)
	}
	if h := view(press(m, "h")); !strings.Contains(h, "Turn timer: 20 s") {
		t.Fatalf("the history does not say the timer was set:\n%s", h)
	}
}

// The play-test: a quick start with new flags while a base-game save exists
// said "enter resume • n new game" without saying which game each starts.
// The screen names the saved game (its game, options, draws, players) and
// the game n starts: the command line's, with its options and players.
func TestResumeAfterQuickStartNamesBothGames(t *testing.T) {
	_, opts := playedGame(t)
	opts.QuickStart = true
	opts.Setup.Options = map[string]string{"cities-knights": "on"}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, want := range []string{
		"Players: Ann, Bob, Cy", "Catan · English 6th edition · red-die deck", "Year 1 · draw 3 of 31",
		"enter: resume this game",
		"n: new game — Catan · Cities & Knights · English 6th edition · red-die deck, from your command line, with Ann, Bob, Cy",
	} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) { // the n line may wrap
			t.Errorf("resume screen lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, v, 80, 24)
	m = press(m, "n")
	if !m.onTable() || m.table.Now().Draws != 0 || !strings.Contains(view(m), "Cities & Knights") {
		t.Fatalf("n did not start the command line's game:\n%s", view(m))
	}
}

// A saved game whose description leaves out its game's name (a Rivals
// game's starts with its goal) is named on the resume screen.
func TestResumeNamesTheSavedGame(t *testing.T) {
	_, opts := playedGame(t)
	m, _ := New(opts)
	_, g, err := m.build(common.Setup{Game: "rivals", Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	opts.Loaded = deck.Loaded{Game: g}
	m, _ = New(opts)
	if v := view(update(m, sizeMsg(80, 24))); !strings.Contains(v, "The Rivals for Catan · goal 7 · Introductory game") {
		t.Fatalf("the saved game is not named:\n%s", v)
	}
}

// Issue 30 item 11: with a Catan game saved, flags for a Rivals game make
// enter start the Rivals game; the screen says which game each key
// starts, and r resumes the save.
func TestResumeDefaultsToAnotherGameNamed(t *testing.T) {
	_, opts := playedGame(t)
	opts.QuickStart = true
	opts.Setup = common.Setup{Game: "rivals", Players: []string{"Ann", "Bob"}, Options: map[string]string{"mode": "theme", "set": "prosperity"}}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	flat := strings.Join(strings.Fields(v), " ")
	for _, want := range []string{"enter: new game — The Rivals for Catan", "from your command line, with Ann, Bob",
		"r: resume Catan · English 6th edition · red-die deck, with Ann, Bob, Cy", "enter new game", "r resume"} {
		if !strings.Contains(flat, want) {
			t.Errorf("resume screen lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, v, 80, 24)
	if n := press(m, "enter"); !n.onTable() || n.table.Rules.ID() != "rivals" || n.table.Now().Draws != 0 {
		t.Fatalf("enter did not start the Rivals game:\n%s", view(n))
	}
	if r := press(m, "r"); !r.onTable() || r.table.Rules.ID() != "catan" || r.table.Now().Draws != 3 {
		t.Fatalf("r did not resume the saved game:\n%s", view(r))
	}
}
