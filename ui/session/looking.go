package session

import (
	"fmt"
	"maps"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
)

// Looking marks that who, a player, has a private action open on their own
// screen (a look into the stack, secret picks): id is the action's id, ""
// when it ends (an id, not its words: issue 36 item 5). The other screens say so, so that nobody rolls over it. It ends
// too when the player's last screen leaves.
func (h *Hand) Looking(id string) {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.whoLocked(h.who)
	if w.Host || w.Seat < 0 {
		return
	}
	name := s.game.Now.PlayerName(w.Seat)
	if s.looking[name] == id {
		return
	}
	if id == "" {
		delete(s.looking, name)
	} else {
		if s.looking == nil {
			s.looking = map[string]string{}
		}
		s.looking[name] = id
	}
	s.screens++
	s.pokeLocked()
}

// Lookers are the players with a private action open on their own
// screens, by name, in name order, and the words of what each has open.
func (s *Session) Lookers() (names, what []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	names, ids := s.lookersLocked()
	for _, id := range ids {
		what = append(what, s.labelLocked(id))
	}
	return names, what
}

// labelLocked is the words of the game's action id now ("great
// foresight"), the id itself once the game no longer offers it.
func (s *Session) labelLocked(id string) string {
	for _, a := range s.actionsOf(s.game.Now) {
		if a.ID == id {
			return a.Label
		}
	}
	return id
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

// HeldError refuses an action while a player has a look or a pick open on
// their own screen: the table waits for them.
type HeldError struct {
	Name string // the player looking
	What string // what they have open ("great foresight")
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("the table waits while %s looks on their own screen (%s)", e.Name, e.What)
}

// heldLocked is why the turn is held now, nil when nobody is looking: the
// first looker by name.
func (s *Session) heldLocked() error {
	if len(s.looking) == 0 {
		return nil
	}
	name := slices.Min(slices.Collect(maps.Keys(s.looking)))
	return &HeldError{Name: name, What: s.labelLocked(s.looking[name])}
}

// EndLook ends the look or pick name has open on their own screen, if who
// hosts: their phone or laptop went away and the table goes on. Their
// screen, if it is still there, closes the look.
func (h *Hand) EndLook(name string) error {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := mayChangeTable(nil, s.whoLocked(h.who)); err != nil {
		return err
	}
	if _, ok := s.looking[name]; !ok {
		return fmt.Errorf("%s has nothing open", name)
	}
	delete(s.looking, name)
	s.screens++
	s.pokeLocked()
	return nil
}

// IsLooking reports whether who, a player, has a look or pick open on
// their own screen as the session knows it (the host may have ended it).
func (h *Hand) IsLooking() bool {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.whoLocked(h.who)
	if w.Host || w.Seat < 0 {
		return false
	}
	_, ok := s.looking[s.game.Now.PlayerName(w.Seat)]
	return ok
}
