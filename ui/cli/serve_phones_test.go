package cli

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/session"
)

// Issue 37 item 8: the host's line counts the phones following the game
// with the screens over SSH ("3 screens" read "0 screens" with three
// phones).
func TestHostsLineCountsPhones(t *testing.T) {
	hub := session.NewHub()
	sess := loadSession(t, loadNames)
	hub.Publish(sess)
	st := &servedTable{sess: sess, srv: serveHub(t, hub)}
	defer st.shutdown(t)
	for _, name := range []string{"Ann", "watch", "watch"} {
		who := session.Viewer()
		if name != "watch" {
			who = session.PlayerNamed(name)
		}
		_, stop := hub.JoinScreen(session.KindPhone, func(*session.Session) session.Who { return who }, func() {}, func() {})
		defer stop()
	}
	if line := servingText(st.srv, "table", hub); !strings.Contains(line, "· 3 screens") {
		t.Fatalf("three phones joined; the host reads:\n%s", line)
	}
}
