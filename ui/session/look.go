package session

import (
	"maps"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Look is the session as one reader finds it at one instant: every
// question a view asks of it — the state, who may do what, what players
// said on their own screens, who is looking, the timer — is answered from
// the same state under the one lock, so a screen never offers a key the
// session would then refuse because two reads saw two games (issue 36).
// A Look is only valid inside the function given to Hand.Look.
type Look struct {
	s    *Session
	who  Who
	snap Snapshot
}

// Look runs read with the session as this hand's reader finds it now,
// holding the session's lock: read must not call the session or the Hand.
func (h *Hand) Look(read func(*Look)) {
	s := h.s
	s.mu.RLock() // readers look together; a change waits for them, and they for it
	defer s.mu.RUnlock()
	read(&Look{s: s, who: s.whoLocked(h.who), snap: s.snapshotLocked()})
}

// Steps are the open turn's steps at this instant (kept for the state:
// every reader's look at one state shares them; never change them).
func (l *Look) Steps() []deck.Step { return l.s.stepsOf(l.snap.State) }

// Actions are the actions the game offers at this instant (shared, as
// Steps).
func (l *Look) Actions() []deck.ActionSpec { return l.s.actionsOf(l.snap.State) }

// Turn is the turn on show at this instant (Ruleset.Turn(st, -1)).
func (l *Look) Turn() (deck.Turn, bool) {
	m, done := l.s.memoOf(l.snap.State)
	if m == nil {
		return l.s.rules.Turn(l.snap.State, -1)
	}
	defer done()
	if !m.turnOK {
		m.turn, m.shown = l.s.rules.Turn(l.snap.State, -1)
		m.turnOK = true
	}
	return m.turn, m.shown
}

// Last is what compute finds of the state at this instant, found once for
// every reader (the numbers before the turn on show).
func (l *Look) Last(compute func() []int) []int {
	m, done := l.s.memoOf(l.snap.State)
	if m == nil {
		return compute()
	}
	defer done()
	if !m.lastOK {
		m.last, m.lastOK = compute(), true
	}
	return m.last
}

// Who is the reader, in their seat at the table now.
func (l *Look) Who() Who { return l.who }

// Snapshot is the game at this instant.
func (l *Look) Snapshot() Snapshot { return l.snap }

// State is the game's state at this instant.
func (l *Look) State() *deck.State { return l.snap.State }

// Rules is the session's ruleset.
func (l *Look) Rules() expansions.Ruleset { return l.s.rules }

// MayStart checks that the reader may begin action a (Hand.MayStart).
func (l *Look) MayStart(a deck.ActionSpec) error { return l.s.mayBeginLocked(l.who, a) }

// MayAnswer checks that the reader may answer q for the table.
func (l *Look) MayAnswer(q deck.Question) error { return l.s.mayAnswer(l.snap.State, l.who, q) }

// MayAnswerOwn checks that the reader may answer q for themselves.
func (l *Look) MayAnswerOwn(q deck.Question) error { return l.s.mayAnswerOwnLocked(l.who, q) }

// MayWalk checks that the reader may accept the open turn's defaults.
func (l *Look) MayWalk() error { return mayWalk(l.snap.State, l.who) }

// MayUndo checks that the reader may take back the last change (redo:
// make it again).
func (l *Look) MayUndo(redo bool) error { return l.s.mayUndoLocked(l.who, redo) }

// MayChangeTable checks that the reader may change the table itself
// (seats, names, facts, whose turn): the host only.
func (l *Look) MayChangeTable() error { return mayChangeTable(nil, l.who) }

// MayTime checks that the reader may pause or resume the turn timer.
func (l *Look) MayTime() error { return l.s.mayTimeLocked(l.who) }

// Own is what players said on their own screens to the open turn's
// question key, by seat.
func (l *Look) Own(key string) map[int]bool { return l.s.ownLocked(key) }

// Lookers are the players with a private action open on their own
// screens, by name, and the words of what each has open.
func (l *Look) Lookers() (names, what []string) {
	names, ids := l.s.lookersLocked()
	for _, id := range ids {
		what = append(what, l.s.labelLocked(id))
	}
	return names, what
}

// Looking is the id of the private action the reader has open on their
// own screen, "" for none.
func (l *Look) Looking() string {
	if l.who.Host || l.who.Seat < 0 {
		return ""
	}
	return l.s.looking[l.snap.State.PlayerName(l.who.Seat)]
}

// Timer is the turn timer at this instant.
func (l *Look) Timer() Timer { return l.s.timer.at(l.s.now()) }

// Connected reports whether the player in seat has a screen of their own.
func (l *Look) Connected(seat int) bool { return l.s.connectedLocked(seat) }

// Waiting is the seats asked a question on their own screens now whose
// answer the table waits for: players with a screen of their own that
// the open question is about and who have not answered it there. The
// host's screen says whom it waits for before answering for them.
func (l *Look) Waiting(step deck.Step) []int {
	q := step.Question
	if q == nil || q.Kind != deck.AskPlayers || q.Own == "" {
		return nil
	}
	said := l.s.ownLocked(q.Key)
	var out []int
	for seat := range l.snap.State.Players {
		if _, ok := said[seat]; ok || !l.s.connectedLocked(seat) {
			continue
		}
		if len(step.Players) == 0 || slices.Contains(step.Players, seat) {
			out = append(out, seat)
		}
	}
	return out
}

// NotNowError refuses an action that is the reader's, but that the game
// offers later ("not before the first roll"): a screen lists its key as
// "not now" rather than hiding it.
type NotNowError string

func (e NotNowError) Error() string { return string(e) }

// mayBeginLocked is MayStart's check, with the lock held.
func (s *Session) mayBeginLocked(w Who, a deck.ActionSpec) error {
	st := s.game.Now
	var err error
	if !a.Private {
		err = s.mayActLocked(st, w, a.ID)
	} else {
		err = s.mayStartLocked(st, w, a)
	}
	if err == nil && a.NotNow != "" { // who's it is, but the game offers it later
		return NotNowError(a.NotNow)
	}
	return err
}

// ownLocked is Own with the lock held.
func (s *Session) ownLocked(key string) map[int]bool {
	if s.own.key != key || s.own.turn != s.game.Now.Turns() {
		return nil
	}
	return maps.Clone(s.own.yes)
}

// lookersLocked is Lookers with the lock held.
func (s *Session) lookersLocked() (names, ids []string) {
	for _, n := range slices.Sorted(maps.Keys(s.looking)) {
		names, ids = append(names, n), append(ids, s.looking[n])
	}
	return names, ids
}

// memo is what the rules say of the game's state now, found once for
// every check and every reader while the state stands (states never
// change): six phones and a host reading one draw ask the ruleset once.
type memo struct {
	st                         *deck.State
	steps                      []deck.Step
	actions                    []deck.ActionSpec
	turn                       deck.Turn
	last                       []int
	stepsOK, actionsOK, turnOK bool
	shown, lastOK              bool
}

// memoOf is the memo of st when st is the game now, nil otherwise (a state
// being changed is never kept), held until done is called: readers fill
// it together under the session's read lock. s.mu is held (read or write).
func (s *Session) memoOf(st *deck.State) (m *memo, done func()) {
	if st != s.game.Now {
		return nil, nil
	}
	s.memoMu.Lock()
	if s.memo.st != st {
		s.memo = memo{st: st}
	}
	return &s.memo, s.memoMu.Unlock
}

// stepsOf is rules.Steps(st), kept while st is the game now. s.mu is held.
func (s *Session) stepsOf(st *deck.State) []deck.Step {
	m, done := s.memoOf(st)
	if m == nil {
		return s.rules.Steps(st)
	}
	defer done()
	if !m.stepsOK {
		m.steps, m.stepsOK = s.rules.Steps(st), true
	}
	return m.steps
}

// actionsOf is rules.Actions(st), kept while st is the game now. s.mu is
// held.
func (s *Session) actionsOf(st *deck.State) []deck.ActionSpec {
	m, done := s.memoOf(st)
	if m == nil {
		return s.rules.Actions(st)
	}
	defer done()
	if !m.actionsOK {
		m.actions, m.actionsOK = s.rules.Actions(st), true
	}
	return m.actions
}
