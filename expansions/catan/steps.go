package catan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// Fact and answer keys. Per-player keys end in ":<seat>".
const (
	FactLargestArmy = "largest-army" // seat, or deck.AnswerNobody
	FactLongestRoad = "longest-road"
	FactDamaged     = "damaged" // a damaged road: deck.AnswerYes or deck.AnswerNo
	FactWalls       = "walls"   // C&K city walls, per player (0–3)
	AnswerOver      = "over-limit"
	AnswerHand      = "hand" // cards in hand this turn (not remembered)
	AnswerMost      = "most" // "most:points" and the like: who leads this turn
	AnswerDamage    = "damage"
)

// PlayerKey is the key of a per-player fact or answer.
func PlayerKey(fact string, seat int) string { return steps.PlayerKey(fact, seat) }

// stepper builds the steps of the open turn: a pure function of the state,
// its facts and the answers given so far. Steps are rebuilt after every
// answer; an answer only changes the steps after its own.
type stepper struct {
	*steps.Builder
	s    *deck.State
	cfg  Config
	turn deck.Turn
	// progressNote ends the progress-card step's text: a layer's reminder
	// (the seasonal variant's hand limit), said once where it matters.
	progressNote string
}

// Steps walks the table through the open turn: a damaged-road line for the
// player whose turn it is, the layers' steps before the event (the C&K
// event die), the event (catan-events.md, rules/000), production, and the
// 5–6 player rule. Nil before the first draw.
func (r *Ruleset) Steps(s *deck.State) []deck.Step {
	if s.Open == nil {
		return nil
	}
	cfg, err := config(s)
	if err != nil {
		return nil
	}
	b := &stepper{Builder: steps.New(s), s: s, cfg: cfg, turn: r.turnOf(s, *s.Open, cfg)}
	b.damagedRoad()
	for _, l := range cfg.layers() {
		l.before(b)
	}
	b.event()
	b.production()
	for _, l := range cfg.layers() {
		l.afterProduction(b)
	}
	b.fiveSix()
	return b.Steps
}

// Answer applies an answer to the open turn's step q: it is kept with the
// turn, with its words, and as a fact when the question remembers. Some
// answers change facts too: who damaged a road in an Earthquake, and what
// the layers remember (C&K levels, cities lost).
func (r *Ruleset) Answer(s *deck.State, q deck.Question, value string) error {
	if err := steps.Answer(s, q, value); err != nil {
		return err
	}
	if value == deck.AnswerSkip {
		return nil
	}
	if q.Key == AnswerDamage {
		// Earthquake: who damaged a road is remembered until repaired.
		seats, _ := deck.ParseSeats(value, len(s.Players))
		for _, seat := range seats {
			s.SetFact(PlayerKey(FactDamaged, seat), deck.AnswerYes)
		}
	}
	cfg, err := config(s)
	if err != nil {
		return err
	}
	for _, l := range cfg.layers() {
		l.answered(s, q, value)
	}
	return nil
}

// damagedRoad: a player with a damaged road sees a standing line on each of
// their turns until it is repaired (catan-events.md, Earthquake). It never
// blocks: the road is marked repaired with a key or on the facts screen.
// Whether to remind is fixed when the turn starts (Draw marks it), so an
// Earthquake in the same turn does not put the line before its own step.
func (b *stepper) damagedRoad() {
	p := b.turn.Player
	if b.s.Open.Marks[MarkDamaged] != 1 || b.s.Facts[PlayerKey(FactDamaged, p)] != deck.AnswerYes {
		return
	}
	// catan-events.md: the repair's cost is "likely", so the step says whose
	// reading it is (issue 31).
	b.Tell("Damaged road", b.Name(p)+": damaged road. Repair it (1 lumber + 1 brick) before building roads. "+reading, p)
}

// RepairAction is the key that marks the road of the player whose turn it is repaired.
const RepairAction = "repaired"

func (b *stepper) event() {
	if b.houseEvent() { // the table's own card (house.go)
		return
	}
	if b.turn.Number == 7 {
		// rules/000: Robber Attacks only reminds of the normal 7, so every 7
		// walks it: Alchemy's chosen 7 and a 7 under Explorers & Pirates too.
		b.robberAttacks()
		return
	}
	if b.turn.Chosen || b.cfg.Explorers {
		return // rules/000: no card event with Alchemy, none with Explorers & Pirates
	}
	for _, l := range b.cfg.layers() {
		if l.event(b) {
			return
		}
	}
	switch b.turn.Event {
	case EventGoodNeighbors:
		b.goodNeighbors()
	case EventHelpfulNeighbor:
		b.helpfulNeighbor()
	case EventConflict:
		b.conflict()
	case EventTradeAdvantage:
		b.tradeAdvantage()
	case EventTournament:
		b.shareOut("knights", "Who has played the most knights?", "Tournament", "most knights played", false)
	case EventCalmSeas:
		b.shareOut("harbors", "Who has the most buildings on harbors?", Title(EventCalmSeas, b.cfg.Edition), "most harbor buildings", true)
	case EventEarthquake:
		b.earthquake()
	case EventRobberFlees:
		// The setting says where it goes (rules/000: the desert, or off the
		// board as the scenario says).
		t := "Put the robber on the desert. Nobody is robbed."
		if b.cfg.Flees == FleesOff {
			t = "Take the robber off the board. Nobody is robbed."
		}
		if b.cfg.Seafarers {
			t += " The pirate stays where it is." // rules/000, Seafarers
		}
		b.Tell(Title(EventRobberFlees, b.cfg.Edition), t)
	case EventEpidemic, EventPlentifulYear:
		b.Tell(Title(b.turn.Event, b.cfg.Edition), b.turn.Text)
	}
}

// handLimit is a player's hand limit on a 7 (limitOf).
func (b *stepper) handLimit(seat int) int { return limitOf(b.s, b.cfg, seat) }

// robberAttacks: the 7 (rules/000): who holds more than their limit is
// asked as one choice, then only their hands, to say how many they
// discard (half, rounded down); then the robber. The limits are those the
// game knows (overLimit), in the question and in the skipped step alike.
func (b *stepper) robberAttacks() {
	over, ok := b.AskPlayers("Over the limit", "", deck.Question{Key: AnswerOver, Prompt: "Who holds " + overLimit(b.s, b.cfg) + "?", Topic: "Over the limit",
		Own: "Do you hold " + yourLimit(b.s, b.cfg) + "?"})
	switch {
	case !ok:
		b.Tell("Discard", "Everyone holding "+overLimit(b.s, b.cfg)+" discards half, rounded down.")
	case len(over) == 0:
		b.Decide("Discard", "Nobody discards.", "Nobody is over the limit: nobody discards.")
	default:
		var lines, outcome []string
		known := true
		for _, seat := range over {
			n, ok := b.AskNumber("Hand: "+b.Name(seat), "", []int{seat}, deck.Question{
				Key: PlayerKey(AnswerHand, seat), Prompt: fmt.Sprintf("How many cards does %s hold?", b.Name(seat)),
				Topic: b.Name(seat) + "'s hand", Max: MaxHand,
			})
			switch {
			case !ok:
				known = false
				lines = append(lines, b.Name(seat)+" discards half, rounded down.")
			case n <= b.handLimit(seat):
				lines = append(lines, fmt.Sprintf("%s holds %d: no more than %d, no discard.", b.Name(seat), n, b.handLimit(seat)))
			default:
				outcome = append(outcome, fmt.Sprintf("%s %d", b.Name(seat), n/2))
				lines = append(lines, fmt.Sprintf("%s discards %d.", b.Name(seat), n/2))
			}
		}
		text := strings.Join(lines, "\n")
		switch {
		case !known:
			b.Tell("Discard", text, over...)
		case len(outcome) == 0:
			b.Decide("Discard", "Nobody discards.", text, over...)
		default:
			b.Decide("Discard", "Discard: "+strings.Join(outcome, ", ")+".", text, over...)
		}
	}
	p := b.turn.Player
	if b.cfg.CitiesKnights && robberSleeps(*b.s.Open) {
		// cities-and-knights.md: before the first attack the robber stays put.
		b.Tell("Robber", "The robber sleeps on the desert until the barbarians' first attack: it does not move and nobody is robbed.")
		return
	}
	b.Tell("Robber", robberMove(b.Name(p), b.cfg), p)
}

// MaxHand is the most cards a hand is taken to hold; more is a typing slip.
const MaxHand = 60

// leaders asks who leads in something as one pick (ties: several) and
// returns the seats, or false while unknown.
func (b *stepper) leaders(what, prompt, topic string) ([]int, bool) {
	title := strings.ToUpper(topic[:1]) + topic[1:]
	seats, ok := b.AskPlayers(title, "", deck.Question{Key: AnswerMost + ":" + what, Prompt: prompt, Topic: title, One: true})
	return seats, ok
}

// helpfulNeighbor: the leaders on points give (rules/000): in the 4th
// edition 1 card to each remaining player (each who is not a leader), else
// 1 card to one player of their choice with fewer points.
func (b *stepper) helpfulNeighbor() {
	title := Title(EventHelpfulNeighbor, b.cfg.Edition)
	top, ok := b.leaders("points", "Who has the most victory points?", "most points")
	if !ok {
		b.Tell(title, Text(EventHelpfulNeighbor, b.cfg))
		return
	}
	behind := slices.DeleteFunc(b.Seats(), func(s int) bool { return slices.Contains(top, s) })
	if len(top) == 0 || len(behind) == 0 {
		b.Tell(title, "Everyone has the same points: nobody gives.")
		return
	}
	if b.cfg.Edition == 4 {
		// The 4th edition's "each remaining player" read as each player who
		// is not a leader: eventdeck's reading (issue 40).
		to := "to " + b.Names(behind)
		switch {
		case len(behind) > 1 && len(top) == 1:
			to = "each to " + b.Names(behind)
		case len(behind) > 1:
			to = "to each of " + b.Names(behind)
		}
		need := "a card"
		if len(behind) > 1 {
			need = strconv.Itoa(len(behind)) + " cards"
		}
		text := fmt.Sprintf("%s 1 resource card %s. Without %s, give none.", b.givers(top), to, need)
		b.Tell(title, text+b.ckCommodity()+" "+reading, top...)
		return
	}
	to := "one of " + b.Names(behind)
	if len(behind) == 1 {
		to = b.Names(behind)
	}
	text := fmt.Sprintf("%s 1 resource card of their choice to %s. No cards: give nothing.", b.givers(top), to)
	b.Tell(title, text+b.ckCommodity(), top...)
}

// goodNeighbors names who hands a card to whom, in seating order (rules/000:
// each player with a card passes one to the left, the next seat; issue 40:
// the table reads the pairs, not a direction).
func (b *stepper) goodNeighbors() {
	n := len(b.s.Players)
	pairs := make([]string, 0, n)
	for from := range n {
		pairs = append(pairs, b.Name(from)+" → "+b.Name((from+1)%n))
	}
	text := "To the left: " + strings.Join(pairs, ", ") + ". Each hands over 1 resource card they pick; without one, nothing."
	if b.cfg.CitiesKnights {
		text += ckChange(EventGoodNeighbors)
	}
	b.Tell(Title(EventGoodNeighbors, b.cfg.Edition), text)
}

func (b *stepper) givers(seats []int) string {
	if len(seats) == 1 {
		return b.Name(seats[0]) + " gives"
	}
	return b.Names(seats) + " each give"
}

// steal is the step of a single player taking a resource from an opponent;
// the rules say "may steal" (rules/000): drawn blind from the hand, which
// "of choice" (a type picked) would not say (issue 40).
func (b *stepper) steal(title string, seat int, why string) {
	b.Tell(title, fmt.Sprintf("%s (%s) may steal 1 resource, drawn blind from the hand of an opponent they pick.", b.Name(seat), why), seat)
}

// byMost: the single leader steals; a tie for most is no event (rules/000).
func (b *stepper) byMost(what, prompt, title, topic string) {
	top, ok := b.leaders(what, prompt, topic)
	switch {
	case !ok:
		b.Tell(title, fmt.Sprintf("The player with the %s may steal 1 resource, drawn blind from an opponent's hand. A tie: no event.", topic))
	case len(top) == 0:
		b.Tell(title, "No event: nobody has any.")
	case len(top) > 1:
		b.Tell(title, fmt.Sprintf("No event: %s tie for %s.", b.Names(top), topic))
	default:
		b.steal(title, top[0], topic)
	}
}

// conflict: the Largest Army holder steals; unclaimed, the most knights
// played; a tie for most: no event (rules/000).
func (b *stepper) conflict() {
	seat, ok := b.Holder("Largest Army", deck.Question{Key: FactLargestArmy, Prompt: "Who holds the Largest Army?", Topic: "Largest Army", Remember: true})
	switch {
	case !ok:
		b.Tell("Conflict", Text(EventConflict, b.cfg))
	case seat >= 0:
		b.steal("Conflict", seat, "Largest Army")
	default:
		b.byMost("knights", "Who has played the most knights?", "Conflict", "most knights played")
	}
}

// tradeAdvantage: the Longest Road holder steals; unclaimed, no event from
// the 6th edition, else the most roads, a tie being no event (rules/000).
func (b *stepper) tradeAdvantage() {
	seat, ok := b.Holder("Longest Road", deck.Question{Key: FactLongestRoad, Prompt: "Who holds the Longest Road?", Topic: "Longest Road", Remember: true})
	switch {
	case !ok:
		b.Tell("Trade Advantage", Text(EventTradeAdvantage, b.cfg))
	case seat >= 0:
		b.steal("Trade Advantage", seat, "Longest Road")
	case b.cfg.Edition >= 6:
		b.Tell("Trade Advantage", "No event: nobody holds the Longest Road.")
	default:
		b.byMost("roads", "Who has the most roads on the board?", "Trade Advantage", "most roads")
	}
}

// shareOut: all who tie for the most take 1 resource from the supply
// (Tournament, Calm Seas). may says the rule's word: rules/000 has Calm
// Seas' players "may take", Tournament's "takes".
// Nobody picked: nobody has any, and nobody takes one.
func (b *stepper) shareOut(what, prompt, title, topic string, may bool) {
	top, ok := b.leaders(what, prompt, topic)
	switch {
	case !ok:
		b.Tell(title, b.turn.Text)
	case len(top) == 0:
		b.Tell(title, "Nobody has any: nobody takes a resource.")
	default:
		verb := "takes"
		if len(top) > 1 {
			verb = "each take"
		}
		if may {
			verb = "may " + strings.TrimSuffix(verb, "s")
		}
		b.Tell(title, fmt.Sprintf("%s (%s) %s 1 resource of their choice from the supply.", b.Names(top), topic, verb)+b.ckResource(), top...)
	}
}

// earthquake: everyone damages a road (rules/000); one question confirms
// who did (everyone with a road, by default), remembered until repaired.
func (b *stepper) earthquake() {
	text := "Everyone turns one road sideways: it is damaged."
	if b.cfg.Seafarers {
		text += " Ships are never damaged." // rules/000, Seafarers
	}
	b.AskPlayers("Earthquake", text, deck.Question{Key: AnswerDamage, Prompt: "Who damaged a road? (anyone without a road: untick)",
		Topic: "Damaged a road", Default: deck.FormatSeats(b.Seats())})
}

// ckResource and ckCommodity add the C&K changes (rules/000) to a step.
func (b *stepper) ckResource() string {
	if b.cfg.CitiesKnights {
		return " A resource, not a commodity."
	}
	return ""
}

func (b *stepper) ckCommodity() string {
	if b.cfg.CitiesKnights {
		// rules/001: progress cards are never traded (issue 40).
		return " A commodity may be given instead, and must be if that is all the hand holds. Never a progress card."
	}
	return ""
}

// an is the article for a number said aloud: "an 8", "an 11", "a 6".
func an(n int) string {
	if n == 8 || n == 11 || n == 18 {
		return "an " + strconv.Itoa(n)
	}
	return "a " + strconv.Itoa(n)
}

// production closes every turn: the number's hexes produce (rules/000:
// event first, then production).
func (b *stepper) production() {
	n := b.turn.Number
	if n == 7 {
		b.Tell("Production", "7: nothing produces this turn.")
		return
	}
	text := fmt.Sprintf("Every settlement on %s hex collects 1, every city 2.", an(n))
	if b.cfg.CitiesKnights {
		// cities-and-knights.md: cities on pasture, forest and mountains take a commodity for their second card.
		text = fmt.Sprintf("Every settlement on %s hex collects 1; a city 2, or on pasture, forest or mountains 1 resource + 1 commodity.", an(n))
	}
	if b.turn.Event == EventEpidemic && !b.cfg.Explorers && !b.turn.Chosen {
		text = fmt.Sprintf("Every settlement and city on %s hex collects 1 (Epidemic).", an(n))
		if b.cfg.CitiesKnights {
			text += " No commodities." // rules/000, C&K
		}
	}
	b.Tell("Production", text)
}

// fiveSix: with 5 or 6 players, the older rule gives the others a Special
// Building Phase after each turn, the newer pairs players (catan-events.md).
func (b *stepper) fiveSix() {
	n := len(b.s.Players)
	if n < 5 {
		return
	}
	p := b.turn.Player
	if b.cfg.FiveSix == FiveSixPairs {
		pair := (p + n/2) % n
		// The seat across the table is eventdeck's reading of the newer
		// rule (catan-events.md names no pairing): said on the step (issue 40).
		b.Tell("Paired player", fmt.Sprintf("%s, across the table, is %s's paired player this turn and may build too. %s", b.Name(pair), b.Name(p), reading), pair)
		return
	}
	var others []int
	for i := 1; i < n; i++ {
		others = append(others, (p+i)%n)
	}
	b.Tell("Special Building Phase", fmt.Sprintf("After %s's turn, %s may each build in turn (no trading).", b.Name(p), b.Names(others)), others...)
}

// Facts lists every fact the table can correct, each as a question whose
// Default is the value remembered now ("" for unknown).
func (r *Ruleset) Facts(s *deck.State) []deck.Question {
	cfg, _ := config(s)
	var qs []deck.Question
	if !cfg.CitiesKnights { // C&K has no Largest Army: knights are on the board
		qs = append(qs, deck.Question{Key: FactLargestArmy, Prompt: "Largest Army", Topic: "Largest Army", Kind: deck.AskPlayer, Remember: true})
	}
	qs = append(qs, deck.Question{Key: FactLongestRoad, Prompt: "Longest Road", Topic: "Longest Road", Kind: deck.AskPlayer, Remember: true})
	for _, l := range cfg.layers() {
		qs = append(qs, l.facts(s)...)
	}
	for seat, p := range s.Players {
		qs = append(qs, deck.Question{Key: PlayerKey(FactDamaged, seat), Prompt: p.Name + ": damaged road", Topic: p.Name + "'s damaged road", Kind: deck.AskYesNo, Remember: true})
	}
	for i := range qs {
		qs[i].Default = s.Facts[qs[i].Key]
	}
	return qs
}

// SetFact corrects a remembered fact; "" forgets it.
// A level set by hand is exact: at least and at most that, until its
// owner's turn ends.
func (r *Ruleset) SetFact(s *deck.State, q deck.Question, value string) error {
	if err := steps.SetFact(s, q, value); err != nil {
		return err
	}
	if face, seat, ok := levelOf(q.Key); ok {
		if n, err := strconv.Atoi(value); err == nil {
			setLevelMax(s, face, seat, n)
		} else {
			delete(s.Facts, levelMaxKey(face, seat))
		}
	}
	return nil
}

// MarkDamaged marks a turn whose player started it with a damaged road.
const MarkDamaged = "damaged-road"

// markDamaged marks the turn about to start when its player has a damaged
// road: the standing line shows on that turn, whatever the turn's own
// Earthquake does.
func markDamaged(s *deck.State, rec *deck.Record) {
	if s.Facts[PlayerKey(FactDamaged, s.Current)] != deck.AnswerYes {
		return
	}
	if rec.Marks == nil {
		rec.Marks = map[string]int{}
	}
	rec.Marks[MarkDamaged] = 1
}
