package answer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
)

// Input reads the keys that answer a question, for the step walker
// and the facts screen alike: a digit picks a player (0 for nobody) or
// toggles one in a set, y and n answer yes or no, digits and backspace type
// a number; enter confirms a number or a set.
type Input struct {
	Typed   string // the number typed so far
	Picked  []bool // for a set of players: who is ticked
	Several bool   // a set that is most often one: ticking several (a tie)
}

// Start prepares the input for q: a set of players starts from its default.
func (in *Input) Start(q *deck.Question, players int) {
	*in = Input{}
	if q.Kind != deck.AskPlayers {
		return
	}
	in.Picked = make([]bool, players)
	ticked := q.Default
	if ticked == "" {
		ticked = q.Known
	}
	if seats, err := deck.ParseSeats(ticked, players); err == nil {
		for _, s := range seats {
			in.Picked[s] = true
		}
	}
}

// Changed reports whether keys have changed the input since it started:
// something typed, ticked or unticked, that undo puts back first.
func (in *Input) Changed(q *deck.Question, players int) bool {
	var fresh Input
	fresh.Start(q, players)
	return in.Typed != "" || in.Several || !slices.Equal(in.Picked, fresh.Picked)
}

// Seats is the set of players ticked, as an answer.
func (in *Input) Seats() string {
	var s []int
	for i, p := range in.Picked {
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

// Read takes one key for q with players at the table. It returns the answer
// when the key gives one, or an error to show; confirm is the key that
// confirms a number or a set.
func (in *Input) Read(keys common.AnswerKeys, confirm key.Binding, km tea.KeyMsg, q *deck.Question, players int) (answer string, err error) {
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
			if len(in.Typed) < 3 {
				in.Typed += k
			}
		case key.Matches(km, keys.Backspace):
			if in.Typed != "" {
				in.Typed = in.Typed[:len(in.Typed)-1]
			}
		case key.Matches(km, confirm) && in.Typed != "":
			v := in.Typed
			in.Typed = ""
			return v, nil
		}
	}
	return "", nil
}

// readPlayers takes one key for a question that asks for a set of players:
// most often one (a digit answers; + ticks several for a tie), else ticked
// one by one and confirmed.
func (in *Input) readPlayers(keys common.AnswerKeys, confirm key.Binding, km tea.KeyMsg, q *deck.Question, players int) (string, error) {
	k := km.String()
	digit := key.Matches(km, keys.Digit)
	if len(in.Picked) != players {
		in.Start(q, players)
	}
	if q.One && !in.Several {
		switch {
		case digit:
			return onePlayer(k, players)
		case key.Matches(km, keys.Several):
			in.Several = true
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
			clear(in.Picked)
		case n <= players:
			in.Picked[n-1] = !in.Picked[n-1]
		default:
			return "", fmt.Errorf("no player %d: 1 to %d, or 0 for nobody", n, players)
		}
	case key.Matches(km, confirm):
		return in.Seats(), nil
	}
	return "", nil
}

// Hint says how to answer q, with what is picked or typed so far.
func (in *Input) Hint(st common.Styles, q *deck.Question, players []deck.Player) string {
	keys := make([]string, 0, len(players)+5)
	if q.Default != "" && q.Kind != deck.AskPlayers {
		keys = append(keys, common.KeyTo("enter:", q.ValueText(q.Default, players)))
	}
	nobody := common.Choice("0", "nobody")
	if q.Default == "" {
		nobody = common.Choice("0/enter", "nobody") // enter takes what is shown: nobody picked
	}
	switch q.Kind {
	case deck.AskPlayer:
		keys = append(playerChoices(keys, players), nobody)
	case deck.AskPlayers:
		if q.One && !in.Several {
			if q.Default != "" {
				keys = append(keys, common.KeyTo("enter:", q.ValueText(q.Default, players)))
			}
			keys = append(playerChoices(keys, players), nobody, common.Choice("+", "a tie"))
			break
		}
		for i, p := range players {
			box := "[ ]"
			if i < len(in.Picked) && in.Picked[i] {
				box = "[x]"
			}
			keys = append(keys, common.Choice(strconv.Itoa(i+1), box, p.Name))
		}
		return strings.Join(keys, "  ") + "\n" + st.Dimmed(strings.Join([]string{common.Choice("a digit ticks or unticks"), common.KeyTo("enter:", q.ValueText(in.Seats(), players)), common.Choice("0", "clears"), common.Choice("x", "skip")}, " · "))
	case deck.AskYesNo:
		keys = append(keys, common.Choice("y", "yes"), common.Choice("n", "no"))
	case deck.AskNumber:
		if in.Typed != "" {
			return st.Focused.Render("["+in.Typed+"]") + st.Dimmed(" enter: ok · x skip")
		}
		keys = append(keys, "type a number")
	}
	return st.Dimmed(strings.Join(append(keys, common.Choice("x", "skip")), " · "))
}

// playerChoices adds a key for each player to keys: "1 Ann", "2 Bob".
func playerChoices(keys []string, players []deck.Player) []string {
	for i, p := range players {
		keys = append(keys, common.Choice(strconv.Itoa(i+1), p.Name))
	}
	return keys
}
