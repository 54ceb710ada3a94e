package table

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// rights are what this screen's reader may do on the game on show: the
// keys and the help offer only those, and a key refused says why at once.
// They are found with the game on show (refresh), not on every frame. The
// host may do everything (the zero value); the session checks each
// intent again when it comes.
type rights struct {
	main   error   // the main action (draw, roll, a pick)
	answer error   // the question waiting
	walk   error   // accept every default left
	undo   error   // take back the last change
	redo   error   // make it again
	acts   []error // each action on offer, as tableState.actions
}

// act is why the reader may not do the i-th action on offer, nil if they may.
func (r rights) act(i int) error {
	if i >= 0 && i < len(r.acts) {
		return r.acts[i]
	}
	return nil
}

// mayDo is why this screen's reader may not do the action with id, nil if
// they may.
func (s *State) mayDo(id string) error {
	return s.may.act(slices.IndexFunc(s.Actions, func(a deck.ActionSpec) bool { return a.ID == id }))
}

// refusal is why a reader may not do something, as the view says it: its
// Error is the sentence without its first capital and its full stop, as
// the session's own refusals read (the screens add them back).
type refusal string

func (r refusal) Error() string {
	w := strings.TrimSuffix(string(r), ".")
	if w == "" {
		return "not now"
	}
	return strings.ToLower(w[:1]) + w[1:]
}

// rightOf is why the view refuses verb (with the game's action id), nil
// if the reader may, or may later (the key is listed "not now").
func rightOf(v *readout.Readout, verb, id string) error {
	for _, x := range v.Rights {
		if x.Verb == verb && (id == "" || x.ID == id) && !x.May && !x.Later {
			return refusal(x.Why)
		}
	}
	return nil
}

// viewOf reads this screen's reader's view of the game at l's instant, and
// with it what they may do (the readout decides it, for every screen and
// phone alike: issue 36) and who else is looking.
func (m *Model) viewOf(l *session.Look) {
	m.view = readout.OfLook(l)
	v := &m.view
	m.said = nil // what players said on their own screens: ticked on the host's
	switch {
	case v.Own != nil:
		m.said = l.Own(v.Own.Key)
	case v.Ask != nil && v.Ask.Kind == "players":
		m.said = l.Own(v.Ask.Key)
	}
	r := rights{walk: rightOf(v, "accept", ""), undo: rightOf(v, "undo", ""), redo: rightOf(v, "redo", ""),
		answer: rightOf(v, "answer", "")}
	actions := l.Actions()
	r.acts = make([]error, len(actions))
	for i, a := range actions {
		switch {
		case a.Main:
			r.acts[i] = rightOf(v, "draw", a.ID)
			r.main = r.acts[i]
		case a.Private:
			r.acts[i] = rightOf(v, "look", a.ID)
		default:
			r.acts[i] = rightOf(v, "act", a.ID)
		}
	}
	m.may = r
	m.lookers = nil
	for _, line := range v.Lookers {
		m.lookers = append(m.lookers, m.ctx.Styles.Notice.Render(line))
	}
}

// readView reads the reader's view anew: the screens joined changed.
func (m *Model) readView() {
	m.Hand.Look(m.viewOf)
}

// onlyMine unbinds the table's keys that this screen's reader may not use
// now: they leave the footer and the help (play-test: a player was
// offered "x skip question" on another's question).
func (m Model) onlyMine(k *common.TableKeys) {
	if m.who.Host {
		return
	}
	for _, b := range []struct {
		key *key.Binding
		err error
	}{{&k.Draw, m.may.main}, {&k.Undo, m.may.undo}, {&k.Redo, m.may.redo}} {
		if b.err != nil {
			*b.key = key.Binding{}
		}
	}
	if c := m.Clock.shown; c.Left == 0 || m.Me().Seat != c.Player { // only the turn's player pauses their clock
		k.Pause = key.Binding{}
	}
}

// answerKey reports whether km is a key that answers a question.
func answerKey(km tea.KeyMsg, k common.WalkerKeys) bool {
	a := k.Answer
	return key.Matches(km, k.Confirm, k.Skip, k.AcceptAll, a.Digit, a.Yes, a.No, a.Several, a.Backspace)
}

// refusal is why this screen's reader may not answer with km the question
// waiting, "" when they may: on their own screen a player answers their
// own question, y or n (the turn's player may still skip it for the
// table); another's question is theirs.
func (w StepWalker) refusal(km tea.KeyMsg, k common.WalkerKeys) string {
	own := w.ownQuestion() != nil
	switch {
	case !own && w.may.answer == nil && w.may.walk == nil: // every answer key is theirs: no look at the key
		return ""
	case !answerKey(km, k):
		return ""
	case own && (w.may.answer != nil || !key.Matches(km, k.Skip)):
		return "On your screen you answer for yourself: y or n. The host answers for anyone else."
	case w.may.answer != nil:
		return common.Capital(w.may.answer.Error()) + "."
	case key.Matches(km, k.AcceptAll) && w.may.walk != nil:
		return common.Capital(w.may.walk.Error()) + "."
	}
	return ""
}

// onlyMine unbinds the walker's answer keys where this screen's reader
// may not answer: a viewer's screen, another's question; on a player's
// own question y and n are theirs, and x to the turn's player.
func (w StepWalker) onlyMine(k *common.WalkerKeys) {
	own := w.ownQuestion() != nil
	if w.may.walk != nil || own {
		k.AcceptAll = key.Binding{}
	}
	if !w.reader.IsViewer() && !own && w.may.answer == nil {
		return
	}
	a := &k.Answer
	for _, b := range []*key.Binding{&k.Confirm, &a.Digit, &a.Several, &a.Backspace} {
		*b = key.Binding{}
	}
	if !own || w.may.answer != nil {
		k.Skip = key.Binding{}
	}
	if !own {
		a.Yes, a.No = key.Binding{}, key.Binding{}
	}
}
