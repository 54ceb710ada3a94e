package catan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// Trackers and facts of Cities & Knights.
const (
	TrackBarbarians = "barbarians" // the ship's position, 0..7; 7 is the attack
	TrackAttacks    = "attacks"    // attacks so far: the robber wakes at the first
	FactStrength    = "strength"   // active knight strength, per player
	FactCities      = "cities"     // cities that are not metropolises, per player
	FactBoardCities = "board-cities"
	FactLevel       = "level" // improvement level: "level-trade:2"
	pileEventDie    = "event-die"
)

// balancedFaces maps the balanced die's pile ids to faces.
func balancedFaces() []string { return ck.EventDie().Faces }

// startCK begins a C&K turn: after an attack the ship goes back to the start
// and every knight is deactivated (cities-and-knights.md).
func startCK(s *deck.State) {
	if s.Trackers[TrackBarbarians] < ck.BarbarianSteps {
		return
	}
	s.Trackers[TrackBarbarians] = 0
	for seat := range s.Players {
		if _, ok := s.Facts[PlayerKey(FactStrength, seat)]; ok {
			s.Facts[PlayerKey(FactStrength, seat)] = "0"
		}
	}
}

// rollCK rolls the event die, and the red die for progress cards when it is
// rolled (rules/000: with a plain deck; by setting otherwise), and moves the
// barbarians. red is the card's printed red die, or Alchemy's chosen one.
// The card is drawn first, then the event die, then the red: one order, so
// a seed replays the same night.
func rollCK(s *deck.State, cfg *Config, rec *deck.Record, red int, chosen bool) {
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	face := rollEventDie(s, cfg)
	if cfg.RollsRed() && !chosen {
		red = s.Rand().IntN(6) + 1
	}
	if rec.Dice == nil {
		rec.Dice = map[string]string{}
	}
	rec.Dice["event"] = face
	rec.Dice["progress-red"] = strconv.Itoa(red)
	if face == ck.Ship {
		s.Trackers[TrackBarbarians]++
		if s.Trackers[TrackBarbarians] >= ck.BarbarianSteps {
			s.Trackers[TrackAttacks]++
			rec.Attack = true
		}
	}
	rec.Barbarians = s.Trackers[TrackBarbarians]
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
	faces := balancedFaces()
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

// Alchemy is the Alchemist progress card: the player whose turn it is
// chooses the red and white dice; the event die is still rolled, no card is
// drawn and no card event happens, and the deck and New Year stay as they
// are (cities-and-knights.md).
func (r *Ruleset) Alchemy(s *deck.State, red, white int) (deck.Turn, error) {
	cfg, err := r.Config(s)
	if err != nil {
		return deck.Turn{}, err
	}
	if !cfg.CitiesKnights {
		return deck.Turn{}, fmt.Errorf("alchemy needs Cities & Knights")
	}
	if red < 1 || red > 6 || white < 1 || white > 6 {
		return deck.Turn{}, fmt.Errorf("dice %d and %d: each must be 1 to 6", red, white)
	}
	startCK(s)
	s.Draws++
	rec := deck.Record{Draw: s.Draws, Year: s.Year, Player: s.Current, NoCard: true,
		Dice: map[string]string{"red": strconv.Itoa(red), "white": strconv.Itoa(white)}}
	rollCK(s, &cfg, &rec, red, true)
	s.StartTurn(rec)
	t := r.TurnOf(rec, cfg)
	s.NextPlayer()
	return t, nil
}

// SetBarbarians corrects the barbarians' position by hand (0..6).
func (r *Ruleset) SetBarbarians(s *deck.State, pos int) error {
	if pos < 0 || pos >= ck.BarbarianSteps {
		return fmt.Errorf("the barbarians stand on 0 to %d", ck.BarbarianSteps-1)
	}
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	s.Trackers[TrackBarbarians] = pos
	return nil
}

// eventDieSteps: with C&K the event die comes first (rules/000): the
// barbarians move, and attack on the 7th step; or a gate hands out progress
// cards.
func (b *stepper) eventDieSteps() {
	face := b.s.Open.Dice["event"]
	red, _ := strconv.Atoi(b.s.Open.Dice["progress-red"])
	switch {
	case face == ck.Ship && b.s.Open.Attack:
		b.attack()
	case face == ck.Ship:
		b.add(deck.Step{Title: "Barbarians", Text: fmt.Sprintf("The barbarian ship moves: %d of %d.", b.s.Open.Barbarians, ck.BarbarianSteps)})
	case face != "":
		b.progress(face, red)
	}
}

// progress: on a gate, who draws a progress card of its colour, in turn
// order from the player whose turn it is (cities-and-knights.md).
func (b *stepper) progress(face string, red int) {
	track := ck.Track(face)
	n := len(b.s.Players)
	order := make([]int, n)
	for i := range order {
		order[i] = (b.turn.Player + i) % n
	}
	levels := make([]int, n)
	known := make([]bool, n)
	for _, seat := range order {
		key := PlayerKey(FactLevel+"-"+face, seat)
		_, answeredNow := b.answered(key)
		v, isFact := b.s.Facts[key]
		if isFact && !answeredNow {
			levels[seat], _ = strconv.Atoi(v)
			known[seat] = true
			continue
		}
		// Asked once, then remembered (the facts screen corrects it).
		if v, ok := b.ask(track+" level: "+b.name(seat), "", []int{seat}, deck.Question{
			Key: key, Prompt: fmt.Sprintf("%s's %s improvement level (0–%d)?", b.name(seat), track, ck.MaxLevel), Kind: deck.AskNumber, Remember: true,
		}); ok {
			levels[seat], _ = strconv.Atoi(v)
			known[seat] = true
		}
	}
	var drawers, unknown []int
	for _, seat := range order {
		switch {
		case !known[seat]:
			unknown = append(unknown, seat)
		case ck.Draws(levels[seat], red):
			drawers = append(drawers, seat)
		}
	}
	gate := fmt.Sprintf("%s gate (%s, %s), red %d: ", track, ck.Colour(face), ck.Letter(face), red)
	var lines []string
	switch {
	case len(drawers) > 0:
		lines = append(lines, gate+b.names(drawers)+", in that order, each draw a "+track+" progress card.")
	case len(unknown) == 0:
		lines = append(lines, gate+"nobody draws.")
	default:
		lines = append(lines, gate)
	}
	if len(unknown) > 0 {
		lines = append(lines, fmt.Sprintf("%s: level %d or more in %s draws on a red %d.", b.names(unknown), ck.MinLevel(red), track, red))
	}
	b.add(deck.Step{Title: "Progress cards", Players: drawers, Text: strings.Join(lines, "\n")})
}

// attack walks a barbarian attack: the table tells the strengths, eventdeck
// says who wins and what follows (cities-and-knights.md).
func (b *stepper) attack() {
	board, okBoard := b.ask("Barbarians attack!", "The barbarian ship reaches Catan.", nil, deck.Question{
		Key: FactBoardCities, Prompt: "How many cities and metropolises are on the board?", Kind: deck.AskNumber, Remember: true,
	})
	strength, okStrength := b.askEach(FactStrength, "Knights", "Active knight strength of %s?", true)
	cities, okCities := b.askEach(FactCities, "Cities", "How many cities (not metropolises) does %s have?", true)
	if !okBoard || !okStrength || !okCities {
		b.add(deck.Step{Title: "Attack", Text: "Barbarian strength is the cities and metropolises on the board; Catan's is every active knight. " +
			"Catan wins ties: the single strongest defender takes a Defender of Catan point; tied defenders each draw a progress card. " +
			"If the barbarians win, the weakest players with a city each lose one (metropolises are safe)."})
	} else {
		n, _ := strconv.Atoi(board)
		o := ck.Attack(n, strength, cities)
		text := fmt.Sprintf("Barbarians %d, Catan %d: ", o.Barbarians, o.Catan)
		var who []int
		switch {
		case o.CatanWins && o.Defender >= 0:
			text += "Catan wins. " + b.name(o.Defender) + " is the Defender of Catan: take a Defender card (1 victory point)."
			who = []int{o.Defender}
		case o.CatanWins && len(o.Tied) > 0:
			text += "Catan wins. " + b.names(o.Tied) + " tie as top defenders: each draws a progress card of their choice."
			who = o.Tied
		case o.CatanWins:
			text += "Catan wins, but no knight was active: nobody is rewarded."
		case len(o.LoseCity) > 0:
			text += "the barbarians win. " + b.names(o.LoseCity) + " each lose a city: turn it back into a settlement."
			who = o.LoseCity
		default:
			text += "the barbarians win, but nobody has a city to lose."
		}
		b.add(deck.Step{Title: "Attack", Players: who, Text: text})
	}
	b.add(deck.Step{Title: "After the attack", Text: "Every knight is deactivated, and the barbarian ship goes back to the start."})
}

// HasAlchemy reports whether the game plays Cities & Knights, where the
// Alchemist lets a player choose the dice.
func (r *Ruleset) HasAlchemy(s *deck.State) bool {
	cfg, err := r.Config(s)
	return err == nil && cfg.CitiesKnights
}

// Trackers lists the barbarian ship with C&K, and nothing otherwise.
func (r *Ruleset) Trackers(s *deck.State) []deck.Tracker {
	if !r.HasAlchemy(s) {
		return nil
	}
	t := deck.Tracker{Name: "Barbarians", Key: TrackBarbarians, Pos: s.Trackers[TrackBarbarians], Steps: ck.BarbarianSteps}
	switch {
	case t.Pos >= ck.BarbarianSteps:
		t.Note = "they attack!"
	case s.Trackers[TrackAttacks] == 0:
		t.Note = "robber sleeps till 1st attack"
	default:
		t.Note = fmt.Sprintf("%d attacks so far", s.Trackers[TrackAttacks])
	}
	return []deck.Tracker{t}
}

// SetTracker corrects a tracker by hand: the barbarians' position.
func (r *Ruleset) SetTracker(s *deck.State, key string, pos int) error {
	if key != TrackBarbarians || !r.HasAlchemy(s) {
		return fmt.Errorf("no tracker %q in this game", key)
	}
	return r.SetBarbarians(s, pos)
}
