package session

import (
	"errors"
	"fmt"
	"slices"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// Verb names what a reader asks of the game. The readout's table of
// actions (readout.Verbs) gives each its key, its button and its words.
type Verb uint8

// The verbs a reader may ask for.
const (
	DoNothing   Verb = iota
	DoAct            // a game's action by id: the turn's draw or roll, a pick, Alchemy, a look's end
	DoAnswer         // answer a question of the open turn, by its key, for the table
	DoOwn            // answer a question about each player for oneself: yes or no
	DoAcceptAll      // answer every question left with its remembered default
	DoUndo           // take back the last change
	DoRedo           // make it again
	DoPass           // the turn goes to the next (or previous) player, without a draw
	DoPause          // pause the turn timer on every screen
	DoResume         // resume it
	DoLook           // open a private action on one's own screen (the others wait)
	DoEndLook        // close it without acting
)

// Intent is what one reader asks the game to do: a key on any terminal
// and a tap on a phone both become one, and Hand.Do applies it, checking
// the reader's right under the session's lock (issue 36 item 2).
type Intent struct {
	Do     Verb
	Action string // DoAct, DoLook: the action's id
	// Entered is the action as the screen showed it when its entry
	// opened; the game must still offer exactly it (ErrMoved). nil: the
	// action as the game offers it now.
	Entered *deck.ActionSpec
	Values  []int  // DoAct: the action's inputs
	Key     string // DoAnswer, DoOwn: the question's key
	Value   string // DoAnswer: the answer
	Yes     bool   // DoOwn
	Next    bool   // DoPass: forward
	// Version is the game's version the reader saw (Snapshot.Version),
	// checked when Checked: a draw or an undo asked of a game that has
	// moved since is refused, so a tap twice draws once. A terminal's key
	// acts on the game it shows (an entry is checked by Entered).
	Version uint64
	Checked bool
	// Walked is how many of the open turn's steps the reader was shown:
	// an action closes the open turn as walked. -1: every step (a phone
	// shows them all).
	Walked int
}

// ErrAnswered refuses an answer to a question that is no longer open:
// someone answered it, or the game moved on.
var ErrAnswered = errors.New("that question is no longer open: someone answered it or the game moved on")

// Moved reports whether err says the game moved on while the reader chose
// (a conflict to look again at), not that the reader may not do it.
func Moved(err error) bool {
	return errors.Is(err, ErrMoved) || errors.Is(err, ErrAnswered) || errors.Is(err, ErrQuestionFirst) || errors.Is(err, ErrClosed)
}

// ErrQuestionFirst refuses the turn's draw while a question of the turn
// on show waits.
var ErrQuestionFirst = errors.New("a question of this turn waits: answer or skip it first")

// Do applies in for this hand's reader. changed is false when there was
// nothing to undo or redo, or nothing changed the game (a timer paused, a
// look opened).
func (h *Hand) Do(in Intent) (changed bool, err error) {
	switch in.Do {
	case DoAct:
		return true, h.doAct(in)
	case DoAnswer:
		return true, h.answerKey(in.Key, in.Value)
	case DoOwn:
		q, err := h.openQuestion(in.Key)
		if err != nil {
			return false, err
		}
		return true, h.AnswerOwn(q, in.Yes)
	case DoAcceptAll:
		return true, h.AcceptDefaults()
	case DoUndo, DoRedo:
		redo := in.Do == DoRedo
		s := h.s
		return s.undoAs(h.who, func(w Who) error {
			if in.Checked && in.Version != s.game.Changes() {
				return ErrMoved
			}
			return s.mayUndoLocked(w, redo)
		}, redo)
	case DoPass:
		return true, h.Pass(in.Next)
	case DoPause:
		return false, h.PauseTimer()
	case DoResume:
		return false, h.ResumeTimer()
	case DoLook, DoEndLook:
		return false, h.look(in)
	}
	return false, errors.New("nothing asked")
}

// doAct does the game's action in.Action, if the reader may: an action
// entered from a spec only while the game offers it as it was; the turn's
// draw only on the game the reader saw, and not over a question waiting.
func (h *Hand) doAct(in Intent) error {
	s := h.s
	private := false
	check := func(st *deck.State, w Who) error {
		actions := s.actionsOf(st)
		i := slices.IndexFunc(actions, func(a deck.ActionSpec) bool { return a.ID == in.Action })
		switch {
		case in.Entered != nil && !slices.ContainsFunc(actions, in.Entered.Same):
			return ErrMoved
		case i < 0:
			return ErrMoved
		case in.Checked && in.Version != s.game.Changes():
			return ErrMoved
		case actions[i].Main && !actions[i].Private && FirstOpen(s.stepsOf(st), st.Open) != nil:
			return ErrQuestionFirst
		}
		private = actions[i].Private
		return s.mayActLocked(st, w, in.Action)
	}
	err := s.doAs(h.who, check, func(st *deck.State) error {
		walked := in.Walked
		if walked < 0 {
			walked = len(s.stepsOf(st))
		}
		if st.Open != nil && st.Open.Steps < walked {
			st.Open.Steps = walked
		}
		return s.rules.Act(st, deck.Action{ID: in.Action, Values: in.Values})
	})
	if err == nil && private {
		h.Looking("") // done: the look closes with it
	}
	return err
}

// answerKey answers the open question with key, whichever it is: the
// questions the table asks several readers at once are answered in any
// order (issue 37 item 1).
func (h *Hand) answerKey(key, value string) error {
	s := h.s
	var q deck.Question
	check := func(st *deck.State, w Who) error {
		found, err := openQuestionOf(s.rules, st, key)
		if err != nil {
			return err
		}
		q = found
		return s.mayAnswer(st, w, q)
	}
	return s.doAs(h.who, check, func(st *deck.State) error { return s.rules.Answer(st, q, value) })
}

// openQuestion is the open turn's unanswered question with key now.
func (h *Hand) openQuestion(key string) (deck.Question, error) {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return openQuestionOf(h.s.rules, h.s.game.Now, key)
}

func openQuestionOf(rules expansions.Ruleset, st *deck.State, key string) (deck.Question, error) {
	if st.Open == nil {
		return deck.Question{}, ErrAnswered
	}
	for _, step := range rules.Steps(st) {
		q := step.Question
		if q == nil || q.Key != key {
			continue
		}
		if _, done := st.Open.Answers[key]; done {
			return deck.Question{}, ErrAnswered
		}
		return *q, nil
	}
	return deck.Question{}, ErrAnswered
}

// look opens or closes the reader's own private action in.Action on their
// own screen: only its player may (the host hands the laptop over instead).
func (h *Hand) look(in Intent) error {
	if in.Do == DoEndLook {
		h.Looking("")
		return nil
	}
	s := h.s
	s.mu.Lock()
	w, st := s.whoLocked(h.who), s.game.Now
	var spec *deck.ActionSpec
	for _, a := range s.actionsOf(st) {
		if a.ID == in.Action && a.Private {
			spec = &a
			break
		}
	}
	var err error
	switch {
	case spec == nil:
		err = ErrMoved
	case w.Host:
		err = fmt.Errorf("the host hands the laptop to %s for this", st.PlayerName(PrivateSeat(st, *spec)))
	default:
		err = s.mayBeginLocked(w, *spec)
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	h.Looking(in.Action)
	return nil
}
