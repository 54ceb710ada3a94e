package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/ui"
)

// craftedSaves are the hostile saves of issue 12, by name: each must be
// refused at load, or load and play without a panic.
func craftedSaves(t testing.TB) map[string][]byte {
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{catan.OptCK: "on"}
	game := func(draws int) *deck.Game {
		s, err := r.NewGame(opts, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 9)
		if err != nil {
			t.Fatal(err)
		}
		g := deck.NewGame(s)
		for range draws {
			_ = g.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
		}
		return g
	}
	edit := func(g *deck.Game, change func(*deck.State)) *deck.Game {
		_ = g.Do(func(s *deck.State) error { change(s); return nil })
		return g
	}
	encode := func(g *deck.Game) []byte {
		b, err := deck.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	badUndo := edit(game(4), func(s *deck.State) { s.Open.Steps = -3 })
	_ = badUndo.Do(func(s *deck.State) error { _, err := r.Draw(s); return err })
	return map[string][]byte{
		"good":           encode(game(12)),
		"negative-steps": encode(edit(game(3), func(s *deck.State) { s.Open.Steps = -3 })),
		"bad-undo-state": encode(badUndo),
		"max-int64-counters": encode(edit(game(3), func(s *deck.State) {
			s.Draws, s.Trackers[catan.TrackBarbarians] = math.MaxInt64, math.MaxInt64
		})),
		"barbarians-past-the-end": encode(edit(game(3), func(s *deck.State) { s.Trackers[catan.TrackBarbarians] = 99 })),
		"player-out-of-range":     encode(edit(game(3), func(s *deck.State) { s.Open.Player = 7 })),
		"answer-seat-out-of-range": encode(edit(game(3), func(s *deck.State) {
			s.Facts = map[string]string{catan.FactLongestRoad: "7"}
			s.Open.Answers = map[string]string{catan.FactLargestArmy: "7"}
		})),
		"history-longer-than-draws": encode(edit(game(5), func(s *deck.State) { s.Draws = 1 })),
	}
}

// FuzzLoad loads a save through the store with the ruleset's checks, as a
// start does, then plays on every state it holds (now, each undo and redo):
// the ruleset draws and answers, the table screen takes keys. Nothing may
// panic, and a game that loads must save in a form that loads again.
// oversized pads the file past deck.MaxSaveSize.
func FuzzLoad(f *testing.F) {
	// The seeds are testdata/fuzz/FuzzLoad: craftedSaves, and one oversized.
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		f.Fatal(err)
	}
	glyphs, err := ui.LoadGlyphs(assets.FS())
	if err != nil {
		f.Fatal(err)
	}
	check := validator(rulesets)
	f.Fuzz(func(t *testing.T, data []byte, oversized bool) {
		st := deck.NewStore(t.TempDir())
		if err := os.WriteFile(st.Path(), data, 0o600); err != nil {
			t.Fatal(err)
		}
		if oversized {
			if err := os.Truncate(st.Path(), int64(len(data))+deck.MaxSaveSize+1); err != nil {
				t.Fatal(err)
			}
		}
		got, err := st.Load(check)
		if err != nil {
			t.Fatal(err)
		}
		if oversized && (got.Game != nil || !errors.Is(got.Problem, deck.ErrTooLarge)) {
			t.Fatalf("an oversized save was not refused: %+v", got)
		}
		if got.Game == nil {
			return
		}
		g := got.Game
		again, err := deck.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := deck.Decode(again); err != nil {
			t.Fatalf("a loaded game saved in a form that does not load: %v", err)
		} else if err := check(back); err != nil {
			t.Fatalf("a loaded game saved in a form its ruleset refuses: %v", err)
		}
		for g.Undo() {
		}
		for {
			playOn(t, rulesets, glyphs, g)
			if !g.Redo() {
				break
			}
		}
	})
}

// playOn plays a few actions on a copy of the game's current state: the
// ruleset's reads, a draw, an answer to the first question; then the table
// screen resumes the game and takes keys.
func playOn(t *testing.T, rulesets []expansions.Ruleset, glyphs ui.Glyphs, g *deck.Game) {
	r, err := expansions.Find(rulesets, g.Now.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Now.Clone()
	if d, ok := r.(expansions.Describer); ok {
		d.Describe(s)
	}
	if c, ok := r.(expansions.CardCounter); ok {
		c.Remaining(s)
	}
	if p, ok := r.(expansions.Progresser); ok {
		p.Progress(s)
	}
	if tk, ok := r.(expansions.TrackerKeeper); ok {
		tk.Trackers(s)
	}
	if fk, ok := r.(expansions.FactKeeper); ok {
		fk.Facts(s)
	}
	for i := -1; i < s.Turns(); i++ {
		r.Turn(s, i)
	}
	answerFirst(r, s)
	if a, ok := expansions.Main(r.Actions(s)); ok {
		if err := r.Act(s, deck.Action{ID: a.ID}); err == nil {
			answerFirst(r, s)
		}
	}

	m, err := ui.New(ui.Options{
		Rulesets: rulesets, Glyphs: glyphs, Renderer: lipgloss.NewRenderer(io.Discard),
		Loaded: deck.Loaded{Game: deck.NewGame(g.Now.Clone())}, Resume: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var tm tea.Model = m
	msgs := []tea.Msg{tea.WindowSizeMsg{Width: 80, Height: 24}}
	for _, k := range []string{"enter", "x", "enter", " ", "y", "1", "enter", "h", "esc", "s", "esc", "f", "esc", "u", "ctrl+r"} {
		msgs = append(msgs, keyMsg(k))
	}
	for _, msg := range msgs {
		tm, _ = tm.Update(msg)
		_ = tm.View()
	}
}

// answerFirst answers the open turn's first question with a value it takes.
func answerFirst(r expansions.Ruleset, s *deck.State) {
	for _, step := range r.Steps(s) {
		if q := step.Question; q != nil {
			v := map[deck.QuestionKind]string{deck.AskPlayer: "0", deck.AskPlayers: "0", deck.AskNumber: "3", deck.AskYesNo: deck.AnswerYes}[q.Kind]
			_ = r.Answer(s, *q, v)
			return
		}
	}
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func TestCraftedSavesAreRefused(t *testing.T) {
	rulesets, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range craftedSaves(t) {
		st := deck.NewStore(t.TempDir())
		if err := os.WriteFile(st.Path(), data, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := st.Load(validator(rulesets))
		if err != nil {
			t.Fatal(err)
		}
		if refused := got.Problem != nil; refused != (name != "good") {
			t.Errorf("%s: refused %v (%v)", name, refused, got.Problem)
		}
		if got.Problem != nil {
			if _, err := os.Stat(got.MovedTo); err != nil {
				t.Errorf("%s: the refused save was not kept: %v", name, err)
			}
		}
	}
}

// TestWriteLoadCorpus writes the crafted saves into the fuzz corpus; run it
// with EVENTDECK_WRITE_CORPUS=1 after changing them.
func TestWriteLoadCorpus(t *testing.T) {
	if os.Getenv("EVENTDECK_WRITE_CORPUS") == "" {
		t.Skip("set EVENTDECK_WRITE_CORPUS=1 to rewrite testdata/fuzz/FuzzLoad")
	}
	dir := "testdata/fuzz/FuzzLoad"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	saves := craftedSaves(t)
	saves["oversized"] = saves["good"]
	for name, data := range saves {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nbool(%v)\n", data, name == "oversized")
		if err := os.WriteFile(dir+"/"+name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
