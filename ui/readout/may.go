package readout

import (
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// mayDo finds what the reader may do now, each by the session's own
// check (a viewer's are all refused): the turn's action, the question waiting (or their own), their
// private pick or look, undo.
func (r *Readout) mayDo(h *session.Hand, st *deck.State, me session.Who, shown bool, steps []deck.Step) {
	r.May.Undo = h.MayUndo(false) == nil
	wait := Waiting(steps, st.Open, me)
	actions := h.Rules().Actions(st)
	for _, a := range actions {
		if a.Private {
			r.private(h, st, me, a)
		}
	}
	if wait >= 0 {
		r.question(h, st, me, steps[wait])
		return
	}
	if main, ok := expansions.Main(actions); ok && !main.Private && h.MayStart(main) == nil {
		r.May.Draw = &Action{ID: main.ID, Label: Capital(main.Label), Help: main.Help}
	}
	if main, ok := expansions.Main(actions); ok && shown && !main.Private {
		r.TurnDone = "Turn done. " + st.PlayerName(st.Current) + " " + Says(main.Label) + " next."
	}
}

// question is the step waiting as the reader may answer it: a question
// about each player is theirs to answer for themselves ("Do you…?");
// another's question says whose it is.
func (r *Readout) question(h *session.Hand, st *deck.State, me session.Who, step deck.Step) {
	q := step.Question
	said := h.Own(q.Key)
	r.Said = SaidLine(st, said)
	if OwnQuestion(step, me) != nil {
		own := &Own{Key: q.Key, Prompt: q.Own}
		var answered, waiting []string
		for seat := range st.Players {
			if _, ok := said[seat]; ok {
				answered = append(answered, st.PlayerName(seat))
			} else {
				waiting = append(waiting, st.PlayerName(seat))
			}
		}
		if yes, ok := said[me.Seat]; ok {
			own.Said = yesNo(yes)
			own.Waiting = deck.JoinNames(waiting) + " (or the host)"
		}
		if len(answered) > 0 {
			own.Answered = deck.JoinNames(answered)
		}
		r.Own = own
		return
	}
	r.Ask = &Ask{Key: q.Key, Prompt: q.Prompt, Step: step.Title, Text: step.Text, Kind: questionKinds[q.Kind], Max: q.Max,
		Default: q.Default, Known: q.Known}
	if q.Default != "" {
		r.Ask.Offer = q.ValueText(q.Default, st.Players)
	}
	if err := h.MayAnswer(*q); err != nil {
		if !me.IsViewer() { // a viewer is told once that they watch
			r.May.Why = Capital(err.Error()) + "."
		}
		return
	}
	r.May.Answer = true
}

// private offers the reader their own private action a, if the session
// lets them begin it; its inputs, which show what only they may see,
// only while they have it open (Hand.Looking). Nobody else's readout
// holds anything of it.
func (r *Readout) private(h *session.Hand, st *deck.State, me session.Who, a deck.ActionSpec) {
	if me.Host || session.PrivateSeat(st, a) != me.Seat || h.MayStart(a) != nil {
		return
	}
	p := &Private{Action: Action{ID: a.ID, Label: Capital(a.Label), Help: a.Help, Main: a.Main}}
	names, what := h.Lookers()
	for i, n := range names {
		if n == st.PlayerName(me.Seat) && what[i] == a.Label {
			p.Open = true
		}
	}
	if p.Open {
		for _, in := range a.Inputs {
			p.Inputs = append(p.Inputs, Input{Prompt: in.Prompt, Kind: inputKinds[in.Kind], Min: in.Min, Max: in.Max,
				Choices: in.Choices, Limits: in.Limits})
		}
	}
	r.Private = append(r.Private, *p)
}

// lookers say who else has a private action open on their own screen.
func (r *Readout) lookers(h *session.Hand, st *deck.State, me session.Who) {
	names, what := h.Lookers()
	r.Lookers = LookerLines(st, me, names, what)
}

// Capital is s with its first letter in capitals, as a line begins.
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Says puts an action's label after a player's name: "rolls", "draws",
// "types the dice" (the first word takes the s).
func Says(label string) string {
	verb, rest, _ := strings.Cut(label, " ")
	switch {
	case verb == "":
		return label
	case strings.HasSuffix(verb, "s"), strings.HasSuffix(verb, "sh"), strings.HasSuffix(verb, "ch"), strings.HasSuffix(verb, "x"):
		verb += "es"
	default:
		verb += "s"
	}
	if rest != "" {
		return verb + " " + rest
	}
	return verb
}
