package answer

import (
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// Players known to belong in the answer open ticked; unlike a default,
// that is not an answer for `a` to accept.
func TestKnownPlayersOpenTicked(t *testing.T) {
	var in Input
	q := &deck.Question{Kind: deck.AskPlayers, Known: deck.FormatSeats([]int{0, 2})}
	in.Start(q, 3)
	if in.Seats() != deck.FormatSeats([]int{0, 2}) {
		t.Fatalf("ticked %q", in.Seats())
	}
}
