// Package rivals is The Rivals for Catan as eventdeck plays it: the
// production die and the event die, the event stack of the introductory
// game, every Theme Game and the Duel of the Princes, the cards that look
// into the stack or set a die, and the dice checks of the theme sets.
package rivals

import (
	"fmt"
	"io/fs"
	"maps"
	"strings"
	"sync"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// ID is the ruleset's id, as in `--game rivals`.
const ID = "rivals"

// Ruleset is The Rivals for Catan. It holds only data: the card table,
// read when first needed, and the table's own cards.
type Ruleset struct {
	printed func() ([]Card, error) // the printed cards, read once; a game adds its own (house.go)
	lib     *custom.Library        // the table's own cards; nil for none
}

// New returns Rivals with its event cards in fsys. It checks the card file
// is there; its rows are read when a Rivals game first needs them, so a
// draw of another game never reads them (issue 12's start-up).
func New(fsys fs.FS) (*Ruleset, error) {
	if _, err := fs.Stat(fsys, CardsFile); err != nil {
		return nil, err
	}
	return &Ruleset{printed: sync.OnceValues(func() ([]Card, error) {
		cards, err := LoadCards(fsys)
		if err == nil && find(cards, Yule) < 0 {
			err = fmt.Errorf("%s: no Yule card", CardsFile)
		}
		return cards, err
	})}, nil
}

// cards are the printed cards; none if they could not be read, which
// NewGame and Validate report.
func (r *Ruleset) cards() []Card {
	c, _ := r.printed()
	return c
}

// ID is "rivals".
func (r *Ruleset) ID() string { return ID }

// Name is the game's name.
func (r *Ruleset) Name() string { return "The Rivals for Catan" }

// Players is exactly two.
func (r *Ruleset) Players() (int, int) { return 2, 2 }

// Options are the ways to play and the reading settings.
func (r *Ruleset) Options() []deck.Option { return append(OptionList(), r.lib.Options(ID)...) }

// Cards returns the printed card table: every event card, copies apart.
func (r *Ruleset) Cards() []Card { return append([]Card(nil), r.cards()...) }

// NewGame builds a game. A Duel whose sets are named or drawn by lot gets its
// stack now; one picked at the table gets it after the second pick.
func (r *Ruleset) NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error) {
	if len(players) != 2 {
		return nil, fmt.Errorf("rivals takes 2 players, not %d", len(players))
	}
	if _, err := r.printed(); err != nil {
		return nil, err
	}
	opts = r.lib.Resolve(opts, ID)
	c, err := ParseConfig(opts)
	if err != nil {
		return nil, err
	}
	if err := r.checkHouse(c); err != nil {
		return nil, err
	}
	if opts[OptMode] != c.Mode { // a set given alone chose the mode: say it in the save
		withMode := map[string]string{}
		maps.Copy(withMode, opts)
		withMode[OptMode] = c.Mode
		opts = withMode
	}
	s := deck.NewState(ID, opts, players, seed)
	if c.Mode == ModeDuel {
		if c.PicksAtTable() {
			return s, nil
		}
		chosen := c.Sets
		if len(chosen) < DuelSets {
			chosen = chooseByLot(s, chosen, DuelSets-len(chosen))
		}
		s.Trackers = map[string]int{trackDuelSets: setMask(chosen)}
		setTracker(s, trackDuelLot, setMask(chosen[len(c.Sets):]))
	}
	r.startStack(s, c)
	return s, nil
}

// Validate checks a loaded game: two players, options that parse, and a
// stack of this game's cards, each once.
func (r *Ruleset) Validate(s *deck.State) error {
	if s.Ruleset != ID {
		return fmt.Errorf("a %q game is not a Rivals game", s.Ruleset)
	}
	if len(s.Players) != 2 {
		return fmt.Errorf("%d players; Rivals takes 2", len(s.Players))
	}
	if _, err := r.printed(); err != nil {
		return err
	}
	c, err := config(s)
	if err != nil {
		return err
	}
	if err := r.checkHouse(c); err != nil {
		return err
	}
	if mask := s.Trackers[trackDuelSets]; c.Mode == ModeDuel && mask != 0 && len(sets(s, c)) != DuelSets {
		return fmt.Errorf("a Duel with %d sets", len(sets(s, c)))
	}
	if lot := s.Trackers[trackDuelLot]; lot&^s.Trackers[trackDuelSets] != 0 {
		return fmt.Errorf("a set drawn by lot that is not in the Duel")
	}
	if v := s.Trackers[trackNextProd]; v < 0 || v > 6 {
		return fmt.Errorf("production die set to %d", v)
	}
	if v := s.Trackers[trackNextEvent]; v < 0 || v > len(EventFaces()) {
		return fmt.Errorf("event die set to face %d", v)
	}
	if v := s.Trackers[trackFirstPick]; v < 0 || v > len(ThemeSets()) {
		return fmt.Errorf("first pick %d out of range", v)
	}
	return r.checkStack(s, c)
}

// Describe sums the game up for the header: the way to play, its sets and
// the victory points that win.
func (r *Ruleset) Describe(s *deck.State) string {
	c, err := config(s)
	if err != nil {
		return "Rivals"
	}
	// The goal first: on a narrow screen the sets are dropped, not it.
	goal := fmt.Sprintf("goal %d · ", c.Goal())
	switch c.Mode {
	case ModeTheme:
		// The game named: "Theme Game: Era of Gold" alone did not say which
		// game (issue 30); short enough for 80 columns with the progress.
		return goal + "Rivals: " + setName(c.Set)
	case ModeDuel:
		if picksDue(s, c) {
			return goal + "Duel: sets to pick"
		}
		var names []string
		for _, set := range duelSets(s, c) { // "Duel: Gold, Sages, Turmoil", as Announce lists them
			names = append(names, set.name)
		}
		return goal + "Duel: " + strings.Join(names, ", ")
	}
	return goal + "Introductory game"
}

// Announce says, before a Duel's first roll, its three sets and how each
// came (rules/003: each player picks one, the starting player first; the
// third, or all three, by lot), so the players fetch those sets' cards:
// "Sets: Sages (Ann), Barbarians (Bob), Prosperity (by lot)". "" in other
// games, while the picks are due, and once the first roll is made.
func (r *Ruleset) Announce(s *deck.State) string {
	c, err := config(s)
	if err != nil || c.Mode != ModeDuel || picksDue(s, c) || s.Turns() > 0 {
		return ""
	}
	var says []string
	for _, set := range duelSets(s, c) {
		if set.how != "" {
			set.name += " (" + set.how + ")"
		}
		says = append(says, set.name)
	}
	return "Sets: " + strings.Join(says, ", ")
}

// duelSet is one of a Duel's sets as the table names it: "Sages", and how
// it came: a player's name, "by lot", or "" when named in the options.
type duelSet struct{ name, how string }

// duelSets are a Duel's sets in the one order the header and Announce
// both use: the players' picks, the starting player's first, then the
// sets named in the options, then those drawn by lot.
func duelSets(s *deck.State, c Config) []duelSet {
	lot, first := s.Trackers[trackDuelLot], s.Trackers[trackFirstPick]
	var picks, named, drawn []duelSet
	for _, id := range sets(s, c) {
		name := setShort(id)
		switch idx := setIndex(id); {
		case lot&(1<<idx) != 0:
			drawn = append(drawn, duelSet{name, "by lot"})
		case c.PicksAtTable() && first == idx+1: // the starting player's, first
			picks = append([]duelSet{{name, s.PlayerName(s.Current)}}, picks...)
		case c.PicksAtTable() && first != 0:
			picks = append(picks, duelSet{name, s.PlayerName((s.Current + 1) % len(s.Players))})
		default: // named in the options, or picked in a save that did not keep who
			named = append(named, duelSet{name, ""})
		}
	}
	return append(append(picks, named...), drawn...)
}

// setName is a theme set's name.
func setName(id string) string {
	if i := setIndex(id); i >= 0 {
		return ThemeSets()[i].Name
	}
	return id
}

// setShort is a theme set's short name ("Gold"), as a list of sets says it.
func setShort(id string) string {
	if i := setIndex(id); i >= 0 {
		return ThemeSets()[i].Short
	}
	return id
}

// Odds are the production die's: each number 1 in 6.
func (r *Ruleset) Odds(*deck.State) []deck.Odds {
	out := make([]deck.Odds, 6)
	for i := range out {
		out[i] = deck.Odds{Number: i + 1, Ways: 1, Of: 6}
	}
	return out
}

// Progress is where the stack stands: its year (one per Yule) and size. It
// says nothing of the cards' order.
func (r *Ruleset) Progress(s *deck.State) string {
	// Short, beside the game's description in the header at 80 columns.
	return fmt.Sprintf("Year %d · drawn %d of %d", s.Year, s.DrawnThisYear(), s.Deck.Total())
}
