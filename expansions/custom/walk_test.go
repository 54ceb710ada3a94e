package custom

import (
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// A question's prompt and topic name the player whose turn it is, as a
// text does.
func TestWalkFillsThePrompt(t *testing.T) {
	s := deck.NewState("catan", nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 1)
	s.StartTurn(deck.Record{Draw: 1, Player: 1})
	c := Card{ID: "toll", Title: "Toll", Steps: []Step{{Text: "{player} asks.", Ask: AskPlayer, Prompt: "Who pays {player}?", Topic: "Paid {player}"}}}
	b := steps.New(s)
	Walk(b, c, 1)
	q := b.Steps[0].Question
	if q == nil || q.Prompt != "Who pays Bob?" || q.Topic != "Paid Bob" || b.Steps[0].Text != "Bob asks." {
		t.Fatalf("step %+v, question %+v", b.Steps[0], q)
	}
}
