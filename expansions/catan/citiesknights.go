package catan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// Trackers, marks, dice and facts of Cities & Knights.
const (
	TrackBarbarians = "barbarians" // the ship's position, 0..7; 7 is the attack
	TrackAttacks    = "attacks"    // attacks so far: the robber wakes at the first
	MarkBarbarians  = "barbarians" // a turn's mark: the ship's position after it
	MarkAttack      = "attack"     // a turn's mark: 1 when the barbarians attack
	MarkAttacks     = "attacks"    // a turn's mark: attacks before this turn
	DieEvent        = "event_die"
	DieProgressRed  = "progress_red"
	FactBoardCities = "board-cities"
	FactLevel       = "level" // improvement level: "level-trade:2"
	AnswerDefence   = "catan-strength"
	AnswerDefenders = "defenders" // who gave the most strength, when Catan wins
	AnswerWeakest   = "weakest"   // who gave the least, among players with a city, when the barbarians win
	pileEventDie    = "event-die"
)

// citiesKnights is the Cities & Knights layer over the board game
// (rules/000, cities-and-knights.md): the event die and the red die for
// progress cards, the barbarians, city walls and the Aqueduct.
type citiesKnights struct{}

// roll begins a C&K turn: the event die is rolled, then the turn goes on
// as apply says. The card is drawn first, then the event die, then the
// red: one order, so a seed replays the same night.
func (c citiesKnights) roll(s *deck.State, cfg *Config, rec *deck.Record, card Card, chosen bool) {
	face, typed := rec.Dice[DieEvent] // typed dice bring the event die typed in
	if !typed {
		face = rollEventDie(s, cfg)
	}
	c.apply(s, cfg, rec, face, card.Red, chosen)
}

// apply plays an event die face on a turn, rolled or printed on the card
// (the seasonal variant): after an attack the ship goes back to the start;
// the red die for progress cards is rolled when it is (rules/000: with a
// plain deck; by setting otherwise), and a ship moves the barbarians.
func (citiesKnights) apply(s *deck.State, cfg *Config, rec *deck.Record, face string, red int, chosen bool) {
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	if s.Trackers[TrackBarbarians] >= ck.BarbarianSteps {
		s.Trackers[TrackBarbarians] = 0
	}
	if cfg.RollsRed() && !chosen {
		red = s.Rand().IntN(6) + 1
	}
	if rec.Dice == nil {
		rec.Dice = map[string]string{}
	}
	rec.Dice[DieEvent] = face
	rec.Dice[DieProgressRed] = strconv.Itoa(red)
	rec.Marks = map[string]int{MarkAttacks: s.Trackers[TrackAttacks]}
	if face == ck.Ship {
		moveBarbarians(s, rec)
	}
	rec.Marks[MarkBarbarians] = s.Trackers[TrackBarbarians]
}

// moveBarbarians moves the ship one space; on the 7th the barbarians attack.
func moveBarbarians(s *deck.State, rec *deck.Record) {
	s.Trackers[TrackBarbarians]++
	if s.Trackers[TrackBarbarians] >= ck.BarbarianSteps {
		s.Trackers[TrackAttacks]++
		rec.Marks[MarkAttack] = 1
	}
	rec.Marks[MarkBarbarians] = s.Trackers[TrackBarbarians]
}

// rollEventDie rolls the die, or with the balanced setting deals the next
// face from a shuffled cycle of the six.
func rollEventDie(s *deck.State, cfg *Config) string {
	if cfg.EventDie != DieBalanced {
		return ck.EventDie().Roll(s.Rand())
	}
	if s.Piles == nil {
		s.Piles = map[string]deck.Deck{}
	}
	faces := ck.EventDie().Faces
	p, ok := s.Piles[pileEventDie]
	if !ok {
		ids := make([]deck.Card, len(faces))
		for i := range ids {
			ids[i] = deck.Card(i)
		}
		p = deck.NewDeck(ids...)
		p.Shuffle(s.Rand())
	}
	if p.Len() == 0 {
		p.Rebuild(s.Rand())
	}
	c, _ := p.Top()
	p.PutDiscard(c)
	s.Piles[pileEventDie] = p
	return faces[c%deck.Card(len(faces))]
}

// EventFace describes an event die face so it reads without colour.
func EventFace(face string) deck.Face {
	f := deck.Face{Die: DieEvent, Name: "event", Value: face, Symbol: face, Letter: ck.Letter(face), Colour: ck.Colour(face), Ways: 1, Of: 6}
	if face == ck.Ship {
		f.Colour, f.Ways = "black", 3 // cities-and-knights.md: three ship faces
	}
	return f
}

// describe shows the event die, the red die for progress cards when it was
// rolled apart from the card's, and the barbarians as marks.
func (citiesKnights) describe(rec deck.Record, _ Card, cfg Config, t *deck.Turn) {
	face, ok := rec.Dice[DieEvent]
	if !ok {
		return
	}
	t.Dice = append(t.Dice, EventFace(face))
	if cfg.RollsRed() && !rec.NoCard {
		red, _ := strconv.Atoi(rec.Dice[DieProgressRed])
		f := pipFace(DieProgressRed, red, false)
		f.Name = "progress red"
		t.Dice = append(t.Dice, f)
	}
	pos := rec.Marks[MarkBarbarians]
	t.Marks = append(t.Marks, deck.Mark{Key: MarkBarbarians, Label: "Barbarians", Value: pos, Text: fmt.Sprintf("%d of %d", pos, ck.BarbarianSteps)})
	if rec.Marks[MarkAttack] == 1 {
		t.Bell = true
		t.Marks = append(t.Marks, deck.Mark{Key: MarkAttack, Label: "Barbarian attack", Value: true, Text: "now", Alert: true})
	}
	if t.Event == EventRobberAttacks && robberSleeps(rec) {
		t.Text += " Before the first attack the robber sleeps: it does not move."
	}
}

// robberSleeps reports whether the robber still sleeps on a C&K turn: no
// attack before it, and none in it (the event die comes first, so the
// first attack wakes the robber for that turn's 7).
func robberSleeps(rec deck.Record) bool {
	return rec.Marks[MarkAttacks] == 0 && rec.Marks[MarkAttack] == 0
}

// before: the event die comes first (rules/000): the barbarians move, and
// attack on the 7th step; or a gate hands out progress cards.
func (citiesKnights) before(b *stepper) {
	face := b.s.Open.Dice[DieEvent]
	red, _ := strconv.Atoi(b.s.Open.Dice[DieProgressRed])
	switch {
	case face == ck.Ship && b.s.Open.Marks[MarkAttack] == 1:
		attack(b)
	case face == ck.Ship:
		b.Tell("Barbarians", fmt.Sprintf("The barbarian ship moves: %d of %d.", b.s.Open.Marks[MarkBarbarians], ck.BarbarianSteps))
	case face != "":
		progress(b, face, red)
	}
}

// levelKey is the fact of a player's improvement level in a gate's colour:
// the least it is known to be. Levels never go down, so it holds all game.
func levelKey(face string, seat int) string { return PlayerKey(FactLevel+"-"+face, seat) }

// levelMaxKey is the most a player's level is known to be, with the turn it
// was learned: "2@14". A player buys a city improvement on their own turn
// (C&K rules; shared/data does not list it), so it decides a gate only
// until that player ends a turn; after that it is what the table last said,
// offered as the answer, not taken for it.
func levelMaxKey(face string, seat int) string { return PlayerKey(FactLevel+"max-"+face, seat) }

// levelState is what eventdeck knows of a player's level against the level
// a gate needs.
type levelState int

const (
	levelUnknown  levelState = iota // nothing says: the table is asked
	levelReaches                    // at least the level: levels never go down
	levelBelow                      // below it, and its owner has not built since
	levelWasBelow                   // below it when last said; its owner may have built since
)

// levelAgainst says what is known of seat's level in face's colour against
// need.
func levelAgainst(s *deck.State, face string, seat, need int) levelState {
	if lo, err := strconv.Atoi(s.Facts[levelKey(face, seat)]); err == nil && lo >= need {
		return levelReaches
	}
	hi, from, ok := levelMax(s, face, seat)
	if !ok || hi >= need {
		return levelUnknown
	}
	for i := max(from, 0); i < s.Turns()-1; i++ { // the turns ended since
		if s.TurnAt(i).Player == seat {
			return levelWasBelow
		}
	}
	return levelBelow
}

// levelMax is the most seat's level was known to be, and the turn it was
// learned.
func levelMax(s *deck.State, face string, seat int) (hi, from int, ok bool) {
	v, at, ok := strings.Cut(s.Facts[levelMaxKey(face, seat)], "@")
	hi, err1 := strconv.Atoi(v)
	from, err2 := strconv.Atoi(at)
	return hi, from, ok && err1 == nil && err2 == nil
}

// setLevelMax remembers that seat's level is at most hi, from now.
func setLevelMax(s *deck.State, face string, seat, hi int) {
	s.SetFact(levelMaxKey(face, seat), strconv.Itoa(hi)+"@"+strconv.Itoa(max(s.Turns()-1, 0)))
}

// startLevels: at the start nobody has a city improvement, a fact that
// holds until each player's first turn ends.
func startLevels(s *deck.State) {
	for _, g := range ck.Gates() {
		for seat := range s.Players {
			setLevelMax(s, g, seat, 0)
		}
	}
}

// progress: on a gate, who draws a progress card of its colour, in turn
// order from the player whose turn it is (cities-and-knights.md). Known
// levels decide at once; when some are not, one question asks for
// everyone who qualifies ("Who has Trade level 3 or more?"), those known
// already ticked, so the answer and the record name every player who draws.
// A level the table gave before its owner's last turn is offered as the
// answer (play-test: levels recorded on f came back "not known" after each
// turn, and the table was sent to f again and again).
func progress(b *stepper, face string, red int) {
	track := ck.Track(face)
	need := ck.MinLevel(red)
	n := len(b.s.Players)
	var drawers, unknown, since []int // unknown and since in seat order: names that keep their place
	for seat := range n {
		switch levelAgainst(b.s, face, seat, need) {
		case levelUnknown:
			unknown = append(unknown, seat)
		case levelWasBelow:
			since = append(since, seat)
		case levelReaches:
			drawers = append(drawers, seat)
		}
	}
	drawers = inTurnOrder(drawers, b.turn.Player, n)
	gate := fmt.Sprintf("%s gate (%s, %s), red %d: level %d or more draws. ", track, ck.Colour(face), ck.Letter(face), red, need)
	// Once answered, the levels asked are known: the question stays, so the
	// answer does not take its own step away.
	_, asked := b.Answered(answerGateKey(face, need))
	if len(unknown)+len(since) > 0 || asked {
		q := deck.Question{
			Key:    answerGateKey(face, need),
			Prompt: fmt.Sprintf("Who has %s level %d or more?", track, need) + levelsNotKnown(b, unknown, since, need),
			Topic:  fmt.Sprintf("%s level %d+", track, need),
			Known:  deck.FormatSeats(drawers),
		}
		if len(unknown) == 0 {
			q.Default = q.Known // every level remembered: one key keeps them
		}
		// A question about one player's level is that player's to answer,
		// on their own screen under eventdeck serve (issue 30); the others'
		// levels are known and ticked already.
		var whose []int
		if doubt := append(slices.Clone(unknown), since...); len(doubt) == 1 {
			whose = doubt
		}
		q.Kind = deck.AskPlayers
		v, ok := b.Ask(track+" level", "", whose, q)
		seats, err := deck.ParseSeats(v, n)
		ok = ok && err == nil
		if !ok {
			known := ""
			if len(drawers) > 0 {
				known = b.Names(drawers) + " draw" + verbS(len(drawers)) + "; "
			}
			b.Tell("Progress cards", gate+known+b.Names(inTurnOrder(append(unknown, since...), 0, n))+": check your level."+b.progressNote)
			return
		}
		drawers = inTurnOrder(seats, b.turn.Player, n) // the table's answer names everyone
	}
	switch len(drawers) {
	case 0:
		b.Tell("Progress cards", gate+"Nobody draws. (f corrects the levels.)")
	case 1:
		b.Tell("Progress cards", gate+b.Names(drawers)+" draws a "+track+" progress card."+b.progressNote, drawers...)
	default:
		b.Tell("Progress cards", gate+b.Names(drawers)+", in that order, each draw a "+track+" progress card."+b.progressNote, drawers...)
	}
}

// levelsNotKnown says why a gate asks: whose level eventdeck lacks, and
// where to give it (issue 23: "not known" alone gave no reason); whose
// level was below the gate's but may have risen on their turn since.
func levelsNotKnown(b *stepper, unknown, since []int, need int) string {
	var why []string
	if len(unknown) > 0 {
		why = append(why, "level not known for "+b.Names(unknown)+": f records it")
	}
	switch len(since) {
	case 0:
	case 1:
		why = append(why, fmt.Sprintf("%s was below level %d when last known and may have built since", b.Names(since), need))
	default:
		why = append(why, fmt.Sprintf("%s were below level %d when last known and may have built since", b.Names(since), need))
	}
	if len(why) == 0 {
		return ""
	}
	return " (" + strings.Join(why, "; ") + ")"
}

// verbS is a present-tense verb's ending for n subjects: "draws", "draw".
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// answerGateKey keeps the answer to a gate's question: everyone with the
// level (a set of seats). Saves of earlier versions kept only those asked,
// under "level-…"; a turn left open at such a question asks it again.
func answerGateKey(face string, need int) string { return "gate-" + face + "-" + strconv.Itoa(need) }

func contains(seats []int, s int) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}

// inTurnOrder sorts seats by turn order from first.
func inTurnOrder(seats []int, first, n int) []int {
	var out []int
	for i := range n {
		if s := (first + i) % n; contains(seats, s) {
			out = append(out, s)
		}
	}
	return out
}

// attack walks a barbarian attack: the table tells the two strengths and
// who gave the most (or least); eventdeck says what follows
// (cities-and-knights.md).
func attack(b *stepper) {
	board, okBoard := b.AskNumber("Barbarians attack!", "The barbarian ship reaches Catan.", nil, deck.Question{
		Key: FactBoardCities, Prompt: "Cities and metropolises on the board?", Topic: "Barbarian strength", Remember: true,
	})
	defence, okDefence := b.AskNumber("Knights", "", nil, deck.Question{
		Key: AnswerDefence, Prompt: "Active knight strength of all players together?", Topic: "Catan's strength",
	})
	after := func() {
		b.Tell("After the attack", "Every knight is deactivated, and the ship goes back to the start.")
	}
	if !okBoard || !okDefence {
		b.Tell("Attack", "Barbarians: the cities and metropolises on the board. Catan: every active knight. Catan wins ties: "+
			"the single strongest defender takes a Defender of Catan point; tied defenders each draw a progress card. "+
			"If the barbarians win, the weakest players with a city each lose one (metropolises are safe).")
		after()
		return
	}
	if defence >= board {
		if defence == 0 {
			b.Decide("Attack", "Catan wins; nobody is rewarded.", "Barbarians 0, Catan 0: Catan wins, but no knight was active: nobody is rewarded.")
			after()
			return
		}
		top, ok := b.AskPlayers("Defenders", fmt.Sprintf("Barbarians %d, Catan %d: Catan wins.", board, defence), deck.Question{
			Key: AnswerDefenders, Prompt: "Who gave the most knight strength?", Topic: "Top defenders", One: true,
		})
		switch {
		case !ok || len(top) == 0:
			b.Tell("Attack", "Catan wins. The single top defender takes a Defender of Catan card; tied top defenders each draw a progress card.")
		case len(top) == 1:
			b.Decide("Attack", b.Name(top[0])+" is the Defender of Catan.",
				b.Name(top[0])+" is the Defender of Catan: take a Defender card (1 victory point).", top[0])
		default:
			b.Decide("Attack", b.Names(top)+" each draw a progress card.",
				b.Names(top)+" tie as top defenders: each draws a progress card of their choice.", top...)
		}
		after()
		return
	}
	low, ok := b.AskPlayers("Pillage", fmt.Sprintf("Barbarians %d, Catan %d: the barbarians win.", board, defence), deck.Question{
		Key: AnswerWeakest, Prompt: "Among players with a city that is not a metropolis, who gave the least knight strength?", Topic: "Weakest defenders", One: true,
	})
	switch {
	case !ok:
		b.Tell("Attack", "The players with a city who gave the least knight strength each lose a city (metropolises are safe).")
	case len(low) == 0:
		b.Decide("Attack", "Nobody loses a city.", "Nobody has a city to lose.")
	default:
		verb, lose := " each turn a city", " each lose a city."
		if len(low) == 1 {
			verb, lose = " turns a city", " loses a city."
		}
		b.Decide("Attack", b.Names(low)+lose, b.Names(low)+verb+" back into a settlement; a wall on it goes too. Metropolises are safe.", low...)
	}
	after()
}

// event: C&K changes Conflict and Tournament (rules/000): the most active
// knight strength decides.
func (citiesKnights) event(b *stepper) bool {
	switch b.turn.Event {
	case EventConflict:
		b.byMost("strength", "Who has the most active knight strength?", "Conflict", "most knight strength")
		return true
	case EventTournament:
		// rules/000, C&K: the strongest "takes" one resource, not "may".
		b.shareOut("strength", "Who has the most active knight strength?", "Tournament", "most knight strength", false)
		return true
	}
	return false
}

// afterProduction: the Aqueduct (Science level 3) gives a player who got
// nothing from a production roll 1 resource of choice; never on a 7
// (cities-and-knights.md).
func (citiesKnights) afterProduction(b *stepper) {
	if b.turn.Number == 7 {
		return
	}
	b.Tell("Aqueduct", "Science level 3 or more and nothing collected: take 1 resource of your choice.")
}

// answered keeps what a C&K answer tells: the levels of those asked (at
// least the level for the chosen, below it for the others), and the cities
// lost to the barbarians (and with them, maybe a wall).
func (citiesKnights) answered(s *deck.State, q deck.Question, value string) {
	if rest, ok := strings.CutPrefix(q.Key, "gate-"); ok && value != deck.AnswerSkip {
		face, lv, _ := strings.Cut(rest, "-")
		need, _ := strconv.Atoi(lv)
		chosen, _ := deck.ParseSeats(value, len(s.Players))
		for seat := range s.Players {
			// The answer names everyone at the level: ticked, at least it;
			// not ticked, below it until they build (a correction, for one
			// the table knew to be at it).
			// A lower level the table gave before stays, so it is offered
			// again, not lost to a looser "below need"; the same one is
			// learned afresh.
			lo, _ := strconv.Atoi(s.Facts[levelKey(face, seat)])
			hi, _, hiKnown := levelMax(s, face, seat)
			switch {
			case contains(chosen, seat):
				if lo < need {
					s.SetFact(levelKey(face, seat), strconv.Itoa(need))
				}
				if hiKnown && hi < need {
					s.SetFact(levelMaxKey(face, seat), "") // they built since
				}
			default:
				if lo >= need {
					s.SetFact(levelKey(face, seat), strconv.Itoa(need-1))
				}
				if !hiKnown || hi >= need-1 {
					setLevelMax(s, face, seat, need-1)
				}
			}
		}
	}
	if q.Key == AnswerWeakest {
		// The barbarians took a city from each: fewer cities on the board.
		lost, _ := deck.ParseSeats(value, len(s.Players))
		if n, err := strconv.Atoi(s.Facts[FactBoardCities]); err == nil {
			s.SetFact(FactBoardCities, strconv.Itoa(max(n-len(lost), 0)))
		}
		forgetWalls(s, lost)
	}
}

// facts lists the C&K facts: the cities on the board, and each player's
// city walls and improvement levels.
func (citiesKnights) facts(s *deck.State) []deck.Question {
	num := func(key, prompt string, most int) deck.Question {
		return deck.Question{Key: key, Prompt: prompt, Topic: prompt, Kind: deck.AskNumber, Max: most, Remember: true}
	}
	qs := []deck.Question{num(FactBoardCities, "Cities and metropolises on the board", 0)}
	for seat, p := range s.Players {
		qs = append(qs, num(PlayerKey(FactWalls, seat), p.Name+": city walls", 3))
		for _, g := range ck.Gates() {
			q := num(levelKey(g, seat), p.Name+": "+ck.Track(g)+" level", ck.MaxLevel)
			q.Prompt += levelBound(s, g, seat) // issue 30: what is known when the level is not
			qs = append(qs, q)
		}
	}
	return qs
}

// levelBound says what is known of seat's level on face's track when the
// level itself is not and its owner may have built since it was said: " (at
// most 1 when last said; may have built since)"; else "".
func levelBound(s *deck.State, face string, seat int) string {
	hi, _, ok := levelMax(s, face, seat)
	if s.Facts[levelKey(face, seat)] != "" || !ok {
		return ""
	}
	if levelAgainst(s, face, seat, hi+1) != levelWasBelow {
		return "" // none built yet, or the table said so since: a question says it when it matters
	}
	return fmt.Sprintf(" (at most %d when last said; may have built since)", hi)
}

// levelOf reads a level fact's key: its gate face and seat.
func levelOf(key string) (face string, seat int, ok bool) {
	rest, ok := strings.CutPrefix(key, FactLevel+"-")
	if !ok {
		return "", 0, false
	}
	face, st, ok := strings.Cut(rest, ":")
	n, err := strconv.Atoi(st)
	return face, n, ok && err == nil
}
