package session

import (
	"maps"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
)

// Looking marks that who, a player, has a private action open on their own
// screen (a look into the stack, secret picks): what is its label, "" when
// it ends. The other screens say so, so that nobody rolls over it. It ends
// too when the player's last screen leaves.
func (h *Hand) Looking(what string) {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.whoLocked(h.who)
	if w.Host || w.Seat < 0 {
		return
	}
	name := s.game.Now.PlayerName(w.Seat)
	if s.looking[name] == what {
		return
	}
	if what == "" {
		delete(s.looking, name)
	} else {
		if s.looking == nil {
			s.looking = map[string]string{}
		}
		s.looking[name] = what
	}
	s.screens++
	s.pokeLocked()
}

// Lookers are the players with a private action open on their own
// screens, by name, in name order, and what each has open.
func (s *Session) Lookers() (names, what []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range slices.Sorted(maps.Keys(s.looking)) {
		names, what = append(names, n), append(what, s.looking[n])
	}
	return names, what
}

// stopLookingLocked ends the looks of players with no screen left.
func (s *Session) stopLookingLocked() {
	for name := range s.looking {
		seat := slices.IndexFunc(s.game.Now.Players, func(p deck.Player) bool { return p.Name == name })
		if seat < 0 || !s.connectedLocked(seat) {
			delete(s.looking, name)
		}
	}
}
