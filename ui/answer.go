package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
)

// answerInput reads the keys that answer a question, for the step walker
// and the facts screen alike: a digit picks a player (0 for nobody) or
// toggles one in a set, y and n answer yes or no, digits and backspace type
// a number; enter confirms a number or a set.
type answerInput struct {
	typed   string // the number typed so far
	picked  []bool // for a set of players: who is ticked
	several bool   // a set that is most often one: ticking several (a tie)
}

// start prepares the input for q: a set of players starts from its default.
func (in *answerInput) start(q *deck.Question, players int) {
	*in = answerInput{}
	if q.Kind != deck.AskPlayers {
		return
	}
	in.picked = make([]bool, players)
	ticked := q.Default
	if ticked == "" {
		ticked = q.Known
	}
	if seats, err := deck.ParseSeats(ticked, players); err == nil {
		for _, s := range seats {
			in.picked[s] = true
		}
	}
}

// changed reports whether keys have changed the input since it started:
// something typed, ticked or unticked, that undo puts back first.
func (in *answerInput) changed(q *deck.Question, players int) bool {
	var fresh answerInput
	fresh.start(q, players)
	return in.typed != "" || in.several || !slices.Equal(in.picked, fresh.picked)
}

// seats is the set of players ticked, as an answer.
func (in *answerInput) seats() string {
	var s []int
	for i, p := range in.picked {
		if p {
			s = append(s, i)
		}
	}
	return deck.FormatSeats(s)
}

// onePlayer reads a digit as one player's seat, or 0 as nobody.
func onePlayer(digit string, players int) (string, error) {
	switch n := int(digit[0] - '0'); {
	case n == 0:
		return deck.AnswerNobody, nil
	case n <= players:
		return strconv.Itoa(n - 1), nil
	default:
		return "", fmt.Errorf("no player %d: 1 to %d, or 0 for nobody", n, players)
	}
}

// read takes one key for q with players at the table. It returns the answer
// when the key gives one, or an error to show; confirm is the key that
// confirms a number or a set.
func (in *answerInput) read(keys AnswerKeys, confirm key.Binding, km tea.KeyMsg, q *deck.Question, players int) (answer string, err error) {
	k := km.String()
	digit := key.Matches(km, keys.Digit)
	switch q.Kind {
	case deck.AskPlayer:
		if digit {
			return onePlayer(k, players)
		}
	case deck.AskPlayers:
		return in.readPlayers(keys, confirm, km, q, players)
	case deck.AskYesNo:
		switch {
		case key.Matches(km, keys.Yes):
			return deck.AnswerYes, nil
		case key.Matches(km, keys.No):
			return deck.AnswerNo, nil
		}
	case deck.AskNumber:
		switch {
		case digit:
			if len(in.typed) < 3 {
				in.typed += k
			}
		case key.Matches(km, keys.Backspace):
			if in.typed != "" {
				in.typed = in.typed[:len(in.typed)-1]
			}
		case key.Matches(km, confirm) && in.typed != "":
			v := in.typed
			in.typed = ""
			return v, nil
		}
	}
	return "", nil
}

// readPlayers takes one key for a question that asks for a set of players:
// most often one (a digit answers; + ticks several for a tie), else ticked
// one by one and confirmed.
func (in *answerInput) readPlayers(keys AnswerKeys, confirm key.Binding, km tea.KeyMsg, q *deck.Question, players int) (string, error) {
	k := km.String()
	digit := key.Matches(km, keys.Digit)
	if len(in.picked) != players {
		in.start(q, players)
	}
	if q.One && !in.several {
		switch {
		case digit:
			return onePlayer(k, players)
		case key.Matches(km, keys.Several):
			in.several = true
		case key.Matches(km, confirm) && q.Default != "":
			return q.Default, nil
		}
		return "", nil
	}
	switch {
	case digit:
		n := int(k[0] - '0')
		switch {
		case n == 0:
			clear(in.picked)
		case n <= players:
			in.picked[n-1] = !in.picked[n-1]
		default:
			return "", fmt.Errorf("no player %d: 1 to %d, or 0 for nobody", n, players)
		}
	case key.Matches(km, confirm):
		return in.seats(), nil
	}
	return "", nil
}

// hint says how to answer q, with what is picked or typed so far.
func (in *answerInput) hint(st Styles, q *deck.Question, players []deck.Player) string {
	keys := make([]string, 0, len(players)+5)
	if q.Default != "" && q.Kind != deck.AskPlayers {
		keys = append(keys, keyTo("enter:", q.ValueText(q.Default, players)))
	}
	nobody := choice("0", "nobody")
	if q.Default == "" {
		nobody = choice("0/enter", "nobody") // enter takes what is shown: nobody picked
	}
	switch q.Kind {
	case deck.AskPlayer:
		keys = append(playerChoices(keys, players), nobody)
	case deck.AskPlayers:
		if q.One && !in.several {
			if q.Default != "" {
				keys = append(keys, keyTo("enter:", q.ValueText(q.Default, players)))
			}
			keys = append(playerChoices(keys, players), nobody, choice("+", "a tie"))
			break
		}
		for i, p := range players {
			box := "[ ]"
			if i < len(in.picked) && in.picked[i] {
				box = "[x]"
			}
			keys = append(keys, choice(strconv.Itoa(i+1), box, p.Name))
		}
		return strings.Join(keys, "  ") + "\n" + st.dimmed(strings.Join([]string{choice("a digit ticks or unticks"), keyTo("enter:", q.ValueText(in.seats(), players)), choice("0", "clears"), choice("x", "skip")}, " · "))
	case deck.AskYesNo:
		keys = append(keys, choice("y", "yes"), choice("n", "no"))
	case deck.AskNumber:
		if in.typed != "" {
			return st.Focused.Render("["+in.typed+"]") + st.dimmed(" enter: ok · x skip")
		}
		keys = append(keys, "type a number")
	}
	return st.dimmed(strings.Join(append(keys, choice("x", "skip")), " · "))
}

// playerChoices adds a key for each player to keys: "1 Ann", "2 Bob".
func playerChoices(keys []string, players []deck.Player) []string {
	for i, p := range players {
		keys = append(keys, choice(strconv.Itoa(i+1), p.Name))
	}
	return keys
}
