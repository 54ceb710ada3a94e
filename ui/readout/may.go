package readout

import (
	"errors"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Right is one thing a reader may ask of the table now, or why not: the
// terminal offers its key and the phone its button only when May, and
// both say Why otherwise. Each is the session's own check, made under the
// same lock as the rest of the readout.
type Right struct {
	Verb  string `json:"verb"`           // a row of Verbs: "draw", "answer", "undo", "act", "look" …
	ID    string `json:"id,omitempty"`   // the game's action, for "draw", "act" and "look"
	Key   string `json:"key,omitempty"`  // the terminal's key
	Label string `json:"label"`          // its words, on a button and in the help
	Help  string `json:"help,omitempty"` // one line on what it does
	May   bool   `json:"may"`
	Why   string `json:"why,omitempty"` // why not, in a sentence
	// Later: the action is the reader's, but the game offers it later
	// (Why says when); a screen lists it as "not now".
	Later bool `json:"later,omitempty"`
	// Inputs are the values the action takes (Alchemy's dice), for an
	// action anyone at the table may see; a private action's are only in
	// its player's Private, while open.
	Inputs []Input `json:"inputs,omitempty"`
}

// VerbSpec is one row of the table of what a reader may ask of the game:
// the session's verb, the terminal's keys and their help, and the words
// of the phone's button. The game's own actions take their key and words
// from the ruleset.
type VerbSpec struct {
	Verb  string
	Do    session.Verb
	Key   string   // the key as the help line names it
	Keys  []string // the keys a terminal matches (Bubble Tea's names)
	Help  string   // the terminal's help words
	Label string   // the phone's button
}

// Verbs is the one table of the table's actions: every screen, terminal
// or phone, offers these, with these keys and words, by these rights
// (ui/common builds the terminal's key bindings from it).
var Verbs = [...]VerbSpec{
	{"draw", session.DoAct, "space", []string{" "}, "draw", ""}, // the turn's action, in the ruleset's words
	{"answer", session.DoAnswer, "enter", []string{" ", "enter"}, "answer", "Answer"},
	{"own", session.DoOwn, "y/n", []string{"y", "n"}, "answer for yourself", "Answer for yourself"},
	{"accept", session.DoAcceptAll, "a", []string{"a"}, "accept all defaults", "Accept every default"},
	{"undo", session.DoUndo, "u", []string{"u"}, "undo", "Undo"},
	{"redo", session.DoRedo, "ctrl+r", []string{"ctrl+r"}, "redo", "Redo"},
	{"next", session.DoPass, "n", []string{"n"}, "next player", "Next player"},
	{"prev", session.DoPass, "p", []string{"p"}, "previous player", "Previous player"},
	{"timer", session.DoPause, ".", []string{"."}, "pause timer", "Pause or resume the timer"},
	{"act", session.DoAct, "", nil, "", ""},   // a game's action, in its words
	{"look", session.DoLook, "", nil, "", ""}, // a private action on one's own screen
}

// VerbOf is the row of Verbs named verb.
func VerbOf(verb string) (VerbSpec, bool) {
	for _, v := range Verbs {
		if v.Verb == verb {
			return v, true
		}
	}
	return VerbSpec{}, false
}

// May reports whether the reader may take the action verb (with the
// game's action id, for "draw", "act", "look") now, and why not.
func (r *Readout) MayDo(verb, id string) (bool, string) {
	for _, x := range r.Rights {
		if x.Verb == verb && (id == "" || x.ID == id) {
			return x.May, x.Why
		}
	}
	return false, ""
}

// right adds the right verb to the readout: err nil is may.
func (r *Readout) right(verb string, err error, set func(*Right)) {
	v, _ := VerbOf(verb)
	_, later := err.(session.NotNowError) // the session's own, never wrapped: no reflection on every key
	x := Right{Verb: verb, Key: v.Key, Label: v.Label, May: err == nil, Later: later}
	if err != nil {
		x.Why = Capital(err.Error())
		if !strings.HasSuffix(x.Why, ".") {
			x.Why += "."
		}
	}
	if set != nil {
		set(&x)
	}
	r.Rights = append(r.Rights, x)
}

// errEnded refuses every change once the host has ended the game.
var errEnded = errors.New("the game has ended")

// errNoQuestion refuses an answer while no question waits for the reader.
var errNoQuestion = errors.New("no question waits for you")

// mayDo finds what the reader may do now, each by the session's own
// check (a viewer's are all refused): the turn's action, the question
// waiting (or their own), their private pick or look, undo, redo, passing
// the turn, the timer, and every action of the game.
func (r *Readout) mayDo(l *session.Look, st *deck.State, me session.Who, shown bool, steps []deck.Step) {
	closed := l.Snapshot().Closed
	gate := func(err error) error {
		if closed {
			return errEnded
		}
		return err
	}
	r.May.Undo = !closed && l.MayUndo(false) == nil
	wait := Waiting(steps, st.Open, me)
	actions := l.Actions()
	r.Rights = make([]Right, 0, len(Verbs)+len(actions))
	main, hasMain := expansions.Main(actions)
	if !closed {
		for _, a := range actions {
			if a.Private {
				r.private(l, st, me, a)
			}
		}
	}
	var answer error // nothing to refuse while no question waits
	walk := l.MayWalk()
	if wait >= 0 && !closed {
		answer = r.question(l, st, me, steps, wait)
	}
	// The turn's action: never over a question waiting (session.ErrQuestionFirst).
	if hasMain {
		err := l.MayStart(main)
		if wait >= 0 && err == nil && !main.Private {
			err = session.ErrQuestionFirst
		}
		r.right("draw", gate(err), func(x *Right) { x.ID, x.Label, x.Help = main.ID, Capital(main.Label), main.Help })
		if err == nil && !closed && !main.Private {
			r.May.Draw = &Action{ID: main.ID, Label: Capital(main.Label), Help: main.Help}
		}
		if shown && wait < 0 && !main.Private {
			r.NextUp = st.PlayerName(st.Current) + " " + Says(main.Label)
			r.TurnDone = "Turn done. " + r.NextUp + " next."
		}
	} else {
		r.right("draw", errors.New("no turn comes next: nothing is left to play"), nil)
	}
	if !shown {
		r.Ready = ready(l, st, me, main, hasMain)
	}
	r.right("answer", gate(answer), nil)
	own := errNoQuestion
	if r.Own != nil {
		own = nil
	}
	r.right("own", gate(own), nil)
	r.right("accept", gate(walk), nil)
	r.right("undo", gate(l.MayUndo(false)), nil)
	r.right("redo", gate(l.MayUndo(true)), nil)
	pass := l.MayChangeTable()
	if !hasMain {
		pass = errors.New("no turn comes next: nothing is left to play")
	}
	r.right("next", gate(pass), nil)
	r.right("prev", gate(pass), nil)
	timer := l.MayTime()
	if r.Clock == nil {
		timer = errors.New("no turn timer runs")
	}
	r.right("timer", gate(timer), nil)
	for _, a := range actions {
		if a.Main {
			continue
		}
		verb := "act"
		if a.Private {
			verb = "look"
		}
		r.right(verb, gate(l.MayStart(a)), func(x *Right) {
			x.ID, x.Key, x.Label, x.Help = a.ID, a.Key, Capital(a.Label), a.Help
			if !a.Private {
				x.Inputs = inputsOf(a)
			}
		})
	}
	r.May.Answer = !closed && answer == nil && r.Ask != nil
}

// ready is what the table says before the first turn: who starts, and
// how, as this reader sees it.
func ready(l *session.Look, st *deck.State, me session.Who, a deck.ActionSpec, ok bool) string {
	first := st.PlayerName(st.Current)
	if !ok {
		return first + " starts."
	}
	seat := session.PrivateSeat(st, a)
	// "press space" only to a reader whose space it is (play-test: Bob's
	// screen said so on Ann's first draw, and his space was refused).
	press := ": press space."
	if l.MayStart(a) != nil {
		press = "."
	}
	switch {
	case a.Private && !me.Host && me.Seat == seat: // their own screen
		return "Your " + a.Label + press
	case a.Private && l.MayStart(a) != nil && l.Connected(seat):
		return st.PlayerName(seat) + " is picking on their own screen…"
	case a.Private && !me.Host: // no screen of their own: the host hands the laptop over
		return st.PlayerName(seat) + " picks on the host's screen."
	case a.Player > 0 && a.Named: // a pick before the game: who picks, not who starts
		return Capital(a.Label) + press
	case a.Player > 0:
		return st.PlayerName(a.Player-1) + "'s " + a.Label + press // "Bob's secret picks"
	case a.Private: // the hand-off says who
		return Capital(a.Label) + press
	case a.DrawsCard:
		return first + " draws the first card" + press
	}
	return first + " " + Says(a.Label) + " first" + press
}

// question is the step waiting as the reader may answer it: a question
// about each player is theirs to answer for themselves ("Do you…?");
// another's question says whose it is. It returns why the reader may not
// answer it for the table, nil if they may.
func (r *Readout) question(l *session.Look, st *deck.State, me session.Who, steps []deck.Step, wait int) error {
	step := steps[wait]
	q := step.Question
	said := l.Own(q.Key)
	r.Said = SaidLine(st, said)
	if me.Host {
		for _, seat := range l.Waiting(step) {
			r.WaitsFor = append(r.WaitsFor, st.PlayerName(seat))
		}
	}
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
		// For the table (a skip by the turn's player) as for any question.
		return l.MayAnswer(*q)
	}
	r.Ask = &Ask{Key: q.Key, Prompt: q.Prompt, Step: step.Title, Text: step.Text, Kind: questionKinds[q.Kind], Max: q.Max,
		Default: q.Default, Known: q.Known}
	if q.Default != "" {
		r.Ask.Offer = q.ValueText(q.Default, st.Players)
	}
	if q.Kind == deck.AskPlayers || q.Kind == deck.AskPlayer {
		for i := range st.Players {
			r.Ask.Choices = append(r.Ask.Choices, Who{Name: st.PlayerName(i), Colour: st.ColourOf(i), You: i == me.Seat && !me.Host})
		}
	}
	if q.Kind == deck.AskPlayers {
		ticked := q.Default
		if ticked == "" {
			ticked = q.Known
		}
		if seats, err := deck.ParseSeats(ticked, len(st.Players)); err == nil {
			r.Ask.Ticked = seats
		}
	}
	err := l.MayAnswer(*q)
	if err != nil && !me.IsViewer() { // a viewer is told once that they watch
		r.May.Why = Capital(err.Error()) + "."
	}
	return err
}

// private offers the reader their own private action a, if the session
// lets them begin it; its inputs, which show what only they may see,
// only while they have it open (Hand.Looking). Nobody else's readout
// holds anything of it.
func (r *Readout) private(l *session.Look, st *deck.State, me session.Who, a deck.ActionSpec) {
	if me.Host || session.PrivateSeat(st, a) != me.Seat || l.MayStart(a) != nil {
		return
	}
	p := &Private{Action: Action{ID: a.ID, Label: Capital(a.Label), Help: a.Help, Main: a.Main}}
	p.Open = l.Looking() == a.ID // by its id, never its words (issue 36 item 5)
	if p.Open {
		p.Inputs = inputsOf(a)
	}
	r.Private = append(r.Private, *p)
}

// inputsOf are the values action a takes.
func inputsOf(a deck.ActionSpec) []Input {
	var out []Input
	for _, in := range a.Inputs {
		out = append(out, Input{Prompt: in.Prompt, Kind: inputKinds[in.Kind], Min: in.Min, Max: in.Max,
			Choices: in.Choices, Limits: in.Limits})
	}
	return out
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
