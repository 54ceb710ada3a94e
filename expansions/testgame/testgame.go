// Package testgame is a game written for tests alone, to show that a game
// plugs into the table and the command line through the expansions.Ruleset
// core alone: no assets, no optional interfaces. It needs only deck,
// expansions and expansions/steps. No command offers it; the tests of ui and
// ui/cli add it to the games they play.
//
// A turn rolls a d6 "production" pip die and tosses a coin (a symbol die),
// and draws one card of a 5-card event stack; when the stack is out it is
// rebuilt. One question follows every turn: who takes the coin.
package testgame

import (
	"fmt"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// The game's id, its one action, and its dice.
const (
	ID            = "testgame"
	ActRoll       = "roll"
	DieProduction = "production"
	DieCoin       = "coin"
	pot           = "pot" // heads so far: a tracker, and a mark on every turn
	coinTaker     = "coin-taker"
)

// card is one card of the event stack.
type card struct{ id, event, title string }

// numCards is the size of the event stack.
const numCards = 5

// stack is the event stack, by card number.
func stack() [numCards]card {
	return [numCards]card{
		{"storm", "storm", "Storm"},
		{"feast", "feast", "Feast"},
		{"quiet", "none", ""},
		{"market", "market", "Market Day"},
		{"thief", "thief", "Thief"},
	}
}

// Ruleset is the test game.
type Ruleset struct{}

var _ expansions.Ruleset = Ruleset{}

// ID is "testgame".
func (Ruleset) ID() string { return ID }

// Name is what the setup screen calls it.
func (Ruleset) Name() string { return "Test game (d6 and a coin)" }

// Players is 1 to 4.
func (Ruleset) Players() (min, max int) { return 1, 4 }

// Options is the coin: fair, or always heads.
func (Ruleset) Options() []deck.Option {
	return []deck.Option{{
		Key: "coin", Label: "Coin", Values: []string{"fair", "heads"}, Default: "fair",
		Help: "fair: the coin is tossed; heads: it always lands heads",
	}}
}

// checkOptions reports the first option that is not the game's or has a
// value it does not take.
func (g Ruleset) checkOptions(opts map[string]string) error {
	for k, v := range opts {
		if k != "coin" {
			return fmt.Errorf("%s has no option %q", ID, k)
		}
		if v != "fair" && v != "heads" {
			return fmt.Errorf("--coin %q: want fair or heads", v)
		}
	}
	return nil
}

// NewGame shuffles the event stack; the pot is empty.
func (g Ruleset) NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error) {
	if err := g.checkOptions(opts); err != nil {
		return nil, err
	}
	if lo, hi := g.Players(); len(players) < lo || len(players) > hi {
		return nil, fmt.Errorf("%d players: %s takes %d to %d", len(players), ID, lo, hi)
	}
	s := deck.NewState(ID, opts, players, seed)
	ids := make([]deck.Card, numCards)
	for i := range ids {
		ids[i] = deck.Card(i)
	}
	s.Deck = deck.NewDeck(ids...)
	s.Deck.Shuffle(s.Rand())
	s.Trackers = map[string]int{pot: 0}
	return s, nil
}

// Validate checks a loaded game: its stack, its turns' cards, its options.
func (g Ruleset) Validate(s *deck.State) error {
	if s.Ruleset != ID {
		return fmt.Errorf("not a %s game", ID)
	}
	if s.Deck.Total() != numCards {
		return fmt.Errorf("%d cards, want %d", s.Deck.Total(), numCards)
	}
	for _, c := range append(append([]deck.Card(nil), s.Deck.Draw...), s.Deck.Discard...) {
		if int(c) >= numCards {
			return fmt.Errorf("no card %d", c)
		}
	}
	for i := range s.Turns() {
		if int(s.TurnAt(i).Card) >= numCards {
			return fmt.Errorf("turn %d: no card %d", i+1, s.TurnAt(i).Card)
		}
	}
	return g.checkOptions(s.Options)
}

// Actions is the roll, the only action.
func (Ruleset) Actions(*deck.State) []deck.ActionSpec {
	return []deck.ActionSpec{{ID: ActRoll, Label: "roll", Help: "roll the die, toss the coin, draw a card", Main: true}}
}

// Act rolls the die, tosses the coin and draws the top card, rebuilding
// the stack first when it is out.
func (g Ruleset) Act(s *deck.State, a deck.Action) error {
	if a.ID != ActRoll {
		return fmt.Errorf("no action %q in %s", a.ID, ID)
	}
	rebuilt := false
	if s.Deck.Len() == 0 {
		s.Deck.Rebuild(s.Rand())
		rebuilt = true
	}
	c, err := s.Deck.Top()
	if err != nil {
		return err
	}
	s.Deck.PutDiscard(c)
	coin := "heads"
	if s.Options["coin"] != "heads" && s.Rand().IntN(2) == 1 {
		coin = "tails"
	}
	if coin == "heads" {
		if s.Trackers == nil {
			s.Trackers = map[string]int{}
		}
		s.Trackers[pot]++
	}
	s.Draws++
	s.StartTurn(deck.Record{
		Draw: s.Draws, Player: s.Current, Card: c, Rebuilt: rebuilt,
		Dice:  map[string]string{DieProduction: strconv.Itoa(1 + s.Rand().IntN(6)), DieCoin: coin},
		Marks: map[string]int{pot: s.Trackers[pot]},
	})
	s.NextPlayer()
	return nil
}

// Turn is turn i as the table saw it (negative: from the last).
func (Ruleset) Turn(s *deck.State, i int) (deck.Turn, bool) {
	if i < 0 {
		i += s.Turns()
	}
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	rec := s.TurnAt(i)
	card := stack()[rec.Card]
	pips, _ := strconv.Atoi(rec.Dice[DieProduction])
	coin := rec.Dice[DieCoin]
	t := deck.Turn{
		Draw: rec.Draw, Player: rec.Player, Number: pips,
		Dice: []deck.Face{
			{Die: DieProduction, Name: "production", Value: rec.Dice[DieProduction], Pips: pips, Letter: "P", Colour: "green", Ways: 1, Of: 6},
			{Die: DieCoin, Name: "coin", Value: coin, Symbol: coin, Letter: "C", Colour: "yellow", Ways: 1, Of: 2},
		},
		Card: card.id, Event: card.event, Title: card.title,
		Rebuilt: rec.Rebuilt,
		Marks:   []deck.Mark{{Key: pot, Label: "Pot", Value: rec.Marks[pot], Text: strconv.Itoa(rec.Marks[pot])}},
	}
	if rec.Rebuilt {
		t.RebuiltText = "The stack is out: it is shuffled again."
	}
	return t, true
}

// Steps are the production, then who takes the coin.
func (g Ruleset) Steps(s *deck.State) []deck.Step {
	if s.Open == nil {
		return nil
	}
	t, _ := g.Turn(s, -1)
	b := steps.New(s)
	b.Tell("Produce", fmt.Sprintf("Every %d produces.", t.Number))
	b.Holder("The coin", deck.Question{Key: coinTaker, Prompt: "Who takes the coin?", Topic: "Coin", Remember: true})
	return b.Steps
}

// Answer answers the open turn's question.
func (g Ruleset) Answer(s *deck.State, q deck.Question, value string) error {
	st, ok := steps.Find(g.Steps(s), q.Key)
	if !ok {
		return fmt.Errorf("no question %q this turn", q.Key)
	}
	return steps.Answer(s, *st.Question, value)
}

// Reference is two entries, on the coin and on production.
func (Ruleset) Reference() []deck.Entry {
	return []deck.Entry{
		{Title: "Test game: the coin", Tags: []string{"coin", "heads", "tails"}, Text: "Heads puts one in the pot. With --coin heads it always lands heads."},
		{Title: "Test game: production", Tags: []string{"d6", "production"}, Text: "Every hex with the production die's number produces."},
	}
}
