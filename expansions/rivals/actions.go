package rivals

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// Action ids.
const (
	ActPick           = "pick-set"
	ActRoll           = "roll"
	ActSetProduction  = "set-production"
	ActSetEvent       = "set-event"
	ActVoid           = "void"
	ActGreatForesight = "great-foresight"
	ActGroveForesight = "grove-foresight"
	ActScout          = "scout"
)

// Marks kept on a record, under Record.Marks.
const (
	markSetProduction = "set-production" // 1: Brigitta set the production die
	markSetEvent      = "set-event"      // 1: the event die was set by hand
	markVoided        = "voided"         // Grove of Vigilance: the voided face, index+1
	markForesight     = "foresight"      // Great Foresight: cards taken out this turn
	markBottomed      = "to-bottom"      // 1: the card went to the bottom, not under the top 4 (lockedReturn)
)

// LookDepth is how many cards Grove of Great Foresight and Siward the Scout
// look at (rules/003, rivals-for-catan.md).
const LookDepth = 3

// Actions lists what the table may do now: the roll, and what the cards
// of the game's sets may do (inplay.go). While a Duel's sets are to be
// picked, that is all it may do.
func (r *Ruleset) Actions(s *deck.State) []deck.ActionSpec {
	c, err := config(s)
	if err != nil {
		return nil
	}
	if picksDue(s, c) {
		return []deck.ActionSpec{r.pickSpec(s)}
	}
	specs := []deck.ActionSpec{
		{ID: ActRoll, Label: "roll", Help: "roll the production and event dice", Main: true},
		{ID: ActSetProduction, Key: "w", Label: "set production die", Help: "Brigitta the Wise Woman: choose the next production die",
			Inputs: []deck.Input{{Prompt: "Production die for the next roll (0: roll it)", Kind: deck.InputNumber, Min: 0, Max: 6}}},
		// rules/003: Grove of Justice sets the event die before its owner's
		// roll; Court Astrologer is no die set ahead (ActAstrologer).
		{ID: ActSetEvent, Key: "j", Label: "set event die", Help: "Grove of Justice: choose the event die before your roll",
			Inputs: []deck.Input{{Prompt: "Event die for the next roll", Kind: deck.InputChoice, Choices: eventChoices()}}},
	}
	if r.voidable(s) {
		specs = append(specs, deck.ActionSpec{ID: ActVoid, Key: "v", Label: "void event",
			Help: "Grove of Vigilance: the rolled event is void; draw an event card instead"})
	}
	if s.Deck.Len() > 0 {
		specs = append(specs, r.lookSpecs(s)...)
	}
	in := sets(s, c)
	if s.Open != nil {
		specs = append(specs, checkSpecs(s, slices.Contains(in, "sages"))...)
	}
	return inPlay(specs, in)
}

// eventChoices are the event die faces to set, and a way back to rolling.
func eventChoices() []string {
	return append(faceTitles(), "Roll it")
}

// picker is the seat that picks next: the starting player, then the other.
func picker(s *deck.State) int {
	if s.Trackers[trackFirstPick] == 0 {
		return s.Current
	}
	return (s.Current + 1) % len(s.Players)
}

// pickChoices are the theme sets the next picker may take.
func pickChoices(s *deck.State) []Set {
	var out []Set
	for i, set := range ThemeSets() {
		if s.Trackers[trackFirstPick] != i+1 {
			out = append(out, set)
		}
	}
	return out
}

func (r *Ruleset) pickSpec(s *deck.State) deck.ActionSpec {
	var names []string
	for _, set := range pickChoices(s) {
		names = append(names, set.Name)
	}
	seat := picker(s)
	who := s.Players[seat].Name
	// rules/003: each player chooses a set, the starting player first, in
	// the open: no secret, so no hand-off of the laptop (not Private).
	return deck.ActionSpec{ID: ActPick, Label: who + " picks a set", Named: true, Main: true, Player: seat + 1, // space: p stays "previous player"
		Help:   "Duel of the Princes: each player picks a theme set; the third is drawn by lot",
		Inputs: []deck.Input{{Prompt: who + ", pick a theme set", Kind: deck.InputChoice, Choices: names}}}
}

// Act does one action.
func (r *Ruleset) Act(s *deck.State, a deck.Action) error {
	c, err := config(s)
	if err != nil {
		return err
	}
	if picksDue(s, c) && a.ID != ActPick {
		return fmt.Errorf("the Duel's sets are still to be picked")
	}
	switch a.ID {
	case ActPick:
		return r.pick(s, c, a)
	case ActRoll:
		return r.roll(s, c)
	case ActSetProduction:
		if len(a.Values) != 1 || a.Values[0] < 0 || a.Values[0] > 6 {
			return fmt.Errorf("the production die shows 1 to 6")
		}
		setTracker(s, trackNextProd, a.Values[0])
		return nil
	case ActSetEvent:
		if len(a.Values) != 1 || a.Values[0] < 0 || a.Values[0] > len(EventFaces()) {
			return fmt.Errorf("no such event die face")
		}
		setTracker(s, trackNextEvent, (a.Values[0]+1)%(len(EventFaces())+1))
		return nil
	case ActVoid:
		return r.void(s, c)
	case ActGreatForesight, ActGroveForesight, ActScout:
		return r.look(s, a)
	case ActPirate, ActIsland, ActDispute, ActPeace, ActAstrologer:
		return r.check(s, c, a)
	}
	return fmt.Errorf("unknown action %q", a.ID)
}

// setTracker sets or, for 0, clears one of the ruleset's numbers.
func setTracker(s *deck.State, key string, v int) {
	if v == 0 {
		delete(s.Trackers, key)
		return
	}
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	s.Trackers[key] = v
}

// pick takes one player's theme set; after the second pick the third set
// is drawn by lot and the stack is built (rules/003).
func (r *Ruleset) pick(s *deck.State, c Config, a deck.Action) error {
	if !picksDue(s, c) {
		return fmt.Errorf("the Duel's sets are already chosen")
	}
	choices := pickChoices(s)
	if len(a.Values) != 1 || a.Values[0] < 0 || a.Values[0] >= len(choices) {
		return fmt.Errorf("no such theme set")
	}
	set := choices[a.Values[0]].ID
	first := s.Trackers[trackFirstPick]
	if first == 0 {
		setTracker(s, trackFirstPick, setIndex(set)+1)
		return nil
	}
	picked := []string{ThemeSets()[first-1].ID, set}
	chosen := chooseByLot(s, picked, 1)
	setTracker(s, trackDuelSets, setMask(chosen))
	setTracker(s, trackDuelLot, setMask(chosen[len(picked):])) // Announce says which
	r.startStack(s, c)
	return nil
}

// roll rolls both dice (or takes them as set by hand) and records the turn;
// "?" draws an event card.
func (r *Ruleset) roll(s *deck.State, c Config) error {
	r.forgetChanged(s)
	rec := deck.Record{Draw: s.Draws + 1, Player: s.Current, NoCard: true, Dice: map[string]string{}, Marks: map[string]int{}}
	prod := s.Trackers[trackNextProd]
	if prod > 0 {
		rec.Marks[markSetProduction] = 1
		setTracker(s, trackNextProd, 0)
	} else {
		prod = rollProduction(s)
	}
	face := eventDie().Roll(s.Rand())
	if v := s.Trackers[trackNextEvent]; v > 0 {
		face = EventFaces()[v-1].ID
		rec.Marks[markSetEvent] = 1
		setTracker(s, trackNextEvent, 0)
	}
	rec.Dice[ProductionDie] = strconv.Itoa(prod)
	rec.Dice[EventDie] = face
	if face == FaceEvent {
		d, err := r.draw(s, c)
		if err != nil {
			return err
		}
		rec.Card, rec.Rebuilt, rec.NoCard = d.id, d.rebuilt, false
		markBottom(rec.Marks, d)
	}
	rec.Year = s.Year
	s.Draws++
	s.StartTurn(rec)
	s.NextPlayer()
	return nil
}

// markBottom marks a turn whose card went to the bottom instead of under
// the top 4 (lockedReturn), so its steps say so.
func markBottom(marks map[string]int, d drawn) {
	if d.bottom {
		marks[markBottomed] = 1
	}
}

// voidable reports whether the open turn rolled an event Grove of
// Vigilance may void: Trade, Celebration or Brigand Attack (rules/003).
func (r *Ruleset) voidable(s *deck.State) bool {
	if s.Open == nil || s.Open.Marks[markVoided] != 0 {
		return false
	}
	f := s.Open.Dice[EventDie]
	return f == FaceTrade || f == FaceCelebration || f == FaceBrigand
}

// void turns the event die to "?" and draws the card. After a Brigand
// Attack production still comes first (rules/003).
func (r *Ruleset) void(s *deck.State, c Config) error {
	if !r.voidable(s) {
		return fmt.Errorf("only a rolled Trade, Celebration or Brigand Attack can be voided")
	}
	old := s.Open.Dice[EventDie]
	i := slices.IndexFunc(EventFaces(), func(f EventFace) bool { return f.ID == old })
	d, err := r.draw(s, c)
	if err != nil {
		return err
	}
	if s.Open.Marks == nil {
		s.Open.Marks = map[string]int{}
	}
	markBottom(s.Open.Marks, d)
	s.Open.Marks[markVoided] = i + 1
	s.Open.Dice[EventDie] = FaceEvent
	s.Open.Card, s.Open.Rebuilt, s.Open.NoCard = d.id, d.rebuilt, false
	s.Open.Year = s.Year
	return nil
}
