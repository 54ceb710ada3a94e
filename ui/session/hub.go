package session

import "sync"

// Hub is the table as the screens of other people see it: the session on
// the table now, which changes when the host starts or resumes a game.
// Screens that watch the hub are told of every change to the game on the
// table, and of a new game put on it.
type Hub struct {
	mu       sync.Mutex
	cur      *Session
	watchers map[*watcher]struct{}
	ids      uint64 // the last screen's id (screens.go)
}

type watcher struct {
	role   func(*Session) Who // who the screen's reader is in a game put on the table; nil before one
	notify func()
	detach func() // from the session on the table, nil before one

	id       uint64    // numbers the screens in joining order
	kind     string    // KindSSH, KindPhone; "" for a screen the host does not list
	away     func()    // ends the screen when the host sends it away
	awayOnce sync.Once // a screen is sent away once
}

// NewHub returns an empty table.
func NewHub() *Hub { return &Hub{watchers: map[*watcher]struct{}{}} }

// Publish puts s on the table: every watcher is told, and follows s.
func (h *Hub) Publish(s *Session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cur = s
	for w := range h.watchers {
		if w.detach != nil {
			go w.detach() // waits for the old session's last word to w
		}
		w.detach = s.AttachAs(w.role(s), w.notify)
		go w.notify()
	}
}

// Current is the session on the table, nil before the host starts a game.
func (h *Hub) Current() *Session {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.cur
}

// Watch tells notify, the screen of who, of every change to the game on
// the table and of a new game. stop ends it.
func (h *Hub) Watch(who Who, notify func()) (stop func()) {
	return h.WatchAs(func(*Session) Who { return who }, notify)
}

// WatchAs is Watch for a screen whose reader is worked out again for each
// game put on the table: role says who they are in it (a player who joined
// before the host started the game plays in it). role must not call the
// hub: it is called with the hub locked, with nil before a game is on
// the table (Screens).
func (h *Hub) WatchAs(role func(*Session) Who, notify func()) (stop func()) {
	return h.watch(&watcher{role: role, notify: notify})
}

func (h *Hub) watch(w *watcher) (stop func()) {
	role, notify := w.role, w.notify
	h.mu.Lock()
	h.ids++
	w.id = h.ids
	h.watchers[w] = struct{}{}
	if h.cur != nil {
		w.detach = h.cur.AttachAs(role(h.cur), notify)
	}
	h.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.watchers, w)
			detach := w.detach
			h.mu.Unlock()
			if detach != nil {
				detach()
			}
		})
	}
}

// Watchers counts the screens watching the table.
func (h *Hub) Watchers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.watchers)
}
