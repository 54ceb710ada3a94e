package ui

import (
	"fmt"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
)

// answerInput reads the keys that answer a question, for the step walker
// and the facts screen alike: a digit picks a player (0 for nobody), y and n
// answer yes/no, digits and backspace type a number that enter confirms.
type answerInput struct {
	typed string // the number typed so far
}

// read takes one key for q with players at the table. It returns the answer
// when the key gives one, or an error to show; confirm says whether enter
// (the keys' Confirm binding) was the key, for the caller to decide.
func (in *answerInput) read(keys KeyMap, confirm key.Binding, km tea.KeyMsg, q *deck.Question, players int) (answer string, err error) {
	k := km.String()
	digit := len(k) == 1 && k[0] >= '0' && k[0] <= '9'
	switch q.Kind {
	case deck.AskPlayer:
		if digit {
			n := int(k[0] - '0')
			switch {
			case n == 0:
				return deck.AnswerNobody, nil
			case n <= players:
				return strconv.Itoa(n - 1), nil
			}
			return "", fmt.Errorf("no player %d: 1 to %d, or 0 for nobody", n, players)
		}
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
			return "", nil
		case km.Type == tea.KeyBackspace:
			if in.typed != "" {
				in.typed = in.typed[:len(in.typed)-1]
			}
			return "", nil
		case key.Matches(km, confirm) && in.typed != "":
			v := in.typed
			in.typed = ""
			return v, nil
		}
	}
	return "", nil
}
