package rivals

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/eventdeck/eventdeck/deck"
)

// The cards are read when a game first needs them; a file that is missing
// stops New, and one that is wrong stops every game and every check.
func TestCardFileReadWhenFirstNeeded(t *testing.T) {
	if _, err := New(fstest.MapFS{}); err == nil {
		t.Fatal("New without a card file: no error")
	}
	noYule := "set,event,title,copies,half_moon,text\nbasic,invention,Invention,1,0,x\n"
	r, err := New(fstest.MapFS{CardsFile: &fstest.MapFile{Data: []byte(noYule)}})
	if err != nil {
		t.Fatalf("New read the rows before a game needed them: %v", err)
	}
	players := []deck.Player{{Name: "Ann"}, {Name: "Bob"}}
	if _, err := r.NewGame(nil, players, 1); err == nil || !strings.Contains(err.Error(), "no Yule card") {
		t.Fatalf("NewGame on a file without Yule: %v", err)
	}
	good := load(t)
	s := game(t, good, nil, 1)
	if err := r.Validate(s); err == nil {
		t.Fatal("Validate with a card file without Yule: no error")
	}
	if err := good.Validate(s); err != nil {
		t.Fatalf("Validate: %v", err)
	}
}
