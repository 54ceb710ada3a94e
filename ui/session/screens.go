package session

import "slices"

// Kinds of screens that join the table through the hub.
const (
	KindSSH   = "ssh"   // a terminal over SSH (eventdeck serve)
	KindPhone = "phone" // a phone's browser (the phone page)
)

// Screen is one screen joined at the table through the hub: how it joined
// and who reads it in the game on the table now.
type Screen struct {
	ID   uint64
	Kind string // KindSSH or KindPhone
	Who  Who    // its reader in the game on the table (a player found in their seat now)
}

// JoinScreen is WatchAs for a screen of kind that the host can see and
// send away: away is called, once, when the host does (SendAway); the
// screen then ends itself and calls stop. It returns the screen's id.
func (h *Hub) JoinScreen(kind string, role func(*Session) Who, notify, away func()) (id uint64, stop func()) {
	w := &watcher{role: role, notify: notify, kind: kind, away: away}
	stop = h.watch(w)
	return w.id, stop
}

// Screens lists the joined screens in the order they joined, each with its
// reader in the game on the table now (before a game, as their role
// names them).
func (h *Hub) Screens() []Screen {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Screen, 0, len(h.watchers))
	for w := range h.watchers {
		if w.kind == "" {
			continue
		}
		sc := Screen{ID: w.id, Kind: w.kind}
		if h.cur != nil {
			sc.Who = h.cur.As(w.role(h.cur)).Who()
		} else {
			sc.Who = w.role(nil)
		}
		out = append(out, sc)
	}
	slices.SortFunc(out, func(a, b Screen) int { return int(a.ID) - int(b.ID) })
	return out
}

// SendAway ends the joined screen id (the host saw it go astray): its away
// is called on a goroutine of its own. It reports whether it was there.
func (h *Hub) SendAway(id uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for w := range h.watchers {
		if w.id == id && w.kind != "" {
			if w.away != nil {
				w.awayOnce.Do(func() { go w.away() })
			}
			return true
		}
	}
	return false
}
