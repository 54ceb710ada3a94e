package catan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// Fact and answer keys. Per-player keys end in ":<seat>".
const (
	FactLargestArmy = "largest-army" // seat, or deck.AnswerNobody
	FactLongestRoad = "longest-road"
	FactPoints      = "points"  // victory points
	FactKnights     = "knights" // knight cards played
	FactRoads       = "roads"   // roads on the board
	FactHarbors     = "harbors" // buildings on harbors
	FactDamaged     = "damaged" // a damaged road: deck.AnswerYes or deck.AnswerNo
	AnswerHand      = "hand"    // cards in hand this turn (not remembered)
	AnswerRepaired  = "repaired"
	answerRemind    = "remind-repair" // set when the turn starts with a damaged road
)

// PlayerKey is the key of a per-player fact or answer.
func PlayerKey(fact string, seat int) string { return fact + ":" + strconv.Itoa(seat) }

// stepper builds the steps of the open turn: a pure function of the state,
// its facts and the answers given so far. Steps are rebuilt after every
// answer; an answer only changes the steps after its own.
type stepper struct {
	s     *deck.State
	cfg   Config
	turn  deck.Turn
	steps []deck.Step
}

// Steps walks the table through the open turn: a damaged-road reminder for
// the player whose turn it is, the event (catan-events.md, rules/000), then
// production, then the 5–6 player rule. Nil before the first draw.
func (r *Ruleset) Steps(s *deck.State) []deck.Step {
	if s.Open == nil {
		return nil
	}
	cfg, err := r.Config(s)
	if err != nil {
		return nil
	}
	b := &stepper{s: s, cfg: cfg, turn: r.TurnOf(*s.Open, cfg)}
	b.repairReminder()
	if cfg.CitiesKnights {
		b.eventDieSteps()
	}
	if !s.Open.NoCard {
		b.event()
	}
	b.production()
	b.fiveSix()
	return b.steps
}

// Answer applies an answer to the open turn's step q: it is kept with the
// turn, and as a fact when the question remembers. Marking a damaged road
// repaired clears that fact.
func (r *Ruleset) Answer(s *deck.State, q deck.Question, value string) error {
	if s.Open == nil {
		return fmt.Errorf("no turn to answer for")
	}
	if value != deck.AnswerSkip {
		if err := checkAnswer(s, q, value); err != nil {
			return err
		}
	}
	s.Answer(q.Key, value, q.Remember && value != deck.AnswerSkip)
	if seat, ok := strings.CutPrefix(q.Key, AnswerRepaired+":"); ok && value == deck.AnswerYes {
		s.Answer(FactDamaged+":"+seat, deck.AnswerNo, true)
	}
	return nil
}

func checkAnswer(s *deck.State, q deck.Question, v string) error {
	switch q.Kind {
	case deck.AskPlayer:
		if v == deck.AnswerNobody {
			return nil
		}
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n >= len(s.Players) {
			return fmt.Errorf("%q is not a player", v)
		}
	case deck.AskNumber:
		if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 999 {
			return fmt.Errorf("%q is not a number from 0 to 999", v)
		}
	case deck.AskYesNo:
		if v != deck.AnswerYes && v != deck.AnswerNo {
			return fmt.Errorf("%q is not yes or no", v)
		}
	}
	return nil
}

func (b *stepper) name(seat int) string { return b.s.Players[seat].Name }

func (b *stepper) add(st deck.Step) { b.steps = append(b.steps, st) }

// answered returns the answer given this turn for key, if any (a skip is an
// answer that knows nothing).
func (b *stepper) answered(key string) (string, bool) {
	v, ok := b.s.Open.Answers[key]
	return v, ok
}

// ask adds a question step and returns its answer if given, or "" and false.
func (b *stepper) ask(title, text string, players []int, q deck.Question) (string, bool) {
	if q.Remember {
		q.Default = b.s.Facts[q.Key]
	}
	b.add(deck.Step{Title: title, Text: text, Players: players, Question: &q})
	v, ok := b.answered(q.Key)
	if !ok || v == deck.AnswerSkip {
		return "", false
	}
	return v, true
}

// askEach asks a number of every player in seating order and returns the
// numbers, or false if any was skipped or not answered yet.
func (b *stepper) askEach(fact, title, prompt string, remember bool) ([]int, bool) {
	out := make([]int, len(b.s.Players))
	all := true
	for seat := range b.s.Players {
		v, ok := b.ask(title+": "+b.name(seat), "", []int{seat}, deck.Question{
			Key: PlayerKey(fact, seat), Prompt: fmt.Sprintf(prompt, b.name(seat)), Kind: deck.AskNumber, Remember: remember,
		})
		if !ok {
			all = false
			continue
		}
		out[seat], _ = strconv.Atoi(v)
	}
	return out, all
}

// most returns the seats with the highest count and that count.
func most(counts []int) ([]int, int) {
	top := slices.Max(counts)
	var seats []int
	for i, c := range counts {
		if c == top {
			seats = append(seats, i)
		}
	}
	return seats, top
}

func (b *stepper) names(seats []int) string {
	n := make([]string, len(seats))
	for i, s := range seats {
		n[i] = b.name(s)
	}
	switch len(n) {
	case 0:
		return "nobody"
	case 1:
		return n[0]
	}
	return strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1]
}

// repairReminder: a player with a damaged road is reminded at the start of
// each of their turns until it is repaired (catan-events.md, Earthquake).
// Whether to remind is fixed when the turn starts (see Draw), so that an
// Earthquake later in the same turn does not shift the steps.
func (b *stepper) repairReminder() {
	p := b.turn.Player
	if _, ok := b.answered(answerRemind); !ok {
		return
	}
	b.ask("Damaged road", b.name(p)+" has a damaged road: repair it (1 lumber + 1 brick) before building another road.",
		[]int{p}, deck.Question{Key: PlayerKey(AnswerRepaired, p), Prompt: "Repaired it now?", Kind: deck.AskYesNo})
}

func (b *stepper) event() {
	if b.cfg.Explorers {
		return // rules/000: Explorers & Pirates ignores the events
	}
	switch b.turn.Event {
	case EventRobberAttacks:
		b.robberAttacks()
	case EventGoodNeighbors:
		b.goodNeighbors()
	case EventHelpfulNeighbor:
		b.helpfulNeighbor()
	case EventConflict:
		if b.cfg.CitiesKnights {
			// rules/000, C&K: the highest active knight strength steals; a tie: no event.
			b.byMost(FactStrength, "Knights", "Active knight strength of %s?", "Conflict", "most knight strength", "knight strength")
			return
		}
		b.conflict()
	case EventTradeAdvantage:
		b.tradeAdvantage()
	case EventTournament:
		b.tournament()
	case EventCalmSeas:
		b.calmSeas()
	case EventEarthquake:
		b.earthquake()
	case EventEpidemic:
		b.add(deck.Step{Title: "Epidemic", Text: "This turn every city produces only 1 resource per hex."})
	case EventRobberFlees:
		t := "Put the robber on the desert. Nobody is robbed."
		if b.cfg.Flees == FleesOff {
			t = "Take the robber off the board. Nobody is robbed."
		}
		if b.cfg.Seafarers {
			t += " The pirate stays where it is." // rules/000, Seafarers
		}
		b.add(deck.Step{Title: "Robber Flees", Text: t})
	case EventPlentifulYear:
		b.add(deck.Step{Title: "Plentiful Year", Text: "Everyone takes 1 resource of their choice from the supply." + b.ckResource()})
	}
}

// robberAttacks: the 7 (rules/000): hands above the limit discard half,
// rounded down; then the player whose turn it is moves the robber and steals.
func (b *stepper) robberAttacks() {
	limit := b.cfg.HandLimit
	hands := make([]int, len(b.s.Players))
	known := make([]bool, len(b.s.Players))
	for seat := range b.s.Players {
		v, ok := b.ask("Hand: "+b.name(seat), "", []int{seat}, deck.Question{
			Key: PlayerKey(AnswerHand, seat), Prompt: fmt.Sprintf("How many cards does %s hold?", b.name(seat)), Kind: deck.AskNumber,
		})
		if ok {
			hands[seat], _ = strconv.Atoi(v)
			known[seat] = true
		}
	}
	var lines []string
	var unknown []int
	for seat := range b.s.Players {
		switch {
		case !known[seat]:
			unknown = append(unknown, seat)
		case hands[seat] > limit:
			lines = append(lines, fmt.Sprintf("%s discards %d (holds %d).", b.name(seat), hands[seat]/2, hands[seat]))
		}
	}
	if len(unknown) > 0 {
		lines = append(lines, fmt.Sprintf("%s: holding more than %d cards, discard half, rounded down.", b.names(unknown), limit))
	}
	if len(lines) == 0 {
		lines = []string{fmt.Sprintf("Nobody holds more than %d cards: nobody discards.", limit)}
	}
	b.add(deck.Step{Title: "Discard", Text: strings.Join(lines, "\n")})
	p := b.turn.Player
	if b.cfg.CitiesKnights && b.s.Trackers[TrackAttacks] == 0 {
		// cities-and-knights.md: before the first attack the robber stays put.
		b.add(deck.Step{Title: "Robber", Text: "The robber sleeps on the desert until the barbarians' first attack: it does not move and nobody is robbed."})
		return
	}
	b.add(deck.Step{Title: "Robber", Players: []int{p},
		Text: b.name(p) + " moves the robber to another hex and takes 1 random resource from a player with a building beside it."})
}

// goodNeighbors: everyone with a card passes 1 to the left (rules/000); one
// step per player in seating order.
func (b *stepper) goodNeighbors() {
	n := len(b.s.Players)
	for seat := range b.s.Players {
		left := (seat + 1) % n
		b.add(deck.Step{Title: b.name(seat) + " → " + b.name(left), Players: []int{seat},
			Text: fmt.Sprintf("%s passes 1 card of their choice to %s (nothing if %s holds no cards).", b.name(seat), b.name(left), b.name(seat)) + b.ckCommodity()})
	}
}

// helpfulNeighbor: the leaders on points give (rules/000); 4th edition: to
// every other player, else to one player with fewer points.
func (b *stepper) helpfulNeighbor() {
	points, all := b.askEach(FactPoints, "Points", "How many victory points does %s have?", true)
	title := Title(EventHelpfulNeighbor, b.cfg.Edition)
	if !all {
		b.add(deck.Step{Title: title, Text: Text(EventHelpfulNeighbor, b.cfg)})
		return
	}
	leaders, top := most(points)
	var behind []int
	for seat, p := range points {
		if p < top {
			behind = append(behind, seat)
		}
	}
	if len(behind) == 0 {
		b.add(deck.Step{Title: title, Text: "Everyone has the same points: nobody gives."})
		return
	}
	var lines []string
	for _, l := range leaders {
		if b.cfg.Edition == 4 {
			others := slices.DeleteFunc(slices.Clone(allSeats(len(points))), func(s int) bool { return s == l })
			lines = append(lines, fmt.Sprintf("%s (%d points) gives 1 card to each of %s; without %d cards, gives none.",
				b.name(l), top, b.names(others), len(others)))
		} else {
			lines = append(lines, fmt.Sprintf("%s (%d points) gives 1 card of their choice to one of: %s. No cards: gives nothing.",
				b.name(l), top, b.names(behind)))
		}
	}
	b.add(deck.Step{Title: title, Players: leaders, Text: strings.Join(lines, "\n") + b.ckCommodity()})
}

func allSeats(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// steal is the step of a single player taking a resource from an opponent.
func (b *stepper) steal(title string, seat int, why string) {
	b.add(deck.Step{Title: title, Players: []int{seat},
		Text: fmt.Sprintf("%s (%s) takes 1 resource from an opponent of their choice.", b.name(seat), why)})
}

// holder asks who holds a bonus and returns the seat, or -1 for nobody, and
// false while unknown.
func (b *stepper) holder(fact, title, prompt string) (int, bool) {
	v, ok := b.ask(title, "", nil, deck.Question{Key: fact, Prompt: prompt, Kind: deck.AskPlayer, Remember: true})
	if !ok {
		return 0, false
	}
	if v == deck.AnswerNobody {
		return -1, true
	}
	seat, _ := strconv.Atoi(v)
	return seat, true
}

// conflict: the Largest Army holder steals; unclaimed, the most knights
// played; a tie for most: no event (rules/000).
func (b *stepper) conflict() {
	seat, ok := b.holder(FactLargestArmy, "Largest Army", "Who holds the Largest Army?")
	switch {
	case !ok:
		b.add(deck.Step{Title: "Conflict", Text: Text(EventConflict, b.cfg)})
	case seat >= 0:
		b.steal("Conflict", seat, "Largest Army")
	default:
		b.byMost(FactKnights, "Knights", "How many knights has %s played?", "Conflict", "most knights", "knights")
	}
}

// byMost asks a count of everyone; the single player with the most steals,
// a tie for most is no event.
func (b *stepper) byMost(fact, askTitle, prompt, title, why, unit string) {
	counts, all := b.askEach(fact, askTitle, prompt, true)
	if !all {
		b.add(deck.Step{Title: title, Text: fmt.Sprintf("The player with the most %s takes 1 resource from an opponent. A tie for most: no event.", unit)})
		return
	}
	seats, top := most(counts)
	if len(seats) > 1 {
		b.add(deck.Step{Title: title, Text: fmt.Sprintf("No event: tie for most %s (%s, %d each).", unit, b.names(seats), top)})
		return
	}
	b.steal(title, seats[0], fmt.Sprintf("%s: %d", why, top))
}

// tradeAdvantage: the Longest Road holder steals; unclaimed, no event from
// the 6th edition, else the most roads, a tie being no event (rules/000).
func (b *stepper) tradeAdvantage() {
	seat, ok := b.holder(FactLongestRoad, "Longest Road", "Who holds the Longest Road?")
	switch {
	case !ok:
		b.add(deck.Step{Title: "Trade Advantage", Text: Text(EventTradeAdvantage, b.cfg)})
	case seat >= 0:
		b.steal("Trade Advantage", seat, "Longest Road")
	case b.cfg.Edition >= 6:
		b.add(deck.Step{Title: "Trade Advantage", Text: "No event: nobody holds the Longest Road."})
	default:
		b.byMost(FactRoads, "Roads", "How many roads does %s have on the board?", "Trade Advantage", "most roads", "roads")
	}
}

// shareOut asks a count of everyone; all who tie for the most (above 0)
// take 1 resource from the supply (Tournament, Calm Seas).
func (b *stepper) shareOut(fact, askTitle, prompt, title, unit string) {
	counts, all := b.askEach(fact, askTitle, prompt, true)
	if !all {
		b.add(deck.Step{Title: title, Text: Text(b.turn.Event, b.cfg)})
		return
	}
	seats, top := most(counts)
	if top == 0 {
		b.add(deck.Step{Title: title, Text: fmt.Sprintf("Nobody has any %s: nobody takes a resource.", unit)})
		return
	}
	verb := "takes"
	if len(seats) > 1 {
		verb = "each take"
	}
	b.add(deck.Step{Title: title, Players: seats,
		Text: fmt.Sprintf("%s (%d %s) %s 1 resource of their choice from the supply.", b.names(seats), top, unit, verb) + b.ckResource()})
}

func (b *stepper) tournament() {
	if b.cfg.CitiesKnights {
		// rules/000, C&K: the highest active knight strength, a resource only.
		b.shareOut(FactStrength, "Knights", "Active knight strength of %s?", "Tournament", "knight strength")
		return
	}
	b.shareOut(FactKnights, "Knights", "How many knights has %s played?", "Tournament", "knights played")
}

func (b *stepper) calmSeas() {
	b.shareOut(FactHarbors, "Harbors", "How many buildings does %s have on harbors?", Title(EventCalmSeas, b.cfg.Edition), "buildings on harbors")
}

// earthquake: everyone damages a road (rules/000); the app remembers who, to
// remind them until it is repaired.
func (b *stepper) earthquake() {
	for seat := range b.s.Players {
		text := b.name(seat) + " turns one of their roads sideways: it is damaged."
		if b.cfg.Seafarers {
			text += " Ships are never damaged." // rules/000, Seafarers
		}
		b.ask("Earthquake: "+b.name(seat), text, []int{seat}, deck.Question{
			Key: PlayerKey(FactDamaged, seat), Prompt: "Did " + b.name(seat) + " damage a road?", Kind: deck.AskYesNo, Remember: true,
		})
	}
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
		return " A commodity may be given instead, and must be if that is all the hand holds."
	}
	return ""
}

// production closes every turn: the number's hexes produce (rules/000:
// event first, then production).
func (b *stepper) production() {
	n := b.turn.Number
	if n == 7 {
		b.add(deck.Step{Title: "Production", Text: "7: nothing produces this turn."})
		return
	}
	text := fmt.Sprintf("%d: everyone with a settlement or city on a %d hex collects (1 per settlement, 2 per city).", n, n)
	if b.turn.Event == EventEpidemic && !b.cfg.Explorers {
		text = fmt.Sprintf("%d: everyone with a settlement or city on a %d hex collects; Epidemic: each city only 1.", n, n)
		if b.cfg.CitiesKnights {
			text += " Cities collect no commodities." // rules/000, C&K
		}
	}
	b.add(deck.Step{Title: "Production", Text: text})
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
		b.add(deck.Step{Title: "Paired player", Players: []int{pair},
			Text: fmt.Sprintf("%s, across the table, is %s's paired player this turn and may build too.", b.name(pair), b.name(p))})
		return
	}
	var others []int
	for i := 1; i < n; i++ {
		others = append(others, (p+i)%n)
	}
	b.add(deck.Step{Title: "Special Building Phase", Players: others,
		Text: fmt.Sprintf("After %s's turn, %s may each build in turn (no trading).", b.name(p), b.names(others))})
}

// AnswerText says an answer given in a turn in a few words for the history
// ("Ann holds 9", "Largest Army: Bob"), or "" for one not worth showing.
func (r *Ruleset) AnswerText(s *deck.State, key, value string) string {
	who := func(v string) string {
		if v == deck.AnswerNobody {
			return "nobody"
		}
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < len(s.Players) {
			return s.Players[n].Name
		}
		return v
	}
	fact, seatText, perPlayer := strings.Cut(key, ":")
	name := ""
	if perPlayer {
		name = who(seatText)
	}
	if value == deck.AnswerSkip {
		if perPlayer {
			return name + " " + fact + ": skipped"
		}
		return fact + ": skipped"
	}
	switch fact {
	case answerRemind:
		return ""
	case FactLargestArmy:
		return "Largest Army: " + who(value)
	case FactLongestRoad:
		return "Longest Road: " + who(value)
	case AnswerHand:
		return name + " holds " + value
	case FactPoints:
		return name + " " + value + " points"
	case FactKnights:
		return name + " " + value + " knights"
	case FactRoads:
		return name + " " + value + " roads"
	case FactHarbors:
		return name + " " + value + " on harbors"
	case FactDamaged:
		if value == deck.AnswerYes {
			return name + " damaged a road"
		}
		return name + " no damaged road"
	case AnswerRepaired:
		if value == deck.AnswerYes {
			return name + " repaired the road"
		}
		return name + " road not yet repaired"
	}
	return key + ": " + value
}

// FactQuestions lists every fact the table can correct, each as a question
// whose Default is the value remembered now ("" for unknown).
func (r *Ruleset) FactQuestions(s *deck.State) []deck.Question {
	cfg, _ := r.Config(s)
	num := func(key, prompt string) deck.Question {
		return deck.Question{Key: key, Prompt: prompt, Kind: deck.AskNumber, Remember: true}
	}
	var qs []deck.Question
	if !cfg.CitiesKnights { // C&K has no Largest Army: knights are on the board
		qs = append(qs, deck.Question{Key: FactLargestArmy, Prompt: "Largest Army", Kind: deck.AskPlayer, Remember: true})
	}
	qs = append(qs, deck.Question{Key: FactLongestRoad, Prompt: "Longest Road", Kind: deck.AskPlayer, Remember: true})
	if cfg.CitiesKnights {
		qs = append(qs, num(FactBoardCities, "Cities and metropolises on the board"))
	}
	for seat, p := range s.Players {
		qs = append(qs, num(PlayerKey(FactPoints, seat), p.Name+": victory points"))
		if cfg.CitiesKnights {
			qs = append(qs,
				num(PlayerKey(FactStrength, seat), p.Name+": active knight strength"),
				num(PlayerKey(FactCities, seat), p.Name+": cities (not metropolises)"))
			for _, g := range ck.Gates() {
				qs = append(qs, num(PlayerKey(FactLevel+"-"+g, seat), p.Name+": "+ck.Track(g)+" level"))
			}
		} else {
			qs = append(qs, num(PlayerKey(FactKnights, seat), p.Name+": knights played"))
		}
		qs = append(qs,
			num(PlayerKey(FactRoads, seat), p.Name+": roads on the board"),
			num(PlayerKey(FactHarbors, seat), p.Name+": buildings on harbors"),
			deck.Question{Key: PlayerKey(FactDamaged, seat), Prompt: p.Name + ": damaged road", Kind: deck.AskYesNo, Remember: true},
		)
	}
	for i := range qs {
		qs[i].Default = s.Facts[qs[i].Key]
	}
	return qs
}

// SetFact corrects a remembered fact; "" forgets it.
func (r *Ruleset) SetFact(s *deck.State, q deck.Question, value string) error {
	if value == "" {
		delete(s.Facts, q.Key)
		return nil
	}
	if err := checkAnswer(s, q, value); err != nil {
		return err
	}
	if s.Facts == nil {
		s.Facts = map[string]string{}
	}
	s.Facts[q.Key] = value
	return nil
}
