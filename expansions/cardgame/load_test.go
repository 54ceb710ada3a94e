package cardgame

import (
	"testing"
	"testing/fstest"
)

// The card list is read when a game first needs it; a file that is missing
// stops New, and one that is wrong stops every game and every check.
func TestCardListReadWhenFirstNeeded(t *testing.T) {
	if _, err := New(fstest.MapFS{}); err == nil {
		t.Fatal("New without a card file: no error")
	}
	broken := "id,title,theme,copies,text\nplague,Plague,basic,1,x\n" // no Year End, nine cards short
	r, err := New(fstest.MapFS{CardsFile: &fstest.MapFile{Data: []byte(broken)}})
	if err != nil {
		t.Fatalf("New read the rows before a game needed them: %v", err)
	}
	if _, err := r.NewGame(nil, players(), 1); err == nil {
		t.Fatal("NewGame on a broken card list: no error")
	}
	s := newGame(t, newRuleset(t), nil, 1)
	if err := r.Validate(s); err == nil {
		t.Fatal("Validate with a broken card list: no error")
	}
	if len(r.CardTable().Printed) != 0 {
		t.Fatal("a broken card list printed cards")
	}
}
