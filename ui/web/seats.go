package web

import (
	"strings"
	"sync"

	"github.com/eventdeck/eventdeck/ui/session"
)

// seatBook keeps the phones' streams open now, by their screen's id on
// the hub, and which of them another phone replaced in its seat: that
// phone is told so, not that the host sent it away (issue 37 item 8).
type seatBook struct {
	mu   sync.Mutex
	open map[uint64]bool // true: replaced by another phone
}

func (b *seatBook) add(id uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.open == nil {
		b.open = map[uint64]bool{}
	}
	b.open[id] = false
}

func (b *seatBook) remove(id uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.open, id)
}

func (b *seatBook) has(id uint64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.open[id]
	return ok
}

// replace marks the phone id as replaced in its seat.
func (b *seatBook) replace(id uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.open[id]; ok {
		b.open[id] = true
	}
}

// whyAway is the event a phone sent away reads: "replaced" when another
// phone took its seat, else "away" (the host sent it).
func (b *seatBook) whyAway(id uint64) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.open[id] {
		return "replaced"
	}
	return "away"
}

// phonesIn are the phones following the game now as the player seat
// names (a rename on the host keeps them in it).
func (s *Server) phonesIn(seat string) []uint64 {
	var ids []uint64
	for _, sc := range s.cfg.Hub.Screens() {
		if sc.Kind != session.KindPhone || !s.book.has(sc.ID) || sc.Who.Host || sc.Who.Seat < 0 && sc.Who.Name == "" {
			continue
		}
		name := sc.Who.Name
		if cur := s.cfg.Hub.Current(); cur != nil && sc.Who.Seat >= 0 {
			name = cur.Now().PlayerName(sc.Who.Seat)
		}
		if strings.EqualFold(name, seat) {
			ids = append(ids, sc.ID)
		}
	}
	return ids
}

// takenText asks before a phone takes a seat another phone holds.
func takenText(seat string) string {
	return seat + "'s seat is on another phone: take it?"
}
