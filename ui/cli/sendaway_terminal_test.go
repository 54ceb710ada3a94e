package cli

import (
	"testing"

	"github.com/eventdeck/eventdeck/ui"
)

// TestServeSendsAScreenAwayWithOpenSSH: Bob and a viewer join eventdeck
// serve with the real OpenSSH client; the host's players screen lists each
// screen and how it joined, and x, y send Bob's away: his terminal is
// given back with one line saying so, the viewer's stays.
func TestServeSendsAScreenAwayWithOpenSSH(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	st.host("--players Ann,Bob --seed 5")
	st.waitFor("t:host", "code 424242")
	st.joinWithCode("bob", "bob")
	st.waitFor("t:bob", "Ann draws the first card")
	st.joinWithCode("viewer", "grandma")
	st.waitFor("t:viewer", "Ann draws the first card")
	st.waitFor("t:host", "2 screens")

	st.keys("t:host", "e")
	st.waitFor("t:host", "1 Bob — ssh · 2 watching — ssh")
	st.keys("t:host", "x")
	st.waitFor("t:host", "Send Bob — ssh away?")
	st.keys("t:host", "y")
	st.waitFor("t:host", "Sent away: Bob — ssh.")
	st.terminalGivenBack("t:bob", ui.SentAway)
	st.waitFor("t:host", "1 watching — ssh")
	st.keys("t:viewer", "h") // the viewer's screen still answers
	st.waitFor("t:viewer", "History")
}
