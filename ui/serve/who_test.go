package serve

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

func TestWhoIs(t *testing.T) {
	seats := []string{"Ann", "Bob", "Émile"}
	for _, tc := range []struct {
		user string
		want Who
	}{
		{"ann", Who{Seat: 0, Name: "Ann", Role: Player, seatName: "Ann"}},
		{"BOB", Who{Seat: 1, Name: "Bob", Role: Player, seatName: "Bob"}},
		{"émile", Who{Seat: 2, Name: "Émile", Role: Player, seatName: "Émile"}},
		{"3", Who{Seat: 2, Name: "Émile", Role: Player, seatName: "Émile", ByNumber: true}},
		{"0", Who{Seat: -1, Name: "0", Role: Viewer}},
		{"4", Who{Seat: -1, Name: "4", Role: Viewer}},
		{"+1", Who{Seat: -1, Name: "+1", Role: Viewer}},
		{"zed", Who{Seat: -1, Name: "zed", Role: Viewer}},
		// Only a player's whole name sits in the seat; what cleans to a
		// player's name would pass for them, so it is not shown.
		{"a\x1bnn", Who{Seat: -1, Name: "viewer", Role: Viewer}},
		{"ann\u200b", Who{Seat: -1, Name: "viewer", Role: Viewer}},
		{"\x1b\x07", Who{Seat: -1, Name: "viewer", Role: Viewer}},
		{"", Who{Seat: -1, Name: "viewer", Role: Viewer}},
	} {
		if got := WhoIs(tc.user, seats); got != tc.want {
			t.Errorf("WhoIs(%q) = %+v, want %+v", tc.user, got, tc.want)
		}
	}
}

func TestSafeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{"  Ann \t Lee\n", "Ann Lee"},
		{"a\x1b[31mb", "a[31mb"},
		{"x\u202eevil\u200b", "xevil"},
		{"\xff\xfeok", "ok"},
		{"a\u0085b\u009bc", "abc"}, // C1 controls, the 8-bit CSI among them
		{strings.Repeat("w", 100), strings.Repeat("w", 19) + "…"},
		{strings.Repeat("界", 30), strings.Repeat("界", 9) + "…"},
	} {
		if got := SafeName(tc.in); got != tc.want {
			t.Errorf("SafeName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Issue 25 review: a name is matched whole, never by what is left of it
// once cleaned and cut to show.
func TestWhoIsMatchesWholeNamesAndCutsOnlyToShow(t *testing.T) {
	long := "Alexandria-Konstantinova" // 24 characters, deck.MaxName
	longer := "Alexandria-Konstantinovb"
	seats := []string{"Ann", "Ann\u200b", long, longer, "\u2060"}
	for _, tc := range []struct {
		user string
		seat int
		name string
	}{
		{"ANN", 0, "Ann"},
		{"ann\u200b", 1, "Ann"}, // looks like Ann, sits in seat 2
		{"2", 1, "Ann"},
		{"alexandria-konstantinova", 2, "Alexandria-Konstant…"},
		{longer, 3, "Alexandria-Konstant…"},
		{"Alexandria-Konstant…", -1, "viewer"},
		{"Alexandria-Konstantinov", -1, "viewer"}, // it would show as they do
		{"\u2060", 4, "seat 5"},                   // nothing left to show of the name
	} {
		got := WhoIs(tc.user, seats)
		if got.Seat != tc.seat || got.Name != tc.name {
			t.Errorf("WhoIs(%q) = seat %d %q, want seat %d %q", tc.user, got.Seat+1, got.Name, tc.seat+1, tc.name)
		}
		if got.Seat >= 0 && got.seatName != seats[got.Seat] {
			t.Errorf("WhoIs(%q) keeps keys under %q, not the seat's %q", tc.user, got.seatName, seats[got.Seat])
		}
	}
}

// Two seats whose names show alike, one look-alike and two long ones cut
// to the same 20 cells, each keep their own key, across serves too.
func TestLookAlikeSeatsKeepTheirOwnKeys(t *testing.T) {
	seats := []string{"Ann", "Ann\u200b", "Alexandria-Konstantinova", "Alexandria-Konstantinovb"}
	dir := t.TempDir()
	cfg := Config{StateDir: dir, Seats: func() []string { return seats }}
	s := startServer(t, cfg)
	keys := make([]gossh.AuthMethod, len(seats))
	for i := range seats {
		keys[i] = gossh.PublicKeys(newKey(t))
		_, sc := join(t, s, strconv.Itoa(i+1), keys[i], gossh.Password(testCode))
		sc.waitFor(t, fmt.Sprintf("in seat %d key=true", i+1))
	}
	cfg.JoinCode = "999999"
	next := startServer(t, cfg)
	for _, srv := range []*Server{s, next} {
		for i, seat := range seats {
			for j := range seats {
				c, err := dial(srv, seat, keys[j])
				if i == j && err != nil {
					t.Errorf("seat %d's own key: %v", i+1, err)
				}
				if i != j && err == nil {
					t.Errorf("seat %d's key let seat %d (%q) in", j+1, i+1, seat)
				}
				if c != nil {
					c.Close()
				}
			}
		}
	}
}
