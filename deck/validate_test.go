package deck

import (
	"math"
	"strings"
	"testing"
)

// withOpen makes the last drawn turn the open one, as the table has it.
func withOpen(s *State) {
	last, _ := s.History.Last()
	s.History = s.History.Prefix(s.History.Len() - 1)
	s.Open = &last
}

func TestDecodeRejectsCountersOutOfRange(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *State)
		want   string
	}{
		{"negative steps", func(s *State) { withOpen(s); s.Open.Steps = -3 }, "steps"},
		{"steps near max int", func(s *State) { withOpen(s); s.Open.Steps = math.MaxInt64 }, "steps"},
		{"negative draws", func(s *State) { s.Draws = -1 }, "draw"},
		{"draws near max int", func(s *State) { s.Draws = math.MaxInt64 }, "draw"},
		{"year near max int", func(s *State) { s.Year = math.MaxInt64 }, "year"},
		{"year ahead of the draws", func(s *State) { s.Year = s.Draws + 2 }, "year"},
		{"history longer than the draws", func(s *State) { s.Draws = 2 }, "more than the 2 draws"},
		{"player out of range", func(s *State) { editTurn(s, 1, func(r *Record) { r.Player = 5 }) }, "player 6"},
		{"negative player", func(s *State) { editTurn(s, 1, func(r *Record) { r.Player = -1 }) }, "player 0"},
		{"open player out of range", func(s *State) { withOpen(s); s.Open.Player = MaxPlayers }, "player"},
		{"draws out of order", func(s *State) { editTurn(s, 2, func(r *Record) { r.Draw = 1 }) }, "out of order"},
		{"draw 0", func(s *State) { editTurn(s, 0, func(r *Record) { r.Draw = 0 }) }, "out of order"},
		{"year ahead of the game", func(s *State) { editTurn(s, 2, func(r *Record) { r.Year = s.Year + 1 }) }, "year"},
		{"negative tracker", func(s *State) { s.Trackers = map[string]int{"ship": -1} }, "tracker"},
		{"tracker near max int", func(s *State) { s.Trackers = map[string]int{"ship": math.MaxInt64} }, "tracker"},
		{"negative mark", func(s *State) { editTurn(s, 0, func(r *Record) { r.Marks = map[string]int{"barbarians": -2} }) }, "barbarians"},
		{"too many players", func(s *State) {
			for len(s.Players) <= MaxPlayers {
				s.Players = append(s.Players, Player{Name: "X"})
			}
		}, "players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(3)
			for range 5 {
				_ = g.Do(drawOne)
			}
			s := g.Now.Clone()
			tt.change(s)
			_, err := Decode(mustEncode(t, NewGame(s)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Decode error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestDecodeChecksUndoAndRedoStates(t *testing.T) {
	for _, stack := range []string{"undo", "redo"} {
		t.Run(stack, func(t *testing.T) {
			g := newTestGame(4)
			for range 4 {
				_ = g.Do(drawOne)
			}
			if stack == "redo" {
				g.Undo()
				g.Undo()
			}
			list := &g.undo
			if stack == "redo" {
				list = &g.redo
			}
			bad := (*list)[0].Clone()
			bad.Draws = -3
			(*list)[0] = bad
			_, err := Decode(mustEncode(t, g))
			if err == nil || !strings.Contains(err.Error(), stack) {
				t.Fatalf("Decode error %v, want one about the %s state", err, stack)
			}
		})
	}
}

func TestCheckAnswersReplaysTheQuestions(t *testing.T) {
	// Who holds it first; then, if someone does, how many they hold.
	steps := func(s *State) []Step {
		out := []Step{{Title: "who", Question: &Question{Key: "who", Kind: AskPlayer}}}
		if v := s.Open.Answers["who"]; v != "" && v != AnswerNobody {
			out = append(out, Step{Title: "how many", Question: &Question{Key: "n", Kind: AskNumber}})
		}
		return append(out, Step{Title: "sure", Question: &Question{Key: "ok", Kind: AskYesNo}})
	}
	tests := []struct {
		answers map[string]string
		ok      bool
	}{
		{map[string]string{"who": "1", "n": "5", "ok": "yes"}, true},
		{map[string]string{"who": AnswerNobody, "ok": AnswerSkip}, true},
		{map[string]string{"who": "3"}, false},  // three players: seats 0 to 2
		{map[string]string{"who": "-1"}, false}, // no seat
		{map[string]string{"who": "1", "n": "-1"}, false},
		{map[string]string{"who": "1", "n": "1000"}, false},
		{map[string]string{"ok": "maybe"}, false},
		{map[string]string{"n": "-1"}, true}, // never asked, so never read
	}
	for _, tt := range tests {
		g := newTestGame(5)
		_ = g.Do(drawOne)
		s := g.Now.Clone()
		withOpen(s)
		s.Open.Answers = tt.answers
		err := CheckAnswers(s, steps)
		if (err == nil) != tt.ok {
			t.Errorf("answers %v: error %v, want ok=%v", tt.answers, err, tt.ok)
		}
	}
}

func TestCheckTrackersAndFacts(t *testing.T) {
	if err := CheckTrackers([]Tracker{{Name: "ship", Pos: 3, Steps: 7}}); err != nil {
		t.Error(err)
	}
	for _, pos := range []int{-1, 8, math.MaxInt} {
		if err := CheckTrackers([]Tracker{{Name: "ship", Pos: pos, Steps: 7}}); err == nil {
			t.Errorf("tracker at %d of 7 passed", pos)
		}
	}
	s := newTestGame(6).Now
	q := []Question{{Key: "army", Kind: AskPlayer}}
	s.Facts = map[string]string{"army": "2"}
	if err := CheckFacts(s, q); err != nil {
		t.Error(err)
	}
	s.Facts["army"] = "9"
	if err := CheckFacts(s, q); err == nil {
		t.Error("a fact naming seat 9 of 3 passed")
	}
}
