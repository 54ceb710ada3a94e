package catan

import (
	"fmt"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Option keys, shared by the setup screen, the command line and the save.
const (
	OptEdition   = "edition"
	OptDeck      = "deck"
	OptNewYear   = "new-year"
	OptSeafarers = "seafarers"
	OptExplorers = "explorers"
	OptHandLimit = "hand-limit"
	OptFlees     = "robber-flees"
	OptFiveSix   = "five-six"
	OptCK        = "cities-knights"
	OptCKRed     = "progress-red"
	OptEventDie  = "event-die"
	OptBeauty    = "beautiful-day"
	OptSeasons   = "seasons"             // the seasonal event die (rules/001), laid on C&K
	OptSeasonBy  = "season-change"       // how the season changes
	OptShipExtra = "season-ship-extra"   // a ship moves the barbarians one extra space
	OptTBCards   = "season-tb-cards"     // a T&B development card instead of a progress card
	OptHarvest   = "season-harvest-moon" // autumn's Harvest Moon: 1 grain each (rules/001 marks it "DELETE?")
)

// How the season changes with the seasonal event die: rules/001 only says a
// "Change in the Weather" card in front of a player sets it, so a setting.
const (
	SeasonByHand    = "hand"     // the table sets it (the article's card), eventdeck's default
	SeasonByNewYear = "new-year" // one season on at each New Year
	SeasonByRound   = "round"    // one season on after every full round of turns
)

// Option keys of the dice modes.
const (
	OptDice      = "dice"
	OptDiceStack = "dice-stack"
)

// Where Robber Flees sends the robber, and the 5–6 player rule.
const (
	FleesDesert  = "desert" // rules/000: to a desert hex…
	FleesOff     = "off"    // …or off the board, as the scenario says
	FiveSixSBP   = "special-building"
	FiveSixPairs = "paired"
	RedPrinted   = "printed"  // progress cards use the red die printed on the card (rules/000)
	RedRolled    = "rolled"   // always roll a separate red die (the newer rule, likely)
	DieRandom    = "random"   // the event die is rolled
	DieBalanced  = "balanced" // the six faces come from a shuffled cycle
)

// Where New Year goes when the deck is built (catan-events.md).
const (
	NewYearOfficial = "official" // 6th from the bottom, rules/000
	NewYearRandom   = "random"   // a house rule: anywhere with at least one card above it
	NewYearNone     = "none"     // a house rule: no New Year; rebuild after all 36
	NewYearHidden   = "hidden"   // a house rule: a chosen number of cards under it
)

// reading is the line a text carries where the sources leave the rule
// open and a setting decides.
const reading = "eventdeck's reading; check your rulebook."

// OfficialHidden is how many cards lie under New Year by the rules: it is
// seated 6th from the bottom (rules/000).
const OfficialHidden = 5

// Config is a Catan game's options, parsed.
type Config struct {
	Edition   int    // English edition: 4, 5 or 6
	RedDie    bool   // the printing shows the red die on each card
	NewYear   string // NewYearOfficial, NewYearRandom, NewYearNone or NewYearHidden
	Hidden    int    // cards under New Year with NewYearHidden (0..35)
	Seafarers bool   // Seafarers changes to Robber Flees and Earthquake
	Explorers bool   // Explorers & Pirates: numbers only, no events
	HandLimit int    // cards a player may hold on a 7 without discarding (7 by the rules)
	Flees     string // FleesDesert or FleesOff
	FiveSix   string // FiveSixSBP (older rule) or FiveSixPairs (newer rule), for 5–6 players

	CitiesKnights bool   // Cities & Knights: event die, progress cards, barbarians
	ProgressRed   string // RedPrinted or RedRolled; a plain deck always rolls
	EventDie      string // DieRandom or DieBalanced

	Dice      string // the dice mode: DiceCards, DiceDeck, DiceRandom, DiceBalanced, DiceHybrid or DiceTyped
	Hybrid    int    // with DiceHybrid: the percent chance that a roll is random (0..100)
	DiceStack int    // with DiceDeck and DiceHybrid: pairs left out before the deck is reshuffled (0..35)

	// BeautifulDay titles the no-event cards "A Beautiful Day" in the 6th
	// edition too. catan-events.md: rules/000 says the name was dropped in
	// the 6th; one source says the 2025 deck prints it. Unsure, so a setting,
	// off by default (the rules/000 reading).
	BeautifulDay bool

	// Seasons prints the event die on the cards, one square per season
	// (rules/001); it needs CitiesKnights and is a layer laid on it.
	Seasons   bool
	SeasonBy  string // SeasonByHand, SeasonByNewYear or SeasonByRound
	ShipExtra bool   // a ship moves the barbarians one extra space (rules/001's summary)
	TBCards   bool   // a T&B development card may be taken instead of a progress card (rules/001)
	// HarvestMoon plays autumn's Harvest Moon: each player may take 1
	// grain before the event die. rules/001 gives it only as an example
	// ("in this example") in a passage marked "DELETE?": unsure, so a
	// setting, off by default.
	HarvestMoon bool

	House      []custom.Card // the table's own cards the game plays (house.go)
	HouseFiles string        // the card-files choice they came from

	lay []layer // the variants laid over the turn, from the options
}

// RollsRed reports whether the red die for progress cards is rolled each
// turn: always with a plain deck (rules/000), and by setting otherwise.
// With a dice mode other than the Event Cards the red die is a real die:
// its face serves the progress cards.
func (c Config) RollsRed() bool {
	return c.Dice == DiceCards && (!c.RedDie || c.ProgressRed == RedRolled)
}

// DefaultConfig is the game with no options given: English 6th edition, the
// printing with the red die, New Year placed by the rules.
func DefaultConfig() Config {
	return Config{Edition: 6, RedDie: true, NewYear: NewYearOfficial, Hidden: OfficialHidden,
		HandLimit: 7, Flees: FleesDesert, FiveSix: FiveSixSBP, ProgressRed: RedPrinted, EventDie: DieRandom,
		SeasonBy: SeasonByHand, TBCards: true, Dice: DiceCards}
}

// OptionList describes the options for the setup screen and the flags.
func OptionList() []deck.Option {
	return []deck.Option{
		{Key: OptEdition, Label: "Edition", Values: []string{"6", "5", "4"}, Default: "6", Help: "English edition: titles and a few effects changed"},
		{Key: OptDeck, Label: "Deck printing", Values: []string{"red", "plain"}, Default: "red", Help: "red: cards show the red die; plain: number disc only", Needs: OptDice + "=" + DiceCards},
		{Key: OptNewYear, Label: "New Year", Values: newYearValues(), Default: NewYearOfficial, Help: "official: 6th from the bottom (5 cards under it)", Needs: OptDice + "=" + DiceCards},
		{Key: OptSeafarers, Label: "Seafarers", Values: []string{"off", "on"}, Default: "off", Help: "Robber Flees leaves the pirate; Earthquake spares ships", Group: "expansion"},
		{Key: OptExplorers, Label: "Explorers & Pirates", Values: []string{"off", "on"}, Default: "off", Help: "numbers only, no events", Group: "expansion"},
		{Key: OptCK, Label: "Cities & Knights", Values: []string{"off", "on"}, Default: "off", Help: "event die, progress cards, barbarians", Group: "expansion"},
		{Key: OptCKRed, Label: "C&K red die", Values: []string{RedPrinted, RedRolled}, Default: RedPrinted, Help: "progress cards: the card's red die, or always roll one (newer rule); a plain deck rolls", Needs: OptCK + "=on"},
		{Key: OptEventDie, Label: "C&K event die", Values: []string{DieRandom, DieBalanced}, Default: DieRandom, Help: "random: each roll its own; balanced: every 6 rolls show 3 ships and each gate once", Needs: OptCK + "=on"},
		{Key: OptSeasons, Label: "Seasonal event die", Values: []string{"off", "on"}, Default: "off", Help: "fan variant (rules/001): the cards print the event die, a square per season; none is rolled", Needs: OptCK + "=on"},
		{Key: OptSeasonBy, Label: "Season changes", Values: []string{SeasonByHand, SeasonByNewYear, SeasonByRound}, Default: SeasonByHand, Help: "by hand (w), one season per New Year, or one per full round", Needs: OptSeasons + "=on"},
		{Key: OptShipExtra, Label: "Ship: one extra space", Values: []string{"off", "on"}, Default: "off", Help: "a ship also puts a barbarian piece on the board and moves the barbarians two spaces (the article's summary)", Needs: OptSeasons + "=on"},
		{Key: OptHarvest, Label: "Harvest Moon", Values: []string{"off", "on"}, Default: "off", Help: "autumn: each player may take 1 grain first (the article marks it for deletion)", Needs: OptSeasons + "=on"},
		{Key: OptTBCards, Label: "T&B card for progress", Values: []string{"off", "on"}, Default: "on", Help: "a Traders & Barbarians development card may be taken instead of a progress card", Needs: OptSeasons + "=on"},
		{Key: OptBeauty, Label: "6th ed. no-event title", Values: []string{"off", "on"}, Default: "off", Help: "on: call no-event cards \"A Beautiful Day\" in the 6th edition too (sources differ)", Needs: OptEdition + "=6"},
		{Key: OptDice, Label: "Dice", Values: diceValues(), Default: DiceCards, Help: "cards: the Event Cards; deck, random, balanced, hybrid=P or typed dice (no events)"},
		{Key: OptDiceStack, Label: "Dice deck stack", Values: stackValues(), Default: "0", Help: "pairs left out of each pass of the dice deck (5: like New Year)", Needs: OptDice + "=" + DiceDeck},
		{Key: OptHandLimit, Label: "Hand limit on a 7", Values: []string{"7", "8", "9", "10", "11", "12"}, Default: "7", Help: "more cards than this on a 7: discard half (7 by the rules)", Live: true},
		{Key: OptFlees, Label: "Robber Flees to", Values: []string{FleesDesert, FleesOff}, Default: FleesDesert, Help: "the desert, or off the board (as your scenario says)", Needs: OptDice + "=" + DiceCards},
		{Key: OptFiveSix, Label: "5–6 players", Values: []string{FiveSixSBP, FiveSixPairs}, Default: FiveSixSBP, Help: "after each turn: special building phase (older rule) or paired players (newer)", MinPlayers: 5},
	}
}

// newYearValues are New Year's values: the three modes, then hidden=K for
// every place K. The places share one string: every start builds this list
// (flags, a new game), and 36 separate strings were a tenth of a draw's work.
func newYearValues() []string {
	var b []byte
	var ends [NumberedCards]int
	for k := range NumberedCards {
		b = strconv.AppendInt(append(b, NewYearHidden+"="...), int64(k), 10)
		ends[k] = len(b)
	}
	all := string(b)
	v := append(make([]string, 0, 3+NumberedCards), NewYearOfficial, NewYearRandom, NewYearNone)
	start := 0
	for _, end := range ends {
		v, start = append(v, all[start:end]), end
	}
	return v
}

// config parses the game's options once per state.
func config(s *deck.State) (Config, error) {
	v, err := s.Config(func(o map[string]string) (any, error) { return ParseConfig(o) })
	if err != nil {
		return DefaultConfig(), err
	}
	return v.(Config), nil
}

// ParseConfig reads options by key; missing keys take their defaults. An
// unknown key, or a value not among those OptionList offers, is an error
// that names it.
func ParseConfig(opts map[string]string) (Config, error) {
	c := DefaultConfig()
	if err := deck.CheckOptions(opts, OptionList, ownOption); err != nil {
		return c, err
	}
	house, err := custom.FromOptions(opts, ID)
	if err != nil {
		return c, err
	}
	c.House, c.HouseFiles = house, opts[custom.OptFiles]
	for _, k := range slices.Sorted(maps.Keys(opts)) { // sorted: the same options, the same error
		v := opts[k]
		if k == OptDice {
			mode, p, err := parseDice(v)
			if err != nil {
				return c, err
			}
			c.Dice, c.Hybrid = mode, p
			continue
		}
		if k == OptNewYear {
			mode, hidden, err := parseNewYear(v)
			if err != nil {
				return c, err
			}
			c.NewYear, c.Hidden = mode, hidden
			continue
		}
		on := v == "on"
		switch k {
		case OptEdition:
			c.Edition = int(v[0] - '0')
		case OptDeck:
			c.RedDie = v == "red"
		case OptSeafarers:
			c.Seafarers = on
		case OptExplorers:
			c.Explorers = on
		case OptBeauty:
			c.BeautifulDay = on
		case OptCK:
			c.CitiesKnights = on
		case OptCKRed:
			c.ProgressRed = v
		case OptEventDie:
			c.EventDie = v
		case OptSeasons:
			c.Seasons = on
		case OptSeasonBy:
			c.SeasonBy = v
		case OptShipExtra:
			c.ShipExtra = on
		case OptTBCards:
			c.TBCards = on
		case OptHarvest:
			c.HarvestMoon = on
		case OptHandLimit:
			c.HandLimit, _ = strconv.Atoi(v) // one of "7".."12"
		case OptFlees:
			c.Flees = v
		case OptFiveSix:
			c.FiveSix = v
		case OptDiceStack:
			c.DiceStack, _ = strconv.Atoi(v) // one of "0".."35"
		}
	}
	c.lay = c.buildLayers()
	return c, nil
}

// ownOption is true for the options ParseConfig reads itself rather than
// from their listed values: dice and New Year take a number (hybrid=P,
// hidden=K), and the table's own cards are custom's.
func ownOption(key string) bool {
	return key == OptDice || key == OptNewYear || custom.IsOption(key)
}

func parseNewYear(v string) (string, int, error) {
	switch v {
	case NewYearOfficial:
		return NewYearOfficial, OfficialHidden, nil
	case NewYearRandom, NewYearNone:
		return v, 0, nil
	}
	if k, ok := strings.CutPrefix(v, NewYearHidden+"="); ok {
		n, err := strconv.Atoi(k)
		if err == nil && n >= 0 && n < NumberedCards {
			return NewYearHidden, n, nil
		}
	}
	return "", 0, fmt.Errorf("new-year %q: want official, random, none or hidden=K with K from 0 to %d", v, NumberedCards-1)
}

// Options returns c as option values by key, the form a save keeps.
func (c Config) Options() map[string]string {
	ny := c.NewYear
	if ny == NewYearHidden {
		ny = NewYearHidden + "=" + strconv.Itoa(c.Hidden)
	}
	deck := "red"
	if !c.RedDie {
		deck = "plain"
	}
	o := map[string]string{
		OptEdition:   strconv.Itoa(c.Edition),
		OptDeck:      deck,
		OptNewYear:   ny,
		OptSeafarers: onOff(c.Seafarers),
		OptExplorers: onOff(c.Explorers),
		OptHandLimit: strconv.Itoa(c.HandLimit),
		OptFlees:     c.Flees,
		OptFiveSix:   c.FiveSix,
		OptCK:        onOff(c.CitiesKnights),
		OptCKRed:     c.ProgressRed,
		OptEventDie:  c.EventDie,
		OptBeauty:    onOff(c.BeautifulDay),
		OptSeasons:   onOff(c.Seasons),
		OptSeasonBy:  c.SeasonBy,
		OptShipExtra: onOff(c.ShipExtra),
		OptTBCards:   onOff(c.TBCards),
		OptHarvest:   onOff(c.HarvestMoon),
		OptDice:      c.diceValue(),
		OptDiceStack: strconv.Itoa(c.DiceStack),
	}
	if c.HouseFiles != "" {
		o[custom.OptFiles] = c.HouseFiles
	}
	if len(c.House) > 0 {
		o[custom.OptSaved] = custom.ToOptions(c.House)
	}
	return o
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
