package table

import (
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// State is the game as the table shows it, shared by the table's
// components: the table refreshes it from the session after every change;
// the number, the step walker and the action entry only read it.
type State struct {
	ctx     *common.Context
	cache   *tableCache        // what the table keeps rendered
	Rules   expansions.Ruleset // the game's rules
	Snap    session.Snapshot   // the game as this view shows it
	Turn    deck.Turn          // the turn on show
	Shown   bool               // a turn is on show
	Steps   []deck.Step        // the open turn's steps
	Actions []deck.ActionSpec  // the actions on offer
	// said is what players said on their own screens to the open question,
	// by seat; reader is who reads this screen, in their seat now
	// (eventdeck serve); remote marks another's screen. All three are
	// found when the game on show changes, not on every frame.
	said   map[int]bool
	reader session.Who
	Remote bool   // another's screen (eventdeck serve)
	may    rights // what reader may do now (rights.go), from view
	// view is the reader's one view of the game (readout), read with the
	// snapshot on show: the ready line, the turn done, the own question's
	// hint and what the reader may do all come from it.
	view readout.Readout
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

// loadLook takes the game at l's instant as the game on show, with what
// the rules say of it as the session keeps it for every reader (the
// steps and actions are shared: never changed here).
func (s *State) loadLook(l *session.Look) {
	s.Snap = l.Snapshot()
	s.Turn, s.Shown = l.Turn()
	s.Steps = l.Steps()
	s.Actions = l.Actions()
}

// Now is the game's state as the table shows it.
func (s *State) Now() *deck.State { return s.Snap.State }

// mainAction is the action of a quiet turn (draw, roll).
func (s *State) mainAction() (deck.ActionSpec, bool) { return expansions.Main(s.Actions) }

// questionIndex is the step of the first question not yet answered, or -1.
func (s *State) questionIndex() int {
	return readout.Waiting(s.Steps, s.Now().Open, s.reader)
}

// Question is the question the turn waits for, or nil.
func (s *State) Question() *deck.Question {
	if i := s.questionIndex(); i >= 0 {
		return s.Steps[i].Question
	}
	return nil
}

// Resolving reports whether the open turn still waits for an answer.
func (s *State) Resolving() bool { return s.Shown && s.Question() != nil }

// defaultsLeft counts the questions left in the turn that have a default.
func (s *State) defaultsLeft() int {
	n := 0
	o := s.Now().Open
	for _, st := range s.Steps {
		if q := st.Question; q != nil && q.Default != "" {
			if _, ok := o.Answers[q.Key]; !ok {
				n++
			}
		}
	}
	return n
}

// actionFor is the game's action whose key km is, if any.
func (s *State) actionFor(k string) (deck.ActionSpec, bool) {
	for _, a := range s.Actions {
		if a.Key != "" && k == a.Key {
			return a, true
		}
	}
	return deck.ActionSpec{}, false
}
