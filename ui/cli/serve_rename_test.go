package cli

import (
	"testing"

	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
)

// A player the host renamed who joins over SSH by their old name finds
// their seat, not a viewer's (play-test: ssh bob@ after Bob became Robert
// read "You watch this game.").
func TestSSHJoinByAnOldNameFindsTheSeat(t *testing.T) {
	s := loadSession(t, []string{"Ann", "Bob", "Cy"})
	if err := s.As(session.TheHost()).Rename(1, "Robert"); err != nil {
		t.Fatal(err)
	}
	names := namesAt(s)
	role := roleOf("bob", "", serve.WhoIs("bob", names), names)
	if w := s.As(role(s)).Who(); w.Seat != 1 {
		t.Fatalf("bob@ after the rename is %+v; want seat 2", w)
	}
	if w := s.As(roleOf("dee", "", serve.WhoIs("dee", names), names)(s)).Who(); !w.IsViewer() {
		t.Fatalf("dee@ is %+v; want a viewer", w)
	}
}
