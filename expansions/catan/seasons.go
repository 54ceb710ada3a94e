package catan

import (
	"fmt"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// The seasonal event die's tracker, mark and action.
const (
	TrackSeason  = "season"     // the current season: 0 spring … 3 winter
	MarkSeason   = "season"     // a turn's mark: the season it was drawn in
	ActSetSeason = "set-season" // the table sets the season (the Change in the Weather card)
)

// The seasons, in the order they turn (rules/001: one event-die square each).
const (
	Spring = "spring"
	Summer = "summer"
	Autumn = "autumn"
	Winter = "winter"
)

// NumSeasons is how many squares each card prints.
const NumSeasons = 4

// SeasonNames lists the seasons in order, spring first.
func SeasonNames() []string { return []string{Spring, Summer, Autumn, Winter} }

// SeasonName is season i's word (taken modulo 4).
func SeasonName(i int) string { return SeasonNames()[mod4(i)] }

// SeasonSymbol is season i's symbol, shown beside its word so it reads
// at a glance: ❀ spring, ☀ summer, ❦ autumn, ❄ winter.
func SeasonSymbol(i int) string { return []string{"❀", "☀", "❦", "❄"}[mod4(i)] }

// SeasonLabel is season i as the header shows it: "❀ spring".
func SeasonLabel(i int) string { return SeasonSymbol(i) + " " + SeasonName(i) }

func mod4(i int) int { return ((i % NumSeasons) + NumSeasons) % NumSeasons }

// CurrentSeason is the season the next draw is made in (0 spring … 3 winter).
func CurrentSeason(s *deck.State) int { return mod4(s.Trackers[TrackSeason]) }

// SeasonSquare is the event-die square printed on the card with the given
// red and white dice for season i. rules/001 prints four squares on every
// card but does not say which; this is eventdeck's fixed layout, the same
// in every game and version, like a printed deck (seasons-variant.md):
//
//   - in each season, the six cards of each red value show the event die's
//     six faces once each (3 ships, one gate of each colour), so the season
//     shows 18 ships and 6 of each gate, every gate once per red value;
//   - every card shows two ships and two different gates over the year.
//
// It is a cyclic Latin square: face (white + shift(red) + offset(season))
// mod 6 of the die's faces in order; the shifts were picked to keep ships
// near half of each production number's cards.
func SeasonSquare(red, white, season int) string {
	shift := [6]int{0, 3, 5, 2, 4, 1}     // by red die, 1..6
	offset := [NumSeasons]int{0, 3, 1, 4} // x and x+3 split ships from gates
	faces := ck.EventDie().Faces          // ship, ship, ship, trade, politics, science
	if red < 1 || red > 6 || white < 1 || white > 6 {
		return ""
	}
	return faces[(white-1+shift[red-1]+offset[mod4(season)])%len(faces)]
}

// SeasonSquares are a card's four squares, spring first.
func SeasonSquares(c Card) [NumSeasons]string {
	var out [NumSeasons]string
	for i := range out {
		out[i] = SeasonSquare(c.Red, c.White, i)
	}
	return out
}

// seasons is the seasonal event die (rules/001) laid on the Cities &
// Knights layer: it wraps it, gives it the card's printed square for the
// current season instead of a roll, and adds the season's steps.
type seasons struct{ citiesKnights }

// roll moves the season on when the setting says, then plays the card's
// square for it: no event die is rolled, so the random stream moves as it
// would without the die. Alchemy draws no card, so there is no square:
// the die is thrown (rules/001 reads the die "thrown or printed"; eventdeck's
// reading). The red die for progress cards stays as C&K has it.
func (l seasons) roll(s *deck.State, cfg *Config, rec *deck.Record, card Card, chosen bool) {
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	if turnsSeason(s, cfg, rec) {
		s.Trackers[TrackSeason] = mod4(s.Trackers[TrackSeason] + 1)
	}
	season := CurrentSeason(s)
	if rec.NoCard {
		l.citiesKnights.roll(s, cfg, rec, card, chosen)
	} else {
		l.apply(s, cfg, rec, SeasonSquare(card.Red, card.White, season), card.Red, chosen)
	}
	// rules/001's summary: a ship moves the track one extra space (a
	// setting); a track already at the attack goes no further.
	if cfg.ShipExtra && rec.Dice[DieEvent] == ck.Ship && rec.Marks[MarkAttack] == 0 {
		moveBarbarians(s, rec)
	}
	rec.Marks[MarkSeason] = season
}

// turnsSeason reports whether the season turns before this draw: at a New
// Year with SeasonByNewYear, at the start of each full round (every
// len(players) turns) with SeasonByRound, never by hand.
func turnsSeason(s *deck.State, cfg *Config, rec *deck.Record) bool {
	switch cfg.SeasonBy {
	case SeasonByNewYear:
		return rec.Rebuilt
	case SeasonByRound:
		n := len(s.Players)
		return n > 0 && rec.Draw > 1 && (rec.Draw-1)%n == 0
	}
	return false
}

// describe adds C&K's dice and marks, then the season: its word, and the
// card's four squares with the current one in brackets, so the table can
// check the printed card against the screen.
func (l seasons) describe(rec deck.Record, card Card, cfg Config, t *deck.Turn) {
	l.citiesKnights.describe(rec, card, cfg, t)
	season, ok := rec.Marks[MarkSeason]
	if !ok {
		return
	}
	text := SeasonSymbol(season) + " " + SeasonName(season) + "; no card: the event die was thrown"
	if !rec.NoCard {
		text = squaresText(card, season)
	}
	t.Marks = append(t.Marks, deck.Mark{Key: MarkSeason, Label: "Season", Value: SeasonName(season), Text: text})
}

// squaresText lists a card's squares, the current season's in brackets:
// "spring ship · [summer trade] · autumn ship · winter science".
func squaresText(card Card, season int) string {
	parts := make([]string, 0, NumSeasons)
	for i, sq := range SeasonSquares(card) {
		p := SeasonName(i) + " " + sq
		if i == mod4(season) {
			p = "[" + p + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " · ")
}

// before: the season and the card's squares; the season's action, which
// rules/001 has done before the event die (autumn: Harvest Moon, by
// setting); then the
// event die as C&K resolves it, its progress step ending with the
// variant's reminders.
func (l seasons) before(b *stepper) {
	rec := b.s.Open
	season, ok := rec.Marks[MarkSeason]
	if !ok {
		l.citiesKnights.before(b)
		return
	}
	if mk, ok := b.turn.Mark(MarkSeason); ok {
		text := "The card's event die: " + mk.Text + ". Only " + SeasonName(season) + "'s square counts."
		if rec.NoCard {
			text = "No card, so no printed square: the event die was thrown."
		}
		if b.cfg.ShipExtra && rec.Dice[DieEvent] == ck.Ship {
			// rules/001's summary gives both: a piece on the board and one
			// more space on the track (issue 40).
			text += " A ship puts a barbarian piece on the board and moves the barbarians one extra space (setting)."
		}
		b.Tell("Season "+SeasonLabel(season), text)
	}
	if mod4(season) == 2 && b.cfg.HarvestMoon {
		// rules/001: in autumn, Harvest Moon, before the event die; the
		// passage is marked "DELETE?", so a setting (Config.HarvestMoon).
		b.Tell("Harvest Moon", "Autumn: each player may take 1 grain from the supply. A setting: "+reading)
	}
	b.progressNote = progressReminder(b.cfg)
	l.citiesKnights.before(b)
}

// progressReminder is what rules/001 changes about progress cards, said
// once in the progress step: the hand of 4, the T&B card instead (a
// setting), and no trading or stealing them.
func progressReminder(cfg Config) string {
	text := " A hand holds 4 progress cards at most: a 5th in your own turn is played or discarded before the turn ends; in someone else's turn, put one under its stack straight away."
	if cfg.TBCards {
		text += " A Traders & Barbarians development card may be taken instead."
	}
	return text + " Progress cards cannot be traded or stolen."
}

// SetSeason sets the season by hand (0 spring … 3 winter): the Change in the
// Weather card moved (rules/001). It counts from the next draw.
func (r *Ruleset) SetSeason(s *deck.State, season int) error {
	if season < 0 || season >= NumSeasons {
		return fmt.Errorf("the season is 0 to %d (spring to winter)", NumSeasons-1)
	}
	if s.Trackers == nil {
		s.Trackers = map[string]int{}
	}
	s.Trackers[TrackSeason] = season
	return nil
}

// seasonAction is the table's key for the season.
func seasonAction() deck.ActionSpec {
	choices := make([]string, NumSeasons)
	for i := range choices {
		choices[i] = SeasonLabel(i)
	}
	return deck.ActionSpec{ID: ActSetSeason, Key: "w", Label: "season", Help: "weather: set the season by hand (the Change in the Weather card), from the next draw",
		Inputs: []deck.Input{{Prompt: "Season: which one now?", Kind: deck.InputChoice, Choices: choices}}}
}

// seasonTracker shows the season among the trackers: its place in the
// year and its word.
func seasonTracker(s *deck.State) deck.Tracker {
	i := CurrentSeason(s)
	return deck.Tracker{Name: "Season", Key: TrackSeason, Pos: i + 1, Steps: NumSeasons, Note: SeasonLabel(i)}
}
