package cardgame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// Option keys, shared by the setup screen, the command line and the save.
const (
	OptMode          = "mode"
	OptTheme         = "theme"
	OptEventFirst    = "event-first"
	OptBrigandGrace  = "brigand-grace"
	OptQuestionFaces = "question-faces"
	OptExtraEvents   = "extra-events"
)

// The three ways to play (rules/002).
const (
	ModeBasic      = "basic"      // the Basic Game's event deck
	ModeExpanded   = "expanded"   // Basic plus one theme deck's events
	ModeTournament = "tournament" // 13 cards, 4 of them picked in secret by each player
)

// Basic is the theme id of the Basic Game's own cards.
const Basic = "basic"

// KnightsMerchants is the one theme deck whose cards our sources list.
const KnightsMerchants = "knights-merchants"

// Theme is one of the Expansion Set's six theme decks (rules/002).
type Theme struct {
	ID   string
	Name string
}

// Themes lists the six theme decks in the order rules/002 gives them.
func Themes() []Theme {
	return []Theme{
		{KnightsMerchants, "Knights and Merchants"},
		{"science-progress", "Science and Progress"},
		{"wizards-dragons", "Wizards and Dragons"},
		{"barbarians-traders", "Barbarians and Traders"},
		{"politics-intrigue", "Politics and Intrigue"},
		{"trade-change", "Trade and Change"},
	}
}

// ThemeName is what the table calls a theme id; Basic is "Basic Game".
func ThemeName(id string) string {
	if id == Basic {
		return "Basic Game"
	}
	for _, t := range Themes() {
		if t.ID == id {
			return t.Name
		}
	}
	return id
}

func themeIDs() []string {
	var ids []string
	for _, t := range Themes() {
		ids = append(ids, t.ID)
	}
	return ids
}

// MaxExtraCopies bounds the event cards the table may add by name, so that
// a Tournament box of both players' cards keeps small card ids.
const MaxExtraCopies = 40

// Extra is an event card the table adds by name: our sources do not list
// five of the six theme decks' event cards (rules/002 ships blank cards too).
type Extra struct {
	Theme  string // a theme id
	Name   string // as printed
	Copies int
}

// Config is a Card Game's options, parsed, with the box of event cards they
// make (see box.go).
type Config struct {
	Mode          string
	Theme         string // the theme deck of an Expanded Game
	EventFirst    bool   // roll and resolve the event die before the production die
	BrigandGrace  bool   // no Brigand Attack in a player's first two turns
	QuestionFaces int    // how many faces of the event die show "?"
	Extras        []Extra
	ExtraText     string        // the extra-events option as given
	House         []custom.Card // the table's own cards the game plays (house.go)
	HouseFiles    string        // the card-files choice they came from

	Box Box // every event card the game may use
}

// Victory is the points an Expanded or Tournament game is played to (rules/002).
const Victory = 13

// OptionList describes the options for the setup screen and the flags.
func OptionList() []deck.Option {
	return []deck.Option{
		{Key: OptMode, Label: "Mode", Values: []string{ModeBasic, ModeExpanded, ModeTournament}, Default: ModeBasic,
			Help: "basic deck; one theme deck shuffled in; or the 13-card Tournament deck"},
		{Key: OptTheme, Label: "Theme deck", Values: themeIDs(), Default: KnightsMerchants,
			Help: "whose event cards join the Basic Game's", Needs: OptMode + "=" + ModeExpanded},
		{Key: OptEventFirst, Label: "Event die first", Values: []string{"on", "off"}, Default: "on",
			Help: "on: the event die is resolved before production"},
		{Key: OptBrigandGrace, Label: "Brigand grace", Values: []string{"on", "off"}, Default: "on",
			Help: "on: no Brigand Attack in each player's first two turns"},
		{Key: OptQuestionFaces, Label: "\"?\" faces", Values: []string{"2", "1", "3"}, Default: "2",
			Help: "event die faces that draw an event card (sources unsure)"},
		{Key: OptExtraEvents, Label: "Extra event cards", Default: "", Free: true,
			Help: "cards our data lacks, e.g. \"Name*2,theme-id:Other*1\""},
	}
}

// ParseConfig reads options by key; missing keys take their defaults. An
// unknown key, a bad value or a bad combination is an error naming it.
// kinds is the card list the box is built from.
func ParseConfig(opts map[string]string, kinds *Kinds) (*Config, error) {
	c := &Config{Mode: ModeBasic, Theme: KnightsMerchants, EventFirst: true, BrigandGrace: true, QuestionFaces: 2}
	if err := deck.CheckOptions(opts, OptionList, custom.IsOption); err != nil {
		return nil, err
	}
	var err error
	if c.House, err = custom.FromOptions(opts, ID); err != nil {
		return nil, err
	}
	c.HouseFiles = opts[custom.OptFiles]
	for k, v := range opts {
		switch k {
		case OptMode:
			c.Mode = v
		case OptTheme:
			c.Theme = v
		case OptEventFirst:
			c.EventFirst = v == "on"
		case OptBrigandGrace:
			c.BrigandGrace = v == "on"
		case OptQuestionFaces:
			c.QuestionFaces, _ = strconv.Atoi(v) // one of the listed values
		}
	}
	// A setup screen may send every default, so only a theme other than
	// the default is an error outside the Expanded Game.
	if c.Mode != ModeExpanded && c.Theme != KnightsMerchants {
		return nil, fmt.Errorf("theme %q needs mode %s", c.Theme, ModeExpanded)
	}
	extras, err := parseExtras(opts[OptExtraEvents], c)
	if err != nil {
		return nil, err
	}
	c.Extras, c.ExtraText = extras, strings.TrimSpace(opts[OptExtraEvents])
	if c.Box, err = buildBox(c, kinds); err != nil {
		return nil, err
	}
	return c, nil
}

// parseExtras reads "Name*2,theme-id:Other*1". A card without a theme joins
// the Expanded Game's theme; a Tournament needs the theme named, since the
// end-of-game list says which deck each card goes back to (rules/002).
func parseExtras(v string, c *Config) ([]Extra, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	if c.Mode == ModeBasic {
		return nil, fmt.Errorf("%s needs mode %s or %s", OptExtraEvents, ModeExpanded, ModeTournament)
	}
	var out []Extra
	total := 0
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		e := Extra{Theme: c.Theme, Copies: 1}
		if th, rest, ok := strings.Cut(item, ":"); ok {
			if !slices.Contains(themeIDs(), strings.TrimSpace(th)) {
				return nil, fmt.Errorf("%s: unknown theme %q", OptExtraEvents, th)
			}
			e.Theme, item = strings.TrimSpace(th), rest
		} else if c.Mode == ModeTournament {
			return nil, fmt.Errorf("%s: %q needs its theme, as theme-id:Name*N", OptExtraEvents, item)
		}
		if c.Mode == ModeExpanded && e.Theme != c.Theme {
			return nil, fmt.Errorf("%s: %q is not from the theme in play (%s)", OptExtraEvents, item, c.Theme)
		}
		name, n, ok := strings.Cut(item, "*")
		if ok {
			copies, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil || copies < 1 || copies > 9 {
				return nil, fmt.Errorf("%s: %q: want a count from 1 to 9 after *", OptExtraEvents, item)
			}
			e.Copies = copies
		}
		e.Name = strings.Join(strings.Fields(name), " ")
		if err := checkName(e.Name); err != nil {
			return nil, fmt.Errorf("%s: %w", OptExtraEvents, err)
		}
		if Slug(e.Name) == YearEnd {
			return nil, fmt.Errorf("%s: a game has one Year End only", OptExtraEvents)
		}
		total += e.Copies
		out = append(out, e)
	}
	if total > MaxExtraCopies {
		return nil, fmt.Errorf("%s: %d cards, at most %d", OptExtraEvents, total, MaxExtraCopies)
	}
	return out, nil
}

func checkName(name string) error {
	if name == "" || len(name) > 30 {
		return fmt.Errorf("a card name needs 1 to 30 characters: %q", name)
	}
	for _, r := range name {
		if !(r == ' ' || r == '-' || r == '\'' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("%q: use letters, digits, spaces, - and '", name)
		}
	}
	return nil
}

// Slug is a card name as an id: "Dragon Attack" is "dragon-attack".
func Slug(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(name, "'", "")), "-"))
}

// Options returns c as option values by key, the form a save keeps.
func (c *Config) Options() map[string]string {
	onOff := map[bool]string{true: "on", false: "off"}
	o := map[string]string{
		OptMode:          c.Mode,
		OptTheme:         c.Theme,
		OptEventFirst:    onOff[c.EventFirst],
		OptBrigandGrace:  onOff[c.BrigandGrace],
		OptQuestionFaces: strconv.Itoa(c.QuestionFaces),
	}
	if c.ExtraText != "" {
		o[OptExtraEvents] = c.ExtraText
	}
	if c.HouseFiles != "" {
		o[custom.OptFiles] = c.HouseFiles
	}
	if len(c.House) > 0 {
		o[custom.OptSaved] = custom.ToOptions(c.House)
	}
	return o
}

// usesThemes reports whether the Expansion Set is on the table.
func (c *Config) usesThemes() bool { return c.Mode != ModeBasic }

// knightsMerchants reports whether a player could hold Knights and Merchants
// cards: in its Expanded Game, and in any Tournament (each builds a deck
// from any theme, rules/002).
func (c *Config) knightsMerchants() bool {
	return c.Mode == ModeTournament || c.Mode == ModeExpanded && c.Theme == KnightsMerchants
}
