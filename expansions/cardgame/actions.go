package cardgame

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// Action ids.
const (
	ActRoll       = "roll"
	ActPick       = "pick"
	ActWatchTower = "watch-tower"
	ActGameOver   = "game-over"
)

// overKey marks, in State.Trackers, a game the table declared over.
const overKey = "game-over"

// maxReshuffles bounds the Year End reshuffles of one draw: Year End on top
// again after a shuffle is shuffled in again, and a deck holds at least 9
// other cards, so this is never reached in play.
const maxReshuffles = 64

func over(s *deck.State) bool { return s.Trackers[overKey] != 0 }

// Actions lists what the table may do now: only the secret picks while a
// Tournament deck is being built; then the roll, and during a turn the
// Watch Tower (and in a Tournament the end of the game).
func (r *Ruleset) Actions(s *deck.State) []deck.ActionSpec {
	cfg, err := r.Config(s)
	if err != nil || over(s) {
		return nil
	}
	if p := picker(s, cfg); p >= 0 {
		return []deck.ActionSpec{pickSpec(s, cfg, p)}
	}
	specs := []deck.ActionSpec{{ID: ActRoll, Label: "roll", Main: true,
		Help: "roll the event die and the production die"}}
	if s.Open == nil {
		return specs
	}
	specs = append(specs, deck.ActionSpec{ID: ActWatchTower, Key: "w", Label: "watch tower",
		Help: "a Spy was played: roll the production die; a 1 or 2 catches it",
		Inputs: []deck.Input{{Prompt: "Which defences?", Kind: deck.InputChoice,
			Choices: []string{"Watch Tower", "Watch Tower and Great Wall"}}}})
	if cfg.Mode == ModeTournament {
		specs = append(specs, deck.ActionSpec{ID: ActGameOver, Key: "g", Label: "game over",
			Help: "end the game and list whose event cards are whose"})
	}
	return specs
}

// Act does one action.
func (r *Ruleset) Act(s *deck.State, a deck.Action) error {
	cfg, err := r.Config(s)
	if err != nil {
		return err
	}
	if over(s) {
		return errOver
	}
	if p := picker(s, cfg); p >= 0 {
		if a.ID != ActPick {
			return fmt.Errorf("%s picks event cards first", s.Players[p].Name)
		}
		return r.pick(s, cfg, p, a.Values)
	}
	switch a.ID {
	case ActRoll:
		return r.roll(s, cfg)
	case ActWatchTower:
		return r.watchTower(s, a.Values)
	case ActGameOver:
		if cfg.Mode != ModeTournament || s.Open == nil {
			return errors.New("only a Tournament game in play is declared over")
		}
		if s.Trackers == nil {
			s.Trackers = map[string]int{}
		}
		s.Trackers[overKey] = 1
		return nil
	case ActPick:
		return errors.New("both players have picked their event cards")
	}
	return fmt.Errorf("unknown action %q", a.ID)
}

// roll rolls both dice in the order the options say, draws an event card on
// "?", and opens the turn.
func (r *Ruleset) roll(s *deck.State, cfg *Config) error {
	ed, pd := NewEventDie(cfg.QuestionFaces), NewProductionDie()
	var ev, prod string
	if cfg.EventFirst {
		ev, prod = ed.Roll(s.Rand()), pd.Roll(s.Rand())
	} else {
		prod, ev = pd.Roll(s.Rand()), ed.Roll(s.Rand())
	}
	rec := deck.Record{Player: s.Current, NoCard: true,
		Dice: map[string]string{EventDie: ev, ProductionDie: prod}}
	if ev == FaceEvent {
		c, rebuilt, err := drawCard(s, cfg)
		if err != nil {
			return err
		}
		rec.Card, rec.NoCard, rec.Rebuilt = c, false, rebuilt
		forgetAfter(s, cfg.Box[c].Kind.ID)
	}
	s.Draws++
	rec.Draw, rec.Year = s.Draws, s.Year
	s.StartTurn(rec)
	s.NextPlayer()
	return nil
}

// drawCard takes the top event card and puts it under the deck, where a
// resolved card goes (catan-card-game.md). Year End shuffles the whole deck,
// itself too, and the next card is drawn (catan-card-game.md).
func drawCard(s *deck.State, cfg *Config) (deck.Card, bool, error) {
	rebuilt := false
	for range maxReshuffles {
		c, err := s.Deck.Top()
		if err != nil {
			return 0, false, err
		}
		if cfg.Box[c].Kind.ID != YearEnd {
			s.Deck.PutBottom(c)
			return c, rebuilt, nil
		}
		s.Deck.PutTop(c)
		s.Deck.Rebuild(s.Rand())
		s.Year++
		rebuilt = true
	}
	return 0, false, errors.New("the event deck holds no card but Year End")
}

// forgetAfter drops the facts an event card may change, so they are asked
// afresh rather than offered as defaults.
func forgetAfter(s *deck.State, kind string) {
	var keys []string
	switch kind {
	case CivilWar: // knights and trade fleets leave: strength and commerce change
		keys = []string{FactKnight, FactWindmill, FactPlentyCards}
	case Raid: // a building goes back to hand
		keys = []string{FactWindmill, FactChurch, FactPlentyCards, vaultKey(0), vaultKey(1)}
	}
	for _, k := range keys {
		s.SetFact(k, "")
	}
}

// watchTower rolls the production die for a Watch Tower, and again for a
// Great Wall: rules/002 has each defence roll separately.
func (r *Ruleset) watchTower(s *deck.State, values []int) error {
	if s.Open == nil {
		return errors.New("no turn in play: a Spy comes during a turn")
	}
	if len(values) != 1 || values[0] < 0 || values[0] > 1 {
		return errors.New("choose Watch Tower, or Watch Tower and Great Wall")
	}
	d := NewProductionDie()
	s.Open.Dice[WatchTowerDie] = d.Roll(s.Rand())
	delete(s.Open.Dice, GreatWallDie)
	if values[0] == 1 {
		s.Open.Dice[GreatWallDie] = d.Roll(s.Rand())
	}
	return nil
}

// picked is how many cards seat has added to a Tournament deck.
func picked(s *deck.State, cfg *Config, seat int) int {
	n := 0
	for _, c := range slices.Concat(s.Deck.Draw, s.Deck.Discard) {
		if sl := cfg.Box[c]; sl.Owner == seat && !sl.Fixed {
			n++
		}
	}
	return n
}

// picker is the seat who picks next, -1 when no picks are due.
func picker(s *deck.State, cfg *Config) int {
	if cfg.Mode != ModeTournament {
		return -1
	}
	for seat := range 2 {
		if picked(s, cfg, seat) < Picks {
			return seat
		}
	}
	return -1
}

// pickChoice is one kind a player may pick: its label and the copies of
// their box not yet in the deck.
type pickChoice struct {
	label string
	cards []deck.Card
}

// pickChoices lists what seat may add: any card of their Basic Game and
// theme decks but the Year End (rules/002), as kinds with their copies.
func pickChoices(s *deck.State, cfg *Config, seat int) []pickChoice {
	in := map[deck.Card]bool{}
	for _, c := range s.Deck.Draw {
		in[c] = true
	}
	var out []pickChoice
	index := map[string]int{}
	for i, sl := range cfg.Box {
		c := deck.Card(i)
		if sl.Owner != seat || sl.Fixed || in[c] || sl.Kind.ID == YearEnd {
			continue
		}
		key := sl.Label()
		j, ok := index[key]
		if !ok {
			j = len(out)
			index[key] = j
			out = append(out, pickChoice{label: key})
		}
		out[j].cards = append(out[j].cards, c)
	}
	for i := range out {
		if n := len(out[i].cards); n > 1 {
			out[i].label += " ×" + strconv.Itoa(n)
		}
	}
	return out
}

// pickSpec is seat's secret pick: 4 choices among their own cards. It is
// Private, so the UI hands the laptop over before and after.
func pickSpec(s *deck.State, cfg *Config, seat int) deck.ActionSpec {
	choices := pickChoices(s, cfg, seat)
	labels := make([]string, len(choices))
	limits := make([]int, len(choices))
	for i, c := range choices {
		labels[i], limits[i] = c.label, len(c.cards)
	}
	name := s.Players[seat].Name
	spec := deck.ActionSpec{ID: ActPick, Label: "secret picks", Main: true, Private: true, Player: seat + 1,
		Help: name + " adds 4 event cards in secret"}
	for i := range Picks {
		spec.Inputs = append(spec.Inputs, deck.Input{Kind: deck.InputChoice, Choices: labels, Limits: limits,
			Prompt: fmt.Sprintf("%s: event card %d of %d", name, i+1, Picks)})
	}
	return spec
}

// pick adds seat's 4 chosen cards; after the last picks the 13 cards are
// shuffled (rules/002) and the first player rolls.
func (r *Ruleset) pick(s *deck.State, cfg *Config, seat int, values []int) error {
	choices := pickChoices(s, cfg, seat)
	if len(values) != Picks {
		return fmt.Errorf("pick %d event cards, not %d", Picks, len(values))
	}
	used := make([]int, len(choices))
	for _, v := range values {
		if v < 0 || v >= len(choices) {
			return fmt.Errorf("no choice %d", v+1)
		}
		if used[v] == len(choices[v].cards) {
			return fmt.Errorf("only %d of %s", len(choices[v].cards), choices[v].label)
		}
		used[v]++
	}
	for v, n := range used {
		for _, c := range choices[v].cards[:n] {
			s.Deck.PutTop(c)
		}
	}
	// The picker is the spec's Player: the turn stays with the first
	// player, who rolls once both have picked.
	if picker(s, cfg) >= 0 {
		return nil
	}
	s.Deck.Shuffle(s.Rand())
	return nil
}
