package serve

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Role says what a session may do at the table.
type Role int

const (
	// Viewer reads the table and changes nothing.
	Viewer Role = iota
	// Player sits in one seat.
	Player
)

// String names the role as the host's screen shows it.
func (r Role) String() string {
	if r == Player {
		return "player"
	}
	return "viewer"
}

// Who is the person behind one SSH session.
type Who struct {
	Seat int    // 0-based seat; -1 for a viewer
	Name string // the seat's name or the viewer's user name, cleaned and cut to show
	Role Role
	// ByNumber: the user name was a seat number, not a player's name.
	ByNumber bool

	// seatName is the seat's whole name as the table has it: a
	// player's key is remembered under it, not under the cut Name.
	seatName string
}

// nameWidth caps a name from outside at this many terminal cells.
const nameWidth = 20

// SafeName makes a name that came from outside fit to show: invalid UTF-8,
// control characters (escape sequences start with one), and invisible
// format characters (bidi overrides, zero-width joiners) go; spaces are
// trimmed; what is left is cut to 20 cells.
func SafeName(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	return ansi.Truncate(s, nameWidth, "…")
}

// WhoIs works out who an SSH user name stands for: a player's whole name
// (compared after case folding, nothing cleaned or cut: two names that
// look alike are two seats), or a seat number from 1, sits in that seat;
// any other name joins as a viewer under its cleaned name ("viewer" when
// nothing is left of it, or when it would read as a player's name).
func WhoIs(user string, seats []string) Who {
	for i, seat := range seats {
		if user != "" && strings.EqualFold(user, seat) {
			return seated(i, seat)
		}
	}
	name := SafeName(user)
	if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(seats) && !strings.HasPrefix(name, "+") {
		w := seated(n-1, seats[n-1])
		w.ByNumber = true
		return w
	}
	for _, seat := range seats {
		if strings.EqualFold(name, SafeName(seat)) {
			name = ""
		}
	}
	if name == "" {
		name = "viewer"
	}
	return Who{Seat: -1, Name: name, Role: Viewer}
}

// seated is the player in seat i, called seat.
func seated(i int, seat string) Who {
	name := SafeName(seat)
	if name == "" {
		name = "seat " + strconv.Itoa(i+1)
	}
	return Who{Seat: i, Name: name, Role: Player, seatName: seat}
}
