package rivals

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Turn is turn i as the table saw it (-1: the last): both dice, the card a
// "?" drew, a Yule rebuild, and marks for dice set by hand, a voided event
// and the dice checks. Nothing in it tells the stack's order.
func (r *Ruleset) Turn(s *deck.State, i int) (deck.Turn, bool) {
	if i < 0 {
		i = s.Turns() - 1
	}
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	rec := s.TurnAt(i)
	prod, _ := strconv.Atoi(rec.Dice[ProductionDie])
	face := rec.Dice[EventDie]
	t := deck.Turn{
		Draw: rec.Draw, Year: rec.Year, Player: rec.Player, Number: prod,
		Dice: []deck.Face{
			productionFace(prod, rec.Marks[markSetProduction] == 1),
			eventDieFace(face, rec.Marks[markSetEvent] == 1 || rec.Marks[markVoided] != 0),
		},
		Event:   face,
		Rebuilt: rec.Rebuilt,
	}
	if f, ok := eventFace(face); ok {
		t.Title, t.Text = f.Title, f.Text
	}
	cards := r.tableOf(s)
	if !rec.NoCard && int(rec.Card) < len(cards) {
		c := cards[rec.Card]
		t.Card, t.Event, t.Title, t.Text = c.Event, c.Event, c.Title, c.Text
	}
	if rec.Rebuilt {
		t.RebuiltText = "Yule: the stack was built again, Yule 4th from the bottom; the next card was drawn."
	}
	t.Marks = r.marks(s, rec)
	return t, true
}

// marks describes what the record keeps beyond the dice.
func (r *Ruleset) marks(s *deck.State, rec deck.Record) []deck.Mark {
	var out []deck.Mark
	if v := rec.Marks[markVoided]; v > 0 && v <= len(EventFaces()) {
		f := EventFaces()[v-1]
		out = append(out, deck.Mark{Key: markVoided, Label: "Grove of Vigilance", Value: f.ID, Text: f.Title + " void: event card instead"})
	}
	if rec.Marks[markSetProduction] == 1 {
		out = append(out, deck.Mark{Key: markSetProduction, Label: "Production die", Value: true, Text: "set by hand"})
	}
	if rec.Marks[markSetEvent] == 1 {
		out = append(out, deck.Mark{Key: markSetEvent, Label: "Event die", Value: true, Text: "set by hand"})
	}
	if n := rec.Marks[markForesight]; n > 0 {
		out = append(out, deck.Mark{Key: markForesight, Label: "Great Foresight", Value: n, Text: cardsLeft(n)})
	}
	seen := map[string]int{}
	for _, c := range checks(rec) {
		m := r.checkMark(s, rec, c)
		seen[m.Key]++
		if n := seen[m.Key]; n > 1 {
			m.Key += "-" + strconv.Itoa(n)
		}
		out = append(out, m)
	}
	return out
}

// checkEvent names the event a check brought: the card's title when it
// drew one (after Yule when the stack was rebuilt first), else the face's.
func (r *Ruleset) checkEvent(s *deck.State, c Check) string {
	f, _ := eventFace(c.Face)
	what := f.Title
	if cards := r.tableOf(s); c.Card >= 0 && c.Card < len(cards) {
		what = cards[c.Card].Title
		if c.Rebuilt {
			what = "Yule, then " + what
		}
	}
	return what
}

// checkMark says how a dice check went.
func (r *Ruleset) checkMark(s *deck.State, rec deck.Record, c Check) deck.Mark {
	me, other := s.Players[rec.Player].Name, s.Players[1-rec.Player].Name
	switch c.Kind {
	case ActPirate:
		f := pirate(c)
		res := "lost"
		who := "the pirate wins: " + me + " loses the ship"
		if f.won {
			res, who = "won", me+" beats the pirate"
		}
		return deck.Mark{Key: ActPirate, Label: "Pirate fight", Value: res, Text: strings.Join(f.text, "; ") + ": " + who, Alert: !f.won}
	case ActIsland:
		roll := c.Rolls[0]
		switch {
		case roll == 1:
			return deck.Mark{Key: ActIsland, Label: "Forgotten Tribe", Value: "reef", Text: "1: reef, " + me + " loses the ship", Alert: true}
		case roll >= 5:
			return deck.Mark{Key: ActIsland, Label: "Forgotten Tribe", Value: "treasure", Text: strconv.Itoa(roll) + ": treasure, the island rises a level"}
		}
		return deck.Mark{Key: ActIsland, Label: "Forgotten Tribe", Value: c.Face, Text: strconv.Itoa(roll) + ": event for both players: " + r.checkEvent(s, c)}
	case ActAstrologer:
		return deck.Mark{Key: ActAstrologer, Label: "Court Astrologer", Value: c.Face, Text: me + " chose an event for both players: " + r.checkEvent(s, c)}
	case ActDispute:
		d := dispute(c)
		text := fmt.Sprintf("%s %d+%d=%d, %s %d+%d=%d: ", me, c.Rolls[0], c.Args[0], d.sums[0], other, c.Rolls[1], c.Args[1], d.sums[1])
		value := "tie"
		switch d.winner {
		case -1:
			text += "tie, each takes 1 resource of choice"
		default:
			value = s.Players[(rec.Player+d.winner)%2].Name
			text += value + " takes 2 resources of choice"
		}
		return deck.Mark{Key: ActDispute, Label: "Dispute of the Sages", Value: value, Text: text}
	case ActPeace:
		roller := other
		if c.Args[0] == 1 {
			roller = me
		}
		text := fmt.Sprintf("%s rolls %d: ", roller, c.Rolls[0])
		if peace(c) {
			return deck.Mark{Key: ActPeace, Label: "Grove of Peace", Value: "cancelled", Text: text + "the attack card has no effect"}
		}
		return deck.Mark{Key: ActPeace, Label: "Grove of Peace", Value: "stands", Text: text + "the attack card stands"}
	}
	return deck.Mark{Key: c.Kind, Label: c.Kind}
}

// cardsLeft says how many cards Great Foresight took out of the game.
func cardsLeft(n int) string {
	if n == 1 {
		return "1 card left the game"
	}
	return fmt.Sprintf("%d cards left the game", n)
}
