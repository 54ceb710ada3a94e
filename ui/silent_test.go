package ui

import (
	"testing"

	"github.com/eventdeck/eventdeck/ui/session"
)

// Issue 28: on a player's or a viewer's screen, every key of the table
// that reader may not use says why, at once: before a turn, on a quiet
// turn of another's, and while a question waits.
func TestKeysAReaderMayNotUseSayWhy(t *testing.T) {
	for _, draws := range []int{0, 1} {
		for _, k := range []string{"e", "f", "space", "u", "ctrl+r", "n", "p"} {
			for _, reader := range []int{1, 2} { // Bob, a player not drawing; a viewer
				host, views := servedGame(t, "catan", nil, "Ann", "Bob")
				for range draws {
					host = press(host, "space")
				}
				var m Model
				if reader == 1 {
					m = look(views[1])[0]
				} else {
					m = look(NewView(ViewOptions{Hub: host.opts.Hub, Who: session.Viewer(), Renderer: host.opts.Renderer, Glyphs: host.opts.Glyphs}))[0]
					m = update(m, sizeMsg(80, 24))
					t.Cleanup(m.Close)
				}
				before := view(m)
				if after := view(press(m, k)); after == before {
					t.Errorf("after %d draws, reader %d's %q said nothing:\n%s", draws, reader, k, after)
				}
			}
		}
	}
}
