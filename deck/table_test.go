package deck

import "testing"

func TestReseatMovesTurnsAndFacts(t *testing.T) {
	s := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	for p := range 3 {
		s.Draws++
		s.StartTurn(Record{Draw: s.Draws, Year: 1, Player: p})
	}
	s.Current = 1
	s.Facts = map[string]string{"army": "2", "points:2": "7", "points:0": "3", "road": AnswerNobody}
	// Cy to the first seat, Ann leaves, Bob stays second.
	if err := s.Reseat([]int{-1, 1, 0}, []string{"army", "road"}, nil); err != nil {
		t.Fatal(err)
	}
	// Issue 23: a seat change keeps the turn being resolved open.
	if s.Open == nil || s.History.Len() != 2 || s.Turns() != 3 {
		t.Fatalf("the open turn was closed: %v, %d turns in history", s.Open, s.History.Len())
	}
	if s.Players[0].Name != "Cy" || s.Players[1].Name != "Bob" || s.Left[0].Name != "Ann" {
		t.Fatalf("seats %v, left %v", s.Players, s.Left)
	}
	for i, want := range []string{"Ann", "Bob", "Cy"} {
		if got := s.PlayerName(s.TurnAt(i).Player); got != want {
			t.Errorf("turn %d was %s's, now says %s", i+1, want, got)
		}
	}
	if s.Facts["army"] != "0" || s.Facts["points:0"] != "7" || s.Facts["road"] != AnswerNobody {
		t.Fatalf("facts %v", s.Facts)
	}
	if _, ok := s.Facts["points:2"]; ok {
		t.Fatalf("a fact of a seat that left stayed: %v", s.Facts)
	}
	if s.Current != 1 {
		t.Fatalf("Bob's turn moved to seat %d", s.Current)
	}
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]int{{0, 0}, {0, 1, 2}, {-1, -1}, {1, 2}} {
		if err := s.Reseat(bad, nil, nil); err == nil {
			t.Errorf("seating %v taken", bad)
		}
	}
}

func TestRenameRecolourJoin(t *testing.T) {
	s := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}}, 1)
	if err := s.Rename(1, "ann"); err == nil {
		t.Fatal("a second Ann was taken")
	}
	if err := s.Rename(1, "Bea"); err != nil || s.Players[1].Name != "Bea" {
		t.Fatal(err)
	}
	if err := s.Recolour(0, "purple"); err == nil {
		t.Fatal("purple is not a Catan colour")
	}
	if err := s.Recolour(0, "orange"); err != nil || s.ColourOf(0) != "orange" || s.ColourOf(1) != "blue" {
		t.Fatalf("colours %s %s", s.ColourOf(0), s.ColourOf(1))
	}
	if err := s.Join(Player{Name: "Cy"}); err != nil || len(s.Players) != 3 {
		t.Fatal(err)
	}
	if len(s.Table) != 3 || s.Table[0].Text != "Bob is now called Bea" {
		t.Fatalf("notes %v", s.Table)
	}
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"Ann": true,
		"李雷李雷李雷李雷李雷李雷李雷李雷李雷李雷李雷李雷": true, // 24 characters
		"":                              false,
		"   ":                           false,
		"Jo, Al":                        false,
		"Bartholomew Featherstonehaugh": false,
	} {
		if err := CheckName(name); (err == nil) != ok {
			t.Errorf("CheckName(%q) = %v", name, err)
		}
	}
	s := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}}, 1)
	if s.Rename(0, "Jo, Al") == nil || s.Join(Player{Name: "Bartholomew Featherstonehaugh"}) == nil {
		t.Fatal("a name the table cannot hold was taken")
	}
}

// Issue 23: a player who joins while the last seat's turn is on the table
// plays next, where they sit, not a round later.
func TestJoinAfterTheLastSeatPlaysNext(t *testing.T) {
	s := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}}, 1)
	s.StartTurn(Record{Draw: 1, Year: 1, Player: 1})
	s.Current = 0
	if err := s.Join(Player{Name: "Eve"}); err != nil {
		t.Fatal(err)
	}
	if s.Current != 2 {
		t.Fatalf("next is seat %d, want Eve's (2)", s.Current)
	}
	s.NextPlayer()
	if s.Current != 0 {
		t.Fatalf("after Eve comes seat %d, want Ann's", s.Current)
	}
	// Mid-round, the new seat waits for its place.
	s2 := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	s2.StartTurn(Record{Draw: 1, Year: 1, Player: 0})
	s2.Current = 1
	if err := s2.Join(Player{Name: "Eve"}); err != nil || s2.Current != 1 {
		t.Fatalf("mid-round join moved the turn to %d (%v)", s2.Current, err)
	}
}

// A player who leaves keeps their colour where the game still names them
// (the turn they played; a play-test saw "Ann (white)" for red Ann).
func TestLeaverKeepsTheirColour(t *testing.T) {
	s := &State{Players: []Player{{Name: "Ann", Colour: "red"}, {Name: "Bob", Colour: "blue"}, {Name: "Cy", Colour: "white"}}}
	if err := s.Reseat([]int{-1, 0, 1}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.PlayerName(2) + " " + s.ColourOf(2); got != "Ann red" {
		t.Fatalf("the leaver past the table: %q, want Ann red", got)
	}
}

// A question about players that was skipped stays skipped through a seat
// change (a review: "skip" was read as seats, dropped, and asked again).
func TestReseatKeepsASkippedAnswer(t *testing.T) {
	s := &State{Players: []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, Open: &Record{Answers: map[string]string{"over": AnswerSkip, "most": "1"}, Steps: 3}}
	if err := s.Reseat([]int{1, 0, 2}, nil, map[string]QuestionKind{"over": AskPlayers, "most": AskPlayer}); err != nil {
		t.Fatal(err)
	}
	if a := s.Open.Answers; a["over"] != AnswerSkip || a["most"] != "0" || s.Open.Steps != 3 {
		t.Fatalf("after Ann and Bob change seats: %v, steps %d", a, s.Open.Steps)
	}
}

// Issue 36 item 5: colours tried one after another are one note, found by
// its seat, not by its words; the note keeps its seat through a save.
func TestColoursTriedAreOneNote(t *testing.T) {
	s := NewState("t", nil, []Player{{Name: "Ann"}, {Name: "Bob"}}, 1)
	for _, c := range []string{"orange", "white", "green"} {
		if err := s.Recolour(0, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Recolour(1, "orange"); err != nil {
		t.Fatal(err)
	}
	if len(s.Table) != 2 || s.Table[0].Colour != 1 || s.Table[1].Colour != 2 || s.Table[0].Text != "Ann plays green" {
		t.Fatalf("the table's notes: %+v", s.Table)
	}
	data, err := Encode(NewGame(s))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Decode(data)
	if err != nil || len(g.Now.Table) != 2 || g.Now.Table[1].Colour != 2 {
		t.Fatalf("after a save: %+v (%v)", g, err)
	}
}
