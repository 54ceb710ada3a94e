package rivals

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// Option keys, shared by the setup screen, the command line and the save.
const (
	OptMode       = "mode"
	OptSet        = "set"
	OptSets       = "sets"
	OptByLot      = "pick-by-lot"
	OptDuelInsurr = "duel-insurrection"
)

// The ways to play (rules/003, rivals-for-catan.md).
const (
	ModeIntro = "intro" // the introductory game: Basic Set only
	ModeTheme = "theme" // the Theme Game with one theme set
	ModeDuel  = "duel"  // the Duel of the Princes: three theme sets
)

// Where Insurrection goes in a Duel with the Era of Prosperity. rules/003
// says to shuffle it in "as you would normally do"; rivals-for-catan.md and
// the issue read that as the plain Yule seating. Unsure, so a setting.
const (
	InsurrMixed = "mixed" // shuffled with the rest, Yule 4th from the bottom
	InsurrTop   = "top"   // as in the Prosperity Theme Game: above Yule
)

// Victory points to win (rivals-for-catan.md).
const (
	GoalIntro = 7
	GoalTheme = 12
	GoalDuel  = 13
)

// DuelSets is how many theme sets a Duel uses (rules/003).
const DuelSets = 3

// Config is a Rivals game's options, parsed.
type Config struct {
	Mode  string
	Set   string   // the theme set of a Theme Game
	Sets  []string // Duel: the sets named in the options (0, 2 or 3)
	ByLot bool     // Duel: the third set, or all three with none named, by lot
	// DuelInsurrection is InsurrMixed or InsurrTop.
	DuelInsurrection string
	// House is the table's own cards the game plays, as its options keep
	// them (house.go).
	House []custom.Card
}

// Goal is the victory points that win.
func (c Config) Goal() int {
	switch c.Mode {
	case ModeTheme:
		return GoalTheme
	case ModeDuel:
		return GoalDuel
	}
	return GoalIntro
}

// PicksAtTable reports whether the players pick the Duel's sets at the table.
func (c Config) PicksAtTable() bool {
	return c.Mode == ModeDuel && len(c.Sets) == 0 && !c.ByLot
}

func setIDs() []string {
	var ids []string
	for _, s := range ThemeSets() {
		ids = append(ids, s.ID)
	}
	return ids
}

// OptionList describes the options for the setup screen and the flags.
func OptionList() []deck.Option {
	return []deck.Option{
		{Key: OptMode, Label: "Mode", Values: []string{ModeIntro, ModeTheme, ModeDuel}, Default: ModeIntro,
			Help: "intro: Basic Set; theme: one theme set; duel: Duel of the Princes (the Tournament Game is not offered)"},
		{Key: OptSet, Label: "Theme set", Values: setIDs(), Default: defaultSet, Needs: OptMode + "=" + ModeTheme,
			Help: "the theme set whose events join the Basic Set's"},
		{Key: OptSets, Label: "Duel sets", Values: setIDs(), Free: true, Needs: OptMode + "=" + ModeDuel,
			Help: "2 or 3 sets, comma-separated; empty: pick them at the table"},
		{Key: OptByLot, Label: "By lot", Values: []string{"off", "on"}, Default: "off", Needs: OptMode + "=" + ModeDuel,
			Help: "on: the third set by lot (2 named), or all three (none named)"},
		{Key: OptDuelInsurr, Label: "Duel Insurrection", Values: []string{InsurrMixed, InsurrTop}, Default: InsurrMixed,
			Needs: OptMode + "=" + ModeDuel, Help: "Prosperity in a Duel: shuffled in, or above Yule (sources differ)"},
	}
}

// tournament is the mode a table may ask for that eventdeck does not play.
const tournament = "tournament"

// errTournament says why there is no Tournament Game and what to play
// instead: rules/003 names it but leaves its rules to a separate document,
// and each player draws from a deck of their own (issue 40).
var errTournament = errors.New("mode tournament: eventdeck does not offer the Rivals Tournament Game (each player builds and plays their own deck, " +
	"and its rules are not in eventdeck's sources); play the Duel of the Princes (mode duel) instead")

// defaultSet is the Theme Game's set when none is named.
const defaultSet = "gold"

// ParseConfig reads options by key; missing keys take their defaults. A set
// or sets given without a mode choose the Theme Game or the Duel. An unknown
// key or value, a bad list of sets or a combination that does not fit is an
// error that names it.
func ParseConfig(opts map[string]string) (Config, error) {
	c := Config{Mode: ModeIntro, DuelInsurrection: InsurrMixed}
	if opts[OptMode] == tournament {
		return c, errTournament
	}
	if err := deck.CheckOptions(opts, OptionList, custom.IsOption); err != nil {
		return c, err
	}
	house, err := custom.FromOptions(opts, ID)
	if err != nil {
		return c, err
	}
	c.House = house
	mode, set, sets := opts[OptMode], opts[OptSet], strings.TrimSpace(opts[OptSets])
	switch {
	case mode != "":
		c.Mode = mode
	case set != "":
		c.Mode = ModeTheme
	case sets != "":
		c.Mode = ModeDuel
	}
	c.ByLot = opts[OptByLot] == "on"
	if v := opts[OptDuelInsurr]; v != "" {
		c.DuelInsurrection = v
	}
	if set != "" && c.Mode != ModeTheme {
		return c, fmt.Errorf("option set needs mode theme, not %s", c.Mode)
	}
	if sets != "" && c.Mode != ModeDuel {
		return c, fmt.Errorf("option sets needs mode duel, not %s", c.Mode)
	}
	if c.ByLot && c.Mode != ModeDuel {
		return c, fmt.Errorf("option pick-by-lot needs mode duel, not %s", c.Mode)
	}
	if c.Mode == ModeTheme {
		c.Set = set
		if c.Set == "" {
			c.Set = defaultSet
		}
	}
	if c.Mode != ModeDuel {
		return c, nil
	}
	if sets != "" {
		for _, id := range strings.Split(sets, ",") {
			id = strings.TrimSpace(id)
			if setIndex(id) < 0 {
				return c, fmt.Errorf("option sets: unknown set %q (want %s)", id, strings.Join(setIDs(), ", "))
			}
			if slices.Contains(c.Sets, id) {
				return c, fmt.Errorf("option sets: %s named twice", id)
			}
			c.Sets = append(c.Sets, id)
		}
	}
	switch n := len(c.Sets); {
	case n == 1 || n > DuelSets:
		return c, fmt.Errorf("option sets: %d sets named; a Duel takes 2 (the third by lot) or 3", n)
	case n == DuelSets && c.ByLot:
		return c, fmt.Errorf("option pick-by-lot: 3 sets named leave nothing to draw")
	}
	return c, nil
}

// config returns the state's options, parsed once per state.
func config(s *deck.State) (Config, error) {
	v, err := s.Config(func(m map[string]string) (any, error) { return ParseConfig(m) })
	if err != nil {
		return Config{}, err
	}
	return v.(Config), nil
}
