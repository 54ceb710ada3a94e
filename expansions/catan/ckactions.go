package catan

import (
	"fmt"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// Alchemy is the Alchemist progress card: the player whose turn it is
// chooses the red and white dice; the event die is still rolled, no card is
// drawn and no card event happens, and the deck and New Year stay as they
// are (cities-and-knights.md).
func (r *Ruleset) Alchemy(s *deck.State, red, white int) (deck.Turn, error) {
	cfg, err := config(s)
	if err != nil {
		return deck.Turn{}, err
	}
	if !cfg.CitiesKnights {
		return deck.Turn{}, fmt.Errorf("alchemy needs Cities & Knights")
	}
	if red < 1 || red > 6 || white < 1 || white > 6 {
		return deck.Turn{}, fmt.Errorf("dice %d and %d: each must be 1 to 6", red, white)
	}
	rec := deck.Record{Year: s.Year, Player: s.Current, NoCard: true,
		Dice: map[string]string{DieRed: strconv.Itoa(red), DieWhite: strconv.Itoa(white)}}
	return r.startRoll(s, cfg, rec, red, white, true), nil
}

// startRoll opens the turn of dice no card gave (Alchemy's chosen dice,
// typed dice): the layers roll as for a card without an event, a damaged
// road is marked, and the next player is up.
func (r *Ruleset) startRoll(s *deck.State, cfg Config, rec deck.Record, red, white int, chosen bool) deck.Turn {
	s.Draws++
	rec.Draw = s.Draws
	for _, l := range cfg.layers() {
		l.roll(s, &cfg, &rec, Card{Red: red, White: white, Number: red + white, Event: EventNone}, chosen)
	}
	markDamaged(s, &rec)
	s.StartTurn(rec)
	t := r.turnOf(s, rec, cfg)
	s.NextPlayer()
	return t
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

// Trackers lists the barbarian ship with C&K, and nothing otherwise.
func (r *Ruleset) Trackers(s *deck.State) []deck.Tracker {
	cfg, err := config(s)
	if err != nil || !cfg.CitiesKnights {
		return nil
	}
	t := deck.Tracker{Name: "Barbarians", Key: TrackBarbarians, Pos: s.Trackers[TrackBarbarians], Steps: ck.BarbarianSteps}
	switch {
	case t.Pos == ck.BarbarianSteps: // past it, the save is refused (deck.CheckTrackers)
		// cities-and-knights.md, Barbarians: after the attack the ship goes
		// back to the start. The state keeps 7 till the next roll (the
		// turn's mark says "attack"), but the track shows the ship where
		// it now is (play-test: "7/7 they attack!" stayed till the next draw).
		t.Pos = 0
		t.Note = "attacked: back at the start"
	case s.Trackers[TrackAttacks] == 0:
		t.Note = "robber sleeps till 1st attack"
	default:
		t.Note = plural(s.Trackers[TrackAttacks], "attack", "attacks") + " so far"
	}
	if cfg.SeasonsOn() {
		return []deck.Tracker{t, seasonTracker(s)}
	}
	return []deck.Tracker{t}
}

// plural says a count with its noun: "1 attack", "2 attacks".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
