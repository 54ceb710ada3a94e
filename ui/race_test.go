package ui

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Issue 28: a player's screen joined before the host's quick start builds
// its table from the new game while the host builds its own: one state,
// read by two goroutines at once. Its options' parse is made with the
// state, so -race finds nothing here, in every game.
func TestJoinedScreenAndHostBuildTheirTablesAtOnce(t *testing.T) {
	for _, game := range []string{"rivals", "card-game", "catan"} {
		for try := range 10 {
			opts := testOptions(t)
			opts.QuickStart = true
			opts.Setup.Game, opts.Setup.Players = game, []string{"Ann", "Bob"}
			opts.Hub = session.NewHub()
			v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(1), Name: "Bob", Renderer: opts.Renderer, Glyphs: opts.Glyphs})
			v = update(v, sizeMsg(80, 24))
			var wg sync.WaitGroup
			var hostDone atomic.Bool
			wg.Add(1)
			go func() { // the joined screen looks as each change is told
				defer wg.Done()
				for seen := 0; seen < 3; {
					v = update(v, common.ChangedMsg{})
					_ = v.View()
					if hostDone.Load() {
						seen++
					}
				}
			}()
			host, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			host = update(host, sizeMsg(80, 24))
			_ = host.View()
			hostDone.Store(true)
			wg.Wait()
			v.Close()
			if v.sess == nil {
				t.Fatalf("%s, try %d: the joined screen never found the game on the table", game, try)
			}
		}
	}
}
