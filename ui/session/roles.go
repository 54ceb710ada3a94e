package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Who is who sends an intent: the host (the laptop at the table), a player
// on a screen of their own, or a viewer. A player is known by name: the
// seat is worked out from the table as it is when each intent comes, so a
// player who changes seats keeps their own turns and questions.
type Who struct {
	Seat int    // the player's seat (from Name when it is set); -1 for the host and viewers
	Name string // the player's name at the table; "" for the host, viewers and Player(seat)
	Host bool   // the host may do everything
}

// TheHost is the laptop at the table.
func TheHost() Who { return Who{Seat: -1, Host: true} }

// Viewer is someone watching: they change nothing.
func Viewer() Who { return Who{Seat: -1} }

// Player is the player in seat, on a screen of their own.
func Player(seat int) Who { return Who{Seat: seat} }

// PlayerNamed is the player called name, wherever they sit; a viewer once
// nobody at the table has that name.
func PlayerNamed(name string) Who { return Who{Seat: -1, Name: name} }

// IsViewer reports whether w only watches.
func (w Who) IsViewer() bool { return !w.Host && w.Seat < 0 }

// whoLocked is w at the table now: a player named is found in their seat.
func (s *Session) whoLocked(w Who) Who {
	if w.Host || w.Name == "" {
		return w
	}
	name := w.Name
	for range 16 { // a player renamed is found under their new name (issue 37 item 8)
		w.Seat = slices.IndexFunc(s.game.Now.Players, func(p deck.Player) bool { return strings.EqualFold(p.Name, name) })
		next, ok := s.renamed[strings.ToLower(name)]
		if w.Seat >= 0 || !ok {
			break
		}
		name = next
	}
	return w
}

// Seated reports whether a player called name sits at the table now,
// under that name or under one the host renamed them to: an SSH user who
// joins by their old name finds their seat.
func (s *Session) Seated(name string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return name != "" && s.whoLocked(PlayerNamed(name)).Seat >= 0
}

// ErrViewer refuses every change from a viewer.
var ErrViewer = errors.New("viewers watch: only players change the game")

// Hand is a session as one view may use it: every change is checked
// against who the view is (the host, a player, a viewer) on the state it
// would change, under the one lock, before it is made.
type Hand struct {
	s   *Session
	who Who
}

// As is the session as who may use it.
func (s *Session) As(who Who) *Hand { return &Hand{s: s, who: who} }

// Who is who uses this hand, in their seat at the table now.
func (h *Hand) Who() Who {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.whoLocked(h.who)
}

// Rules is the session's ruleset.
func (h *Hand) Rules() expansions.Ruleset { return h.s.rules }

// Snapshot is the game as it is now.
func (h *Hand) Snapshot() Snapshot { return h.s.Snapshot() }

// Now is the game's state now.
func (h *Hand) Now() *deck.State { return h.s.Now() }

// Game is a copy of the game with its undo and redo.
func (h *Hand) Game() *deck.Game { return h.s.Game() }

// player refuses the host's rights to nobody and a viewer's changes.
func player(w Who) (host bool, err error) {
	switch {
	case w.Host:
		return true, nil
	case w.IsViewer():
		return false, ErrViewer
	}
	return false, nil
}

// mayDraw checks that w may do the turn's action (draw or roll): the
// player whose turn it is (rules/000: the player whose turn it is rolls),
// on their own screen or the host's.
func mayDraw(st *deck.State, w Who) error {
	if host, err := player(w); host || err != nil {
		return err
	}
	if st.Current == w.Seat {
		return nil
	}
	return fmt.Errorf("it is %s's turn: %s (or the host) plays it", st.PlayerName(st.Current), st.PlayerName(st.Current))
}

// mayWalk checks that w may walk the open turn (accept its defaults): the
// player who drew it.
func mayWalk(st *deck.State, w Who) error {
	if host, err := player(w); host || err != nil {
		return err
	}
	if st.Open != nil && st.Open.Player == w.Seat {
		return nil
	}
	return errors.New("only the player whose turn this is (or the host) walks it")
}

// mayAnswer checks that w may answer q: the host; the player a step
// names; or, for a step of the whole table, the player who drew the turn.
func (s *Session) mayAnswer(st *deck.State, w Who, q deck.Question) error {
	if host, err := player(w); host || err != nil {
		return err
	}
	for _, step := range s.stepsOf(st) {
		if step.Question == nil || step.Question.Key != q.Key {
			continue
		}
		if slices.Contains(step.Players, w.Seat) || len(step.Players) == 0 && st.Open != nil && st.Open.Player == w.Seat {
			return nil
		}
		return fmt.Errorf("this question is for %s (or the host)", askee(step, st))
	}
	return errors.New("no such question open")
}

func askee(step deck.Step, st *deck.State) string {
	if len(step.Players) == 0 {
		if st.Open != nil {
			return st.PlayerName(st.Open.Player)
		}
		return "the host"
	}
	names := make([]string, len(step.Players))
	for i, p := range step.Players {
		names[i] = st.PlayerName(p)
	}
	return deck.JoinNames(names)
}

// mayChangeTable checks that w may change the table itself (seats, names,
// live options, remembered facts, whose turn): only the host.
func mayChangeTable(_ *deck.State, w Who) error {
	if host, err := player(w); host || err != nil {
		return err
	}
	return errors.New("only the host changes the table")
}

// mayStartLocked checks that w may begin action a; see MayStart.
func (s *Session) mayStartLocked(st *deck.State, w Who, a deck.ActionSpec) error {
	if !a.Private {
		return nil
	}
	seat := PrivateSeat(st, a)
	switch {
	case w.IsViewer():
		return ErrViewer
	case w.Host && s.connectedLocked(seat):
		return fmt.Errorf("%s does this on their own screen", st.PlayerName(seat))
	case !w.Host && w.Seat != seat:
		return fmt.Errorf("only %s sees this, on their own screen", st.PlayerName(seat))
	}
	return nil
}

// Act does one action of the ruleset, if who may: the turn's action by the
// player whose turn it is; an action for one player (private or not) by
// that player.
func (h *Hand) Act(a deck.Action, done int) error { return h.act(nil, a, done) }

// ErrMoved refuses an action entered from what the game no longer offers:
// another screen changed the game while it was being chosen.
var ErrMoved = errors.New("the game moved on while you chose: look again")

// ActOn is Act for an action entered on a screen from spec: it is done
// only while the game still offers spec as it was, so a pick or a look
// chosen from a stack another screen has since changed is refused, not
// done to other cards (ErrMoved).
func (h *Hand) ActOn(spec deck.ActionSpec, a deck.Action, done int) error {
	return h.act(&spec, a, done)
}

func (h *Hand) act(entered *deck.ActionSpec, a deck.Action, done int) error {
	s := h.s
	check := func(st *deck.State, w Who) error {
		if entered != nil && !slices.ContainsFunc(s.actionsOf(st), entered.Same) {
			return ErrMoved
		}
		return s.mayActLocked(st, w, a.ID)
	}
	return s.doAs(h.who, check, func(st *deck.State) error {
		if st.Open != nil && st.Open.Steps < done {
			st.Open.Steps = done
		}
		return s.rules.Act(st, a)
	})
}

// Answer answers a question of the open turn, if who may.
func (h *Hand) Answer(q deck.Question, value string) error {
	s := h.s
	return s.doAs(h.who, func(st *deck.State, w Who) error { return s.mayAnswer(st, w, q) },
		func(st *deck.State) error { return s.rules.Answer(st, q, value) })
}

// AcceptDefaults answers every open question with its default, if who
// drew the turn.
func (h *Hand) AcceptDefaults() error {
	s := h.s
	return s.doAs(h.who, mayWalk, func(st *deck.State) error { return s.acceptDefaults(st) })
}

// SetFact changes a remembered fact (the host only).
func (h *Hand) SetFact(q deck.Question, value string) error {
	fk, ok := h.s.rules.(expansions.FactKeeper)
	if !ok {
		return ErrNoFacts
	}
	return h.s.doAs(h.who, mayChangeTable, func(st *deck.State) error { return fk.SetFact(st, q, value) })
}

// Pass gives the turn on (the host only).
func (h *Hand) Pass(next bool) error {
	return h.s.doAs(h.who, mayChangeTable, func(st *deck.State) error { return pass(st, next) })
}

// Reseat moves players to new seats (perm[old] is the new seat, -1
// leaves), noting why, if who hosts. The open turn stays open; it can be
// undone like any change. Answers given on players' own screens name
// seats: they are asked again.
func (h *Hand) Reseat(perm []int, note string) error {
	s := h.s
	return s.doAs(h.who, mayChangeTable, func(st *deck.State) error {
		if err := expansions.Reseat(s.rules, st, perm, note); err != nil {
			return err // refused: what players said stands (issue 36 item 6)
		}
		s.own = ownAnswers{gen: s.own.gen + 1}
		return nil
	})
}

// Join seats a new player, if who hosts.
func (h *Hand) Join(p deck.Player) error {
	s := h.s
	return s.doAs(h.who, mayChangeTable, func(st *deck.State) error {
		if err := expansions.Join(s.rules, st, p); err != nil {
			return err // refused: what players said stands (issue 36 item 6)
		}
		delete(s.renamed, strings.ToLower(p.Name)) // a new player by an old name is themselves
		s.own = ownAnswers{gen: s.own.gen + 1}
		return nil
	})
}

// Rename gives the player in seat a new name, if who hosts. A look open
// on the player's own screen stays theirs.
func (h *Hand) Rename(seat int, name string) error {
	s := h.s
	return s.doAs(h.who, mayChangeTable, func(st *deck.State) error {
		old := st.PlayerName(seat)
		if err := st.Rename(seat, name); err != nil {
			return err
		}
		if what, ok := s.looking[old]; ok {
			delete(s.looking, old)
			s.looking[st.PlayerName(seat)] = what
		}
		if s.renamed == nil {
			s.renamed = map[string]string{}
		}
		s.renamed[strings.ToLower(old)] = st.PlayerName(seat) // their screens keep their seat
		delete(s.renamed, strings.ToLower(st.PlayerName(seat)))
		return nil
	})
}

// Recolour gives a player another colour (the host only).
func (h *Hand) Recolour(seat int, colour string) error {
	return h.s.doAs(h.who, mayChangeTable, func(st *deck.State) error { return st.Recolour(seat, colour) })
}

// SetLive changes a live option (the host only).
func (h *Hand) SetLive(o deck.Option, value string) error {
	s := h.s
	return s.doAs(h.who, mayChangeTable, func(st *deck.State) error {
		st.SetLive(o, value)
		return s.rules.Validate(st)
	})
}

// mayUndoLocked checks that w may take back (or make again) the last
// change: the host any; a player only their own last change, while it is
// still the last.
func (s *Session) mayUndoLocked(w Who, redo bool) error {
	if host, err := player(w); host || err != nil {
		return err
	}
	l := s.last
	// l.at is 0 before this session's first change: a resumed game's last
	// change is nobody's here (the host's to undo).
	if l.at > 0 && l.by.Seat == w.Seat && !l.by.Host && l.at == s.game.Changes() && l.undone == redo {
		return nil
	}
	return errors.New("only your own last change can be taken back here (the host can undo any)")
}

// Undo takes back the last change, if who made it (or hosts); it reports
// whether there was one to take back.
func (h *Hand) Undo() (bool, error) {
	s := h.s
	return s.undoAs(h.who, func(w Who) error { return s.mayUndoLocked(w, false) }, false)
}

// Redo makes the change who took back again, as Undo.
func (h *Hand) Redo() (bool, error) {
	s := h.s
	return s.undoAs(h.who, func(w Who) error { return s.mayUndoLocked(w, true) }, true)
}

// PrivateSeat is the seat a private action is for (a Tournament pick, a
// look into the stack): its player, or else the player whose turn it is.
func PrivateSeat(st *deck.State, a deck.ActionSpec) int {
	switch {
	case a.Player > 0:
		return a.Player - 1
	case st.Open != nil:
		return st.Open.Player
	}
	return st.Current
}

// MayStart checks that who may begin action a, before its entry opens. A
// private action (what the rules keep secret) is done on its player's own
// screen when they have one: the host's screen does not show it; without
// one, the host hands the laptop over. Any other is checked as Act will
// check it (Alchemy is the turn's player's).
func (h *Hand) MayStart(a deck.ActionSpec) error {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.mayBeginLocked(h.s.whoLocked(h.who), a)
}

// Lookers are the players with a private action open on their own
// screens, by name, and what each has open (Session.Lookers).
func (h *Hand) Lookers() (names, what []string) { return h.s.Lookers() }

// Own is what the players have answered on their own screens to the open
// turn's question key (Session.Own).
func (h *Hand) Own(key string) map[int]bool { return h.s.Own(key) }

// Timer is the turn timer now.
func (h *Hand) Timer() Timer { return h.s.Timer() }

// Connected reports whether the player in seat has a screen of their own.
func (h *Hand) Connected(seat int) bool { return h.s.Connected(seat) }

// Views is how many views are attached to the game.
func (h *Hand) Views() int { return h.s.Views() }

// Role is who the hand was given to, as given: a player by name before
// their seat is found (Who finds it).
func (h *Hand) Role() Who { return h.who }
