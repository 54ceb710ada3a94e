// Package cardgame is The Catan Card Game for two: the event die and the
// production die, the event deck with Year End, the Expansion Set's
// Expanded Game (one theme deck's events shuffled in) and its Tournament
// deck of 13 cards, 4 of each player's picked in secret, and the Watch Tower.
package cardgame

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// ID is the ruleset's id in saves and on the command line.
const ID = "card-game"

// Ruleset is The Catan Card Game: its card list and reference, each read
// when first needed.
type Ruleset struct {
	loadKinds func() (*Kinds, error) // the card list, read once
	reference *deck.Reference        // read when first asked for
	lib       *custom.Library        // the table's own cards (house.go); nil for none
}

// New returns the Card Game with its card list and reference in fsys
// (assets.FS() in the app). It checks the card file is there; its rows are
// read when a Card Game first needs them, so a draw of another game never
// reads them (issue 12's start-up).
func New(fsys fs.FS) (*Ruleset, error) {
	if _, err := fs.Stat(fsys, CardsFile); err != nil {
		return nil, err
	}
	r := &Ruleset{loadKinds: sync.OnceValues(func() (*Kinds, error) { return LoadKinds(fsys) })}
	r.reference = deck.NewReference(func() ([]deck.Entry, error) { return r.loadReference(fsys) })
	return r, nil
}

// kinds is the card list; empty if it could not be read, which NewGame,
// Config and Validate report.
func (r *Ruleset) kinds() *Kinds {
	k, err := r.loadKinds()
	if err != nil {
		return &Kinds{}
	}
	return k
}

// ID is "card-game".
func (r *Ruleset) ID() string { return ID }

// Name is what the setup screen calls the game.
func (r *Ruleset) Name() string { return "The Catan Card Game" }

// Players is two, always.
func (r *Ruleset) Players() (min, max int) { return 2, 2 }

// Options lists the options the setup screen offers.
func (r *Ruleset) Options() []deck.Option { return append(OptionList(), r.lib.Options(ID)...) }

// Config returns the parsed options of s, parsed once per state.
func (r *Ruleset) Config(s *deck.State) (*Config, error) {
	kinds, err := r.loadKinds()
	if err != nil {
		return nil, err
	}
	v, err := s.Config(func(o map[string]string) (any, error) { return ParseConfig(o, kinds) })
	if err != nil {
		return nil, err
	}
	return v.(*Config), nil
}

// NewGame returns a game ready for its first roll, or, in a Tournament, for
// the secret picks: the Basic and Expanded decks are shuffled now; a
// Tournament deck holds its 5 fixed cards until both players have picked.
func (r *Ruleset) NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error) {
	if len(players) != 2 {
		return nil, fmt.Errorf("the Card Game is for 2 players, not %d", len(players))
	}
	kinds, err := r.loadKinds()
	if err != nil {
		return nil, err
	}
	cfg, err := ParseConfig(r.lib.Resolve(opts, ID), kinds)
	if err != nil {
		return nil, err
	}
	s := deck.NewState(ID, cfg.Options(), players, seed)
	var ids []deck.Card
	for i, sl := range cfg.Box {
		if cfg.Mode != ModeTournament || sl.Fixed {
			ids = append(ids, deck.Card(i))
		}
	}
	s.Deck = deck.NewDeck(ids...)
	s.Deck.Reserve(len(cfg.Box))
	s.Deck.Shuffle(s.Rand())
	return s, nil
}

// Validate checks a loaded game: two players, every card in the deck from
// the box once, the whole box in a Basic or Expanded deck, and a Tournament
// deck of its fixed cards and at most 4 picks each (13 once play started).
func (r *Ruleset) Validate(s *deck.State) error {
	if s.Ruleset != ID {
		return fmt.Errorf("a %q game, not %q", s.Ruleset, ID)
	}
	if len(s.Players) != 2 {
		return fmt.Errorf("%d players; the Card Game is for 2", len(s.Players))
	}
	cfg, err := r.Config(s)
	if err != nil {
		return err
	}
	seen := make([]bool, len(cfg.Box))
	cards := append(append([]deck.Card(nil), s.Deck.Draw...), s.Deck.Discard...)
	for _, c := range cards {
		if !cfg.Box.Has(c) {
			return fmt.Errorf("card %d is not one of this game's %d event cards", c, len(cfg.Box))
		}
		if seen[c] {
			return fmt.Errorf("%s is in the deck twice", cfg.Box[c].Label())
		}
		seen[c] = true
	}
	if cfg.Mode != ModeTournament {
		if len(cards) != len(cfg.Box) {
			return fmt.Errorf("the deck holds %d of its %d event cards", len(cards), len(cfg.Box))
		}
	} else {
		for i, sl := range cfg.Box {
			if sl.Fixed && !seen[i] {
				return fmt.Errorf("the Tournament deck lacks %s", sl.Label())
			}
		}
		for seat := range 2 {
			if n := picked(s, cfg, seat); n > Picks {
				return fmt.Errorf("%s added %d cards, not %d", s.Players[seat].Name, n, Picks)
			}
		}
		if s.Turns() > 0 && len(cards) != TournamentCards {
			return fmt.Errorf("the Tournament deck holds %d cards, not %d", len(cards), TournamentCards)
		}
	}
	for i := range s.Turns() {
		rec := s.TurnAt(i)
		if !rec.NoCard && !cfg.Box.Has(rec.Card) {
			return fmt.Errorf("turn %d: card %d is not in the box", i+1, rec.Card)
		}
		if _, ok := findFace(rec.Dice[EventDie]); !ok {
			return fmt.Errorf("turn %d: event die %q", i+1, rec.Dice[EventDie])
		}
	}
	return nil
}

// errOver is returned for an action after the game was declared over.
var errOver = errors.New("the game is over")

// Describe sums the game up for the screen's header. In a Tournament it
// says who still picks, never what.
func (r *Ruleset) Describe(s *deck.State) string {
	cfg, err := r.Config(s)
	if err != nil {
		return "The Catan Card Game"
	}
	var d string
	switch cfg.Mode {
	case ModeBasic:
		d = "Basic Game"
	case ModeExpanded:
		// The game named first: "Expanded" alone could be any game's
		// (issue 30).
		d = fmt.Sprintf("Card Game Expanded: %s · %d to win", ThemeName(cfg.Theme), Victory)
	case ModeTournament:
		d = fmt.Sprintf("Tournament · %d to win", Victory)
		if p := picker(s, cfg); p >= 0 {
			d += fmt.Sprintf(" · %s picks next", s.Players[p].Name)
		}
	}
	if cfg.QuestionFaces != 2 {
		d += fmt.Sprintf(" · \"?\" on %d faces", cfg.QuestionFaces)
	}
	if !cfg.EventFirst {
		d += " · production first"
	}
	return d
}

// Progress is where the event deck stands: its year (one per Year End) and
// how many of its cards this year has drawn, "Year 2 · drawn 3 of 10". It
// counts the whole deck, Year End too, as Rivals counts its stack with
// Yule; a Tournament's deck is its 13 cards (catan-card-game.md) from the
// first pick on (issue 30: "of 12" for the 13 cards, and "of 4", "of 8"
// while the picks filled it). It says nothing of the cards' order.
func (r *Ruleset) Progress(s *deck.State) string {
	of := s.Deck.Total()
	if cfg, err := r.Config(s); err == nil && cfg.Mode == ModeTournament {
		of = TournamentCards
	}
	// Short, beside the game's description in the header at 80 columns.
	return fmt.Sprintf("Year %d · drawn %d of %d", s.Year, s.DrawnThisYear(), of)
}
