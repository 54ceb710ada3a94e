package catan

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// A gate's question about one player's level is that player's: the step
// names them, so they answer on their own screen (issue 30); about several
// it stays the table's.
func TestLevelQuestionAboutOnePlayerIsTheirs(t *testing.T) {
	r, s := ckTurn(t, ckConfig(), EventNone, ck.Trade, 3, 2, false, 0, four...)
	setLevel := func(seat int, v string) {
		t.Helper()
		if err := r.SetFact(s, deck.Question{Key: levelKey(ck.Trade, seat), Kind: deck.AskNumber, Max: ck.MaxLevel, Remember: true}, v); err != nil {
			t.Fatal(err)
		}
	}
	setLevel(0, "3")
	setLevel(1, "0")
	if st := step(t, r.Steps(s), "Trade level"); len(st.Players) != 0 {
		t.Errorf("about Cy and Dee, asked of %v", st.Players)
	}
	setLevel(2, "1")
	st := step(t, r.Steps(s), "Trade level")
	if len(st.Players) != 1 || st.Players[0] != 3 || !strings.HasSuffix(st.Question.Prompt, "(level not known for Dee: f records it)") {
		t.Fatalf("about Dee alone: %+v %+v", st.Players, st.Question)
	}
	answer(t, r, s, st.Question.Key, "0,3")
	if got := step(t, r.Steps(s), "Progress cards").Text; !strings.Contains(got, "Ann and Dee, in that order") {
		t.Errorf("progress: %q", got)
	}
}
