package session

import "sync"

// Attach adds a view: notify is called, on a goroutine of the view's own,
// after the game changes; several changes in a row may be told once. It
// returns detach, which stops the calls. notify may block (a Bubble Tea
// program's Send does) without holding up the session or other views.
func (s *Session) Attach(notify func()) (detach func()) {
	return s.AttachAs(TheHost(), notify)
}

// AttachAs adds a view, as Attach, for who: a player's own screen makes
// them connected (Connected). Every view is told when a player's screen
// comes or goes: "Ann is picking on their own screen…" holds only while
// it is there.
func (s *Session) AttachAs(who Who, notify func()) (detach func()) {
	v := &view{ch: make(chan struct{}, 1), done: make(chan struct{}), who: who}
	go v.run(notify)
	s.mu.Lock()
	s.views[v] = struct{}{}
	s.screensLocked(who)
	s.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			delete(s.views, v)
			s.stopLookingLocked()
			s.screensLocked(who)
			s.mu.Unlock()
			close(v.ch)
			<-v.done
		})
	}
}

// screensLocked tells every view that who's screen came or went, when who
// is a player: who is connected has changed.
func (s *Session) screensLocked(who Who) {
	if !who.Host && (who.Seat >= 0 || who.Name != "") {
		s.screens++
		s.pokeLocked()
	}
}

// Views is how many views are attached.
func (s *Session) Views() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.views)
}

// view is one attached view: a one-slot mailbox, so a slow view is told
// once of many changes and never holds up the session.
type view struct {
	ch   chan struct{}
	done chan struct{}
	who  Who
}

// Connected reports whether the player in seat has a screen of their own
// attached.
func (s *Session) Connected(seat int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connectedLocked(seat)
}

func (s *Session) connectedLocked(seat int) bool {
	for v := range s.views {
		if w := s.whoLocked(v.who); !w.Host && w.Seat == seat && seat >= 0 {
			return true
		}
	}
	return false
}

func (v *view) poke() {
	select {
	case v.ch <- struct{}{}:
	default: // already told; it will look at the newest state
	}
}

func (v *view) run(notify func()) {
	defer close(v.done)
	for range v.ch {
		notify()
	}
}
