package readout

import (
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/session"
)

// The pieces of a readout that every kind of screen says alike: the
// terminal's table takes them from here too, so the words and the choice
// of whose question it is are written once.

// You says who the reader is at the table: "You play Ann.", "You watch
// this game.", or for a player no longer seated, that they watch.
func You(st *deck.State, me session.Who) string {
	switch {
	case me.Host:
		return "You host this game."
	case me.IsViewer() && me.Name != "":
		return "You watch: " + me.Name + " is not at the table now."
	case me.IsViewer():
		return "You watch this game."
	}
	return "You play " + st.PlayerName(me.Seat) + "."
}

// OwnQuestion is the step waiting's question when the reader answers it
// for themselves on their own screen, "Do you…?": a question about a set
// of players that has its own wording and is about them. nil for the
// host, a viewer, and any other question.
func OwnQuestion(step deck.Step, me session.Who) *deck.Question {
	q := step.Question
	if q == nil || me.Host || me.IsViewer() || q.Kind != deck.AskPlayers || q.Own == "" ||
		len(step.Players) > 0 && !slices.Contains(step.Players, me.Seat) {
		return nil
	}
	return q
}

// SaidLine is what players said on their own screens to the question
// waiting: "Said on their own screens: Bob yes, Cy no"; "" before anyone
// has.
func SaidLine(st *deck.State, said map[int]bool) string {
	if len(said) == 0 {
		return ""
	}
	var parts []string
	for seat := range st.Players {
		if yes, ok := said[seat]; ok {
			parts = append(parts, st.PlayerName(seat)+" "+yesNo(yes))
		}
	}
	return "Said on their own screens: " + strings.Join(parts, ", ")
}

// LookerLines say who else has a private action open on their own screen
// (session.Lookers: names and what each has open): "Ann is looking on
// their own screen (great foresight)…". Never the reader's own.
func LookerLines(st *deck.State, me session.Who, names, what []string) []string {
	var out []string
	for i, name := range names {
		if me.Host || me.IsViewer() || st.PlayerName(me.Seat) != name {
			out = append(out, name+" is looking on their own screen ("+what[i]+")…")
		}
	}
	return out
}

func yesNo(yes bool) string {
	if yes {
		return deck.AnswerYes
	}
	return deck.AnswerNo
}
