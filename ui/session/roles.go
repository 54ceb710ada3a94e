package session

import (
	"errors"
	"fmt"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Who is who sends an intent: the host (the laptop at the table), a player
// on a screen of their own, or a viewer.
type Who struct {
	Seat int  // the player's seat; -1 for the host and viewers
	Host bool // the host may do everything
}

// TheHost is the laptop at the table.
func TheHost() Who { return Who{Seat: -1, Host: true} }

// Viewer is someone watching: they change nothing.
func Viewer() Who { return Who{Seat: -1} }

// Player is the player in seat, on a screen of their own.
func Player(seat int) Who { return Who{Seat: seat} }

// IsViewer reports whether w only watches.
func (w Who) IsViewer() bool { return !w.Host && w.Seat < 0 }

// ErrViewer refuses every change from a viewer.
var ErrViewer = errors.New("viewers watch: only players change the game")

// Hand is a session as one view may use it: every change is checked
// against who the view is (the host, a player, a viewer) before it is made.
type Hand struct {
	s   *Session
	who Who
}

// As is the session as who may use it.
func (s *Session) As(who Who) *Hand { return &Hand{s: s, who: who} }

// Who is who uses this hand.
func (h *Hand) Who() Who { return h.who }

// Session is the session behind the hand.
func (h *Hand) Session() *Session { return h.s }

// Rules is the session's ruleset.
func (h *Hand) Rules() expansions.Ruleset { return h.s.rules }

// Snapshot is the game as it is now.
func (h *Hand) Snapshot() Snapshot { return h.s.Snapshot() }

// Now is the game's state now.
func (h *Hand) Now() *deck.State { return h.s.Now() }

// Game is a copy of the game with its undo and redo.
func (h *Hand) Game() *deck.Game { return h.s.Game() }

// mayPlay checks that who may take the turn's own steps: draw or roll,
// act, undo. rules/000: the player whose turn it is rolls; on their own
// screen or the host's.
func (h *Hand) mayPlay() error {
	w := h.who
	switch {
	case w.Host:
		return nil
	case w.IsViewer():
		return ErrViewer
	}
	st := h.s.Now()
	if st.Current == w.Seat || st.Open != nil && st.Open.Player == w.Seat && h.open() {
		return nil
	}

	return fmt.Errorf("it is %s's turn: %s (or the host) plays it", st.PlayerName(st.Current), st.PlayerName(st.Current))
}

// open reports whether the open turn still has a question to answer.
func (h *Hand) open() bool {
	st := h.s.Now()
	return FirstOpen(h.s.rules.Steps(st), st.Open) != nil
}

// mayAnswer checks that who may answer q: the host; the player a step
// names; or, for a step of the whole table, the player whose turn it is.
func (h *Hand) mayAnswer(q deck.Question) error {
	w := h.who
	switch {
	case w.Host:
		return nil
	case w.IsViewer():
		return ErrViewer
	}
	st := h.s.Now()
	for _, step := range h.s.rules.Steps(st) {
		if step.Question == nil || step.Question.Key != q.Key {
			continue
		}
		if slices.Contains(step.Players, w.Seat) || len(step.Players) == 0 && st.Open != nil && st.Open.Player == w.Seat {
			return nil
		}
		return fmt.Errorf("this question is for %s (or the host)", h.askee(step, st))
	}
	return errors.New("no such question open")
}

func (h *Hand) askee(step deck.Step, st *deck.State) string {
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

// mayChangeTable checks that who may change the table itself (seats, names,
// live options, remembered facts): only the host.
func (h *Hand) mayChangeTable() error {
	switch {
	case h.who.Host:
		return nil
	case h.who.IsViewer():
		return ErrViewer
	}
	return errors.New("only the host changes the table")
}

// Act does one action of the ruleset, if who may.
func (h *Hand) Act(a deck.Action, done int) error {
	check := h.mayPlay
	for _, spec := range h.s.rules.Actions(h.s.Now()) {
		if spec.ID == a.ID && spec.Private && !h.who.Host {
			check = func() error { return h.MayStart(spec) } // its player, on their own screen
		}
	}
	if err := check(); err != nil {
		return err
	}
	return h.s.Act(a, done)
}

// Answer answers a question of the open turn, if who may.
func (h *Hand) Answer(q deck.Question, value string) error {
	if err := h.mayAnswer(q); err != nil {
		return err
	}
	return h.s.Answer(q, value)
}

// AcceptDefaults answers every open question with its default, if who
// plays the turn.
func (h *Hand) AcceptDefaults() error {
	if err := h.mayPlay(); err != nil {
		return err
	}
	return h.s.AcceptDefaults()
}

// SetFact changes a remembered fact (the host only).
func (h *Hand) SetFact(q deck.Question, value string) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.SetFact(q, value)
}

// Pass gives the turn on (the host only).
func (h *Hand) Pass(next bool) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	h.s.Pass(next)
	return nil
}

// Reseat moves players (the host only).
func (h *Hand) Reseat(perm []int, note string) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.Reseat(perm, note)
}

// Join seats a new player (the host only).
func (h *Hand) Join(p deck.Player) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.Join(p)
}

// Rename renames a player (the host only).
func (h *Hand) Rename(seat int, name string) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.Rename(seat, name)
}

// Recolour gives a player another colour (the host only).
func (h *Hand) Recolour(seat int, colour string) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.Recolour(seat, colour)
}

// SetLive changes a live option (the host only).
func (h *Hand) SetLive(o deck.Option, value string) error {
	if err := h.mayChangeTable(); err != nil {
		return err
	}
	return h.s.SetLive(o, value)
}

// Undo takes back the last change, if who plays the turn (or hosts); it
// reports whether there was one to take back.
func (h *Hand) Undo() (bool, error) {
	if err := h.mayPlay(); err != nil {
		return false, err
	}
	return h.s.Undo(), nil
}

// Redo makes the last undone change again, as Undo.
func (h *Hand) Redo() (bool, error) {
	if err := h.mayPlay(); err != nil {
		return false, err
	}
	return h.s.Redo(), nil
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

// MayStart checks that who may begin action a. A private action (what the
// rules keep secret) is done on its player's own screen when they have
// one: the host's screen does not show it; without one, the host hands
// the laptop over.
func (h *Hand) MayStart(a deck.ActionSpec) error {
	if !a.Private {
		return nil
	}
	st := h.s.Now()
	seat := PrivateSeat(st, a)
	switch {
	case h.who.IsViewer():
		return ErrViewer
	case h.who.Host && h.s.Connected(seat):
		return fmt.Errorf("%s does this on their own screen", st.PlayerName(seat))
	case !h.who.Host && h.who.Seat != seat:
		return fmt.Errorf("only %s sees this, on their own screen", st.PlayerName(seat))
	}
	return nil
}
