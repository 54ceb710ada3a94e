package ui

import (
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// tableState is the game as the table shows it, shared by the table's
// components: the table refreshes it from the session after every change;
// the number, the step walker and the action entry only read it.
type tableState struct {
	ctx     *Context
	cache   *tableCache // what the table keeps rendered
	rules   expansions.Ruleset
	snap    session.Snapshot  // the game as this view shows it
	turn    deck.Turn         // the turn on show
	shown   bool              // a turn is on show
	steps   []deck.Step       // the open turn's steps
	actions []deck.ActionSpec // the actions on offer
	// said is what players said on their own screens to the open question,
	// by seat; reader is who reads this screen, in their seat now
	// (eventdeck serve); remote marks another's screen. All three are
	// found when the game on show changes, not on every frame.
	said   map[int]bool
	reader session.Who
	remote bool
	may    rights // what reader may do now (rights.go)
	// looking is the private action this screen told the session its
	// reader has open on their own screen ("" for none); lookers are the
	// others' (looking.go).
	looking string
	lookers []string
	// ending is the player whose look the host's next space ends, after
	// a space refused because of it ("" for none).
	ending string
	// heldErr marks that the error on show says the table waits for a look.
	heldErr bool
}

// load takes the session's snapshot as the game on show.
func (s *tableState) load(snap session.Snapshot) {
	s.snap = snap
	s.turn, s.shown = s.rules.Turn(s.now(), -1)
	s.steps = s.rules.Steps(s.now())
	s.actions = s.rules.Actions(s.now())
}

// now is the game's state as the table shows it.
func (s *tableState) now() *deck.State { return s.snap.State }

// mainAction is the action of a quiet turn (draw, roll).
func (s *tableState) mainAction() (deck.ActionSpec, bool) { return expansions.Main(s.actions) }

// questionIndex is the step of the first question not yet answered, or -1.
func (s *tableState) questionIndex() int {
	return readout.Waiting(s.steps, s.now().Open, s.reader)
}

// question is the question the turn waits for, or nil.
func (s *tableState) question() *deck.Question {
	if i := s.questionIndex(); i >= 0 {
		return s.steps[i].Question
	}
	return nil
}

// resolving reports whether the open turn still waits for an answer.
func (s *tableState) resolving() bool { return s.shown && s.question() != nil }

// defaultsLeft counts the questions left in the turn that have a default.
func (s *tableState) defaultsLeft() int {
	n := 0
	o := s.now().Open
	for _, st := range s.steps {
		if q := st.Question; q != nil && q.Default != "" {
			if _, ok := o.Answers[q.Key]; !ok {
				n++
			}
		}
	}
	return n
}

// actionFor is the game's action whose key km is, if any.
func (s *tableState) actionFor(k string) (deck.ActionSpec, bool) {
	for _, a := range s.actions {
		if a.Key != "" && k == a.Key {
			return a, true
		}
	}
	return deck.ActionSpec{}, false
}
