package common

import "github.com/eventdeck/eventdeck/ui/session"

// JoinedScreens says who each screen joined through the hub reads and how
// it joined: "Ann — phone", "watching — ssh". The lines are numbered for
// the players screen's send-away.
func JoinedScreens(hub *session.Hub) ([]session.Screen, []string) {
	if hub == nil {
		return nil, nil
	}
	screens := hub.Screens()
	cur := hub.Current()
	lines := make([]string, len(screens))
	for i, sc := range screens {
		name := "watching"
		switch w := sc.Who; {
		case w.Host:
			name = "host"
		case w.Seat >= 0 && cur != nil && w.Seat < len(cur.Now().Players):
			name = cur.Now().PlayerName(w.Seat)
		case w.Name != "" && cur != nil:
			name = w.Name + ", watching" // not at the table now
		case w.Name != "":
			name = w.Name
		}
		lines[i] = name + " — " + sc.Kind
	}
	return screens, lines
}
