package custom

import (
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// KeyPrefix starts the key of every answer to a card's question:
// "house:<card id>:<step>".
const KeyPrefix = "house:"

// Walk adds card c's steps to b for the turn of the player in seat: its
// text alone when it has no steps, else each step, asking its question.
// After a question about players, the steps that follow address them, and
// {answer} in a text names them; {player} is the player whose turn it is.
func Walk(b *steps.Builder, c Card, seat int) { WalkIn(b, c, seat, "") }

// WalkIn is Walk with scope in the keys of the card's questions
// ("house:<scope><card id>:<step>"), so that a card walked twice in one
// turn (a Rivals event and the Forgotten Tribe's) asks twice.
func WalkIn(b *steps.Builder, c Card, seat int, scope string) {
	player := ""
	if seat >= 0 && seat < len(b.S.Players) {
		player = b.Name(seat)
	}
	if len(c.Steps) == 0 {
		b.Tell(c.Title, fill(c.Text, player, "the answer"))
		return
	}
	answer := "the answer"
	var addressed []int
	for j, st := range c.Steps {
		text := fill(st.Text, player, answer)
		kind, ok := askKind(st.Ask)
		if !ok {
			b.Tell(c.Title, text, addressed...)
			continue
		}
		topic := st.Topic
		if topic == "" {
			topic = strings.TrimSuffix(st.Prompt, "?")
		}
		q := deck.Question{Key: KeyPrefix + scope + c.ID + ":" + strconv.Itoa(j), Prompt: fill(st.Prompt, player, answer),
			Topic: fill(topic, player, answer), Kind: kind, Max: st.Max}
		v, given := b.Ask(c.Title, text, nil, q)
		addressed = nil
		switch {
		case !given && (kind == deck.AskPlayer || kind == deck.AskPlayers):
			answer = "whoever the table names" // skipped: a subject for "takes 1 gold"
		case !given:
			answer = "the answer"
		default:
			answer = q.ValueText(v, b.S.Players)
			if seats, err := deck.ParseSeats(v, len(b.S.Players)); err == nil && (kind == deck.AskPlayer || kind == deck.AskPlayers) {
				addressed = seats
			}
		}
	}
}

// fill puts the player and the answer into a step's text.
func fill(text, player, answer string) string {
	if player == "" {
		player = "the player whose turn it is"
	}
	return strings.NewReplacer("{player}", player, "{answer}", answer).Replace(text)
}
