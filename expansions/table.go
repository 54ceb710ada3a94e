package expansions

import (
	"fmt"

	"github.com/eventdeck/eventdeck/deck"
)

// CanReseat reports whether the table may change seats mid-game: in a game
// with a fixed number of players (Rivals, the Card Game) seats own cards,
// so only names and colours change.
func CanReseat(r Ruleset) bool {
	lo, hi := r.Players()
	return lo < hi
}

// Reseat changes who sits where in a game of r (see deck.State.Reseat):
// the facts whose value names a player, which r's FactKeeper lists, follow
// their players. The game must check out after, or nothing changes.
func Reseat(r Ruleset, s *deck.State, perm []int, note string) error {
	if !CanReseat(r) {
		return fmt.Errorf("%s plays with a fixed table", r.Name())
	}
	var holders []string
	if fk, ok := r.(FactKeeper); ok {
		for _, q := range fk.Facts(s) {
			if q.Kind == deck.AskPlayer {
				holders = append(holders, q.Key)
			}
		}
	}
	stay := 0
	for _, p := range perm {
		if p >= 0 {
			stay++
		}
	}
	if lo, _ := r.Players(); stay < lo {
		return fmt.Errorf("%s needs at least %d players", r.Name(), lo)
	}
	if err := s.Reseat(perm, holders, seatAnswers(r, s)); err != nil {
		return err
	}
	if note != "" {
		s.Note(note)
	}
	return r.Validate(s)
}

// Join seats a new player at the end of the table, within r's limits.
func Join(r Ruleset, s *deck.State, p deck.Player) error {
	if _, hi := r.Players(); len(s.Players) >= hi || !CanReseat(r) {
		return fmt.Errorf("%s plays with at most %d players", r.Name(), hi)
	}
	if err := s.Join(p); err != nil {
		return err
	}
	return r.Validate(s)
}

// seatAnswers are the kinds of the open turn's answered questions whose
// answers name seats, by key: they follow their players when seats change.
func seatAnswers(r Ruleset, s *deck.State) map[string]deck.QuestionKind {
	if s.Open == nil {
		return nil
	}
	out := map[string]deck.QuestionKind{}
	for _, st := range r.Steps(s) {
		if q := st.Question; q != nil && (q.Kind == deck.AskPlayer || q.Kind == deck.AskPlayers) {
			if _, ok := s.Open.Answers[q.Key]; ok {
				out[q.Key] = q.Kind
			}
		}
	}
	return out
}
