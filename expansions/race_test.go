package expansions_test

import (
	"sync"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Issue 28: a published state never changes. Two screens read a new game's
// state and a resumed one's at once (a joined screen and the host building
// their tables): under -race nothing is written, in every game.
func TestTwoScreensReadOneStateAtOnce(t *testing.T) {
	all, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		min, _ := r.Players()
		players := []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}[:min]
		st, err := r.NewGame(nil, players, 3)
		if err != nil {
			t.Fatal(err)
		}
		data, err := deck.Encode(deck.NewGame(st))
		if err != nil {
			t.Fatal(err)
		}
		resumed, err := deck.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []*deck.State{st, resumed.Now} {
			var wg sync.WaitGroup
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_ = r.Steps(s)
					_ = r.Actions(s)
				}()
			}
			wg.Wait()
		}
	}
}
