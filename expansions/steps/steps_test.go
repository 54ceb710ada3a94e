package steps

import (
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

func table() *deck.State {
	s := deck.NewState("t", nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	s.StartTurn(deck.Record{Draw: 1, Year: 1})
	return s
}

func TestCheck(t *testing.T) {
	for _, tt := range []struct {
		q    deck.Question
		v    string
		good bool
	}{
		{deck.Question{Kind: deck.AskPlayer}, "2", true},
		{deck.Question{Kind: deck.AskPlayer}, "3", false},
		{deck.Question{Kind: deck.AskPlayer}, deck.AnswerNobody, true},
		{deck.Question{Kind: deck.AskPlayers}, "0,2", true},
		{deck.Question{Kind: deck.AskPlayers}, "0,0", false},
		{deck.Question{Kind: deck.AskPlayers}, "5", false},
		{deck.Question{Kind: deck.AskNumber, Max: 60}, "60", true},
		{deck.Question{Kind: deck.AskNumber, Max: 60}, "61", false},
		{deck.Question{Kind: deck.AskNumber}, "999", true},
		{deck.Question{Kind: deck.AskYesNo}, "maybe", false},
		{deck.Question{Kind: deck.AskYesNo}, deck.AnswerSkip, true},
	} {
		if err := Check(tt.q, tt.v, 3); (err == nil) != tt.good {
			t.Errorf("Check(%v, %q) = %v, want good %v", tt.q.Kind, tt.v, err, tt.good)
		}
	}
}

// A set-of-players question: unanswered it asks, answered it gives the
// seats, and the answer is kept in words naming the players.
func TestAskPlayersAndWords(t *testing.T) {
	s := table()
	q := deck.Question{Key: "over", Prompt: "Who holds more than 7 cards?", Topic: "Over the limit"}
	b := New(s)
	if _, ok := b.AskPlayers("Over", "", q); ok || len(b.Steps) != 1 || b.Steps[0].Question.Kind != deck.AskPlayers {
		t.Fatalf("unanswered: %+v", b.Steps)
	}
	if err := Answer(s, *b.Steps[0].Question, "0,2"); err != nil {
		t.Fatal(err)
	}
	b = New(s)
	seats, ok := b.AskPlayers("Over", "", q)
	if !ok || len(seats) != 2 || seats[0] != 0 || seats[1] != 2 {
		t.Fatalf("answered: %v %v", seats, ok)
	}
	if got := s.Open.Said["over"]; got != "Over the limit: Ann and Cy" {
		t.Fatalf("words: %q", got)
	}
	if err := Answer(s, deck.Question{Key: "x", Kind: deck.AskPlayer}, "7"); err == nil {
		t.Fatal("a seat out of range was taken")
	}
}

// A remembered question offers the fact as its default; Holder reads
// nobody as -1.
func TestRememberedDefaultAndHolder(t *testing.T) {
	s := table()
	q := deck.Question{Key: "army", Prompt: "Who holds the Largest Army?", Topic: "Largest Army", Remember: true}
	if err := Answer(s, deck.Question{Key: "army", Kind: deck.AskPlayer, Remember: true}, deck.AnswerNobody); err != nil {
		t.Fatal(err)
	}
	s.StartTurn(deck.Record{Draw: 2, Year: 1})
	b := New(s)
	if _, ok := b.Holder("Army", q); ok || b.Steps[0].Question.Default != deck.AnswerNobody {
		t.Fatalf("default not offered: %+v", b.Steps[0].Question)
	}
	_ = Answer(s, *b.Steps[0].Question, deck.AnswerNobody)
	if seat, ok := New(s).Holder("Army", q); !ok || seat != -1 {
		t.Fatalf("nobody read as %d %v", seat, ok)
	}
	if seats, top := Most([]int{3, 5, 5}); top != 5 || len(seats) != 2 {
		t.Fatalf("Most: %v %d", seats, top)
	}
}
