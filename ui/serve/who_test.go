package serve

import (
	"strings"
	"testing"
)

func TestWhoIs(t *testing.T) {
	seats := []string{"Ann", "Bob", "Émile"}
	for _, tc := range []struct {
		user string
		want Who
	}{
		{"ann", Who{Seat: 0, Name: "Ann", Role: Player}},
		{"BOB", Who{Seat: 1, Name: "Bob", Role: Player}},
		{"émile", Who{Seat: 2, Name: "Émile", Role: Player}},
		{"3", Who{Seat: 2, Name: "Émile", Role: Player}},
		{"0", Who{Seat: -1, Name: "0", Role: Viewer}},
		{"4", Who{Seat: -1, Name: "4", Role: Viewer}},
		{"+1", Who{Seat: -1, Name: "+1", Role: Viewer}},
		{"zed", Who{Seat: -1, Name: "zed", Role: Viewer}},
		{"a\x1bnn", Who{Seat: 0, Name: "Ann", Role: Player}}, // what is left is Ann's name
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
