package ui

// testGame is a ruleset written only in this file, to show that a game
// plugs into the command line through the expansions.Ruleset core alone:
// no package of its own, no assets, no optional interfaces. It is
// self-contained (it needs only deck, expansions and expansions/steps), so
// other test packages may copy it.
//
// A turn rolls a d6 "production" pip die and tosses a coin (a symbol die),
// and draws one card of a 5-card event stack; when the stack is out it is
// rebuilt. One question follows every turn: who takes the coin.

import (
	"fmt"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

const (
	testGameID    = "testgame"
	testRoll      = "roll"
	testDieProd   = "production"
	testDieCoin   = "coin"
	testPot       = "pot" // heads so far: a tracker, and a mark on every turn
	testCoinTaker = "coin-taker"
)

// testCards is the event stack: card id, event id, title.
var testCards = []struct{ id, event, title string }{
	{"storm", "storm", "Storm"},
	{"feast", "feast", "Feast"},
	{"quiet", "none", ""},
	{"market", "market", "Market Day"},
	{"thief", "thief", "Thief"},
}

type testGame struct{}

var _ expansions.Ruleset = testGame{}

func (testGame) ID() string              { return testGameID }
func (testGame) Name() string            { return "Test game (d6 and a coin)" }
func (testGame) Players() (min, max int) { return 1, 4 }

func (testGame) Options() []deck.Option {
	return []deck.Option{{
		Key: "coin", Label: "Coin", Values: []string{"fair", "heads"}, Default: "fair",
		Help: "fair: the coin is tossed; heads: it always lands heads",
	}}
}

// checkOptions reports the first option that is not the game's or has a
// value it does not take.
func (g testGame) checkOptions(opts map[string]string) error {
	for k, v := range opts {
		if k != "coin" {
			return fmt.Errorf("%s has no option %q", testGameID, k)
		}
		if v != "fair" && v != "heads" {
			return fmt.Errorf("--coin %q: want fair or heads", v)
		}
	}
	return nil
}

func (g testGame) NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error) {
	if err := g.checkOptions(opts); err != nil {
		return nil, err
	}
	if lo, hi := g.Players(); len(players) < lo || len(players) > hi {
		return nil, fmt.Errorf("%d players: %s takes %d to %d", len(players), testGameID, lo, hi)
	}
	s := deck.NewState(testGameID, opts, players, seed)
	cards := make([]deck.Card, len(testCards))
	for i := range cards {
		cards[i] = deck.Card(i)
	}
	s.Deck = deck.NewDeck(cards...)
	s.Deck.Shuffle(s.Rand())
	s.Trackers = map[string]int{testPot: 0}
	return s, nil
}

func (g testGame) Validate(s *deck.State) error {
	if s.Ruleset != testGameID {
		return fmt.Errorf("not a %s game", testGameID)
	}
	if s.Deck.Total() != len(testCards) {
		return fmt.Errorf("%d cards, want %d", s.Deck.Total(), len(testCards))
	}
	for _, c := range append(append([]deck.Card(nil), s.Deck.Draw...), s.Deck.Discard...) {
		if int(c) >= len(testCards) {
			return fmt.Errorf("no card %d", c)
		}
	}
	for i := range s.Turns() {
		if int(s.TurnAt(i).Card) >= len(testCards) {
			return fmt.Errorf("turn %d: no card %d", i+1, s.TurnAt(i).Card)
		}
	}
	return g.checkOptions(s.Options)
}

func (testGame) Actions(*deck.State) []deck.ActionSpec {
	return []deck.ActionSpec{{ID: testRoll, Label: "roll", Help: "roll the die, toss the coin, draw a card", Main: true}}
}

func (g testGame) Act(s *deck.State, a deck.Action) error {
	if a.ID != testRoll {
		return fmt.Errorf("no action %q in %s", a.ID, testGameID)
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
		s.Trackers[testPot]++
	}
	s.Draws++
	s.StartTurn(deck.Record{
		Draw: s.Draws, Player: s.Current, Card: c, Rebuilt: rebuilt,
		Dice:  map[string]string{testDieProd: strconv.Itoa(1 + s.Rand().IntN(6)), testDieCoin: coin},
		Marks: map[string]int{testPot: s.Trackers[testPot]},
	})
	s.NextPlayer()
	return nil
}

func (testGame) Turn(s *deck.State, i int) (deck.Turn, bool) {
	if i < 0 {
		i += s.Turns()
	}
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	rec := s.TurnAt(i)
	card := testCards[rec.Card]
	pips, _ := strconv.Atoi(rec.Dice[testDieProd])
	coin := rec.Dice[testDieCoin]
	t := deck.Turn{
		Draw: rec.Draw, Player: rec.Player, Number: pips,
		Dice: []deck.Face{
			{Die: testDieProd, Name: "production", Value: rec.Dice[testDieProd], Pips: pips, Letter: "P", Colour: "green", Ways: 1, Of: 6},
			{Die: testDieCoin, Name: "coin", Value: coin, Symbol: coin, Letter: "C", Colour: "yellow", Ways: 1, Of: 2},
		},
		Card: card.id, Event: card.event, Title: card.title,
		Rebuilt: rec.Rebuilt,
		Marks:   []deck.Mark{{Key: testPot, Label: "Pot", Value: rec.Marks[testPot], Text: strconv.Itoa(rec.Marks[testPot])}},
	}
	if rec.Rebuilt {
		t.RebuiltText = "The stack is out: it is shuffled again."
	}
	return t, true
}

func (g testGame) Steps(s *deck.State) []deck.Step {
	if s.Open == nil {
		return nil
	}
	t, _ := g.Turn(s, -1)
	b := steps.New(s)
	b.Tell("Produce", fmt.Sprintf("Every %d produces.", t.Number))
	b.Holder("The coin", deck.Question{Key: testCoinTaker, Prompt: "Who takes the coin?", Topic: "Coin", Remember: true})
	return b.Steps
}

func (g testGame) Answer(s *deck.State, q deck.Question, value string) error {
	st, ok := steps.Find(g.Steps(s), q.Key)
	if !ok {
		return fmt.Errorf("no question %q this turn", q.Key)
	}
	return steps.Answer(s, *st.Question, value)
}

func (testGame) Reference() []deck.Entry {
	return []deck.Entry{
		{Title: "Test game: the coin", Tags: []string{"coin", "heads", "tails"}, Text: "Heads puts one in the pot. With --coin heads it always lands heads."},
		{Title: "Test game: production", Tags: []string{"d6", "production"}, Text: "Every hex with the production die's number produces."},
	}
}
