package catan

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

func TestTitlesByEdition(t *testing.T) {
	tests := []struct {
		event   string
		edition int
		want    string
	}{
		{EventNone, 4, "A Beautiful Day"},
		{EventNone, 5, "A Beautiful Day"},
		{EventNone, 6, ""},
		{EventCalmSeas, 4, "Calm Sea"},
		{EventCalmSeas, 5, "Calm Sea"},
		{EventCalmSeas, 6, "Calm Seas"},
		{EventHelpfulNeighbor, 4, "Neighborly Assistance"},
		{EventHelpfulNeighbor, 5, "Neighborly Assistance"},
		{EventHelpfulNeighbor, 6, "Helpful Neighbor"},
		{EventConflict, 4, "Conflict"},
		{EventRobberAttacks, 6, "Robber Attacks"},
		{EventTradeAdvantage, 5, "Trade Advantage"},
	}
	for _, tt := range tests {
		if got := Title(tt.event, tt.edition); got != tt.want {
			t.Errorf("Title(%s, %d) = %q, want %q", tt.event, tt.edition, got, tt.want)
		}
	}
	for _, e := range Events() {
		for _, ed := range []int{4, 5, 6} {
			if e != EventNone && Title(e, ed) == "" {
				t.Errorf("%s has no title in edition %d", e, ed)
			}
		}
	}
}

func TestTextsByEditionAndExpansion(t *testing.T) {
	ed := func(n int) Config { c := DefaultConfig(); c.Edition = n; return c }
	sea := DefaultConfig()
	sea.Seafarers = true
	ep := DefaultConfig()
	ep.Explorers = true
	ck := DefaultConfig()
	ck.CitiesKnights = true
	tests := []struct {
		name      string
		event     string
		cfg       Config
		has, lack string
	}{
		{"trade advantage 5th falls back to roads", EventTradeAdvantage, ed(5), "most roads", ""},
		{"trade advantage 6th has no fallback", EventTradeAdvantage, ed(6), "No holder: no event", "most roads"},
		{"helpful neighbor 4th gives to everyone", EventHelpfulNeighbor, ed(4), "each player who is not a leader", ""},
		{"helpful neighbor 6th gives to one", EventHelpfulNeighbor, ed(6), "fewer points", "who is not a leader"},
		{"robber flees keeps the pirate with Seafarers", EventRobberFlees, sea, "pirate stays", ""},
		{"robber flees without Seafarers", EventRobberFlees, ed(6), "desert", "pirate"},
		{"earthquake spares ships with Seafarers", EventEarthquake, sea, "Ships are never damaged", ""},
		{"explorers: no events", EventConflict, ep, "event is ignored", "Largest Army"},
		{"earthquake with C&K: Diplomacy cannot repair", EventEarthquake, ck, "Road Building may repair it; Diplomacy cannot.", ""},
		// catan-events.md: the repair's cost is "likely" (issue 31).
		{"earthquake's repair is our reading", EventEarthquake, ed(6), "(1 lumber + 1 brick) before building another road. It still counts for Longest Road. " + reading, ""},
		{"explorers with C&K: no C&K change", EventEarthquake, func() Config { c := ck; c.Explorers = true; return c }(), "event is ignored", "Diplomacy"},
		{"calm seas may", EventCalmSeas, ed(6), "may take 1 resource", ""},
	}
	for _, tt := range tests {
		got := Text(tt.event, tt.cfg)
		if !strings.Contains(got, tt.has) || (tt.lack != "" && strings.Contains(got, tt.lack)) {
			t.Errorf("%s: %q", tt.name, got)
		}
	}
	for _, e := range Events() {
		if Text(e, DefaultConfig()) == "" {
			t.Errorf("%s has no text", e)
		}
	}
}

func TestBeautifulDaySetting(t *testing.T) {
	r := newRuleset(t)
	cfg := DefaultConfig()
	var none deck.Card
	for id := range NumberedCards {
		if r.Card(deck.Card(id)).Event == EventNone {
			none = deck.Card(id)
		}
	}
	if got := r.TurnOf(deck.Record{Card: none}, cfg).Title; got != "" {
		t.Fatalf("6th edition default titles no-event %q", got)
	}
	cfg.BeautifulDay = true
	if got := r.TurnOf(deck.Record{Card: none}, cfg).Title; got != "A Beautiful Day" {
		t.Fatalf("with the setting: %q", got)
	}
}

func TestExplorersReportsNoEvent(t *testing.T) {
	r := newRuleset(t)
	cfg := DefaultConfig()
	cfg.Explorers = true
	for id := range NumberedCards {
		turn := r.TurnOf(deck.Record{Card: deck.Card(id)}, cfg)
		if turn.Event != EventNone || turn.Title != "" {
			t.Fatalf("E&P card %d shows %s %q", id, turn.Event, turn.Title)
		}
		if turn.Number != r.Card(deck.Card(id)).Number {
			t.Fatal("E&P changed the number")
		}
	}
}

// with returns the default config changed by f.
func with(f func(*Config)) Config {
	c := DefaultConfig()
	f(&c)
	return c
}

// sameConfig compares two configs by their options and their layers.
func sameConfig(a, b Config) bool {
	la, lb := len(a.layers()), len(b.layers())
	a.lay, b.lay = nil, nil
	return reflect.DeepEqual(a, b) && la == lb
}

func TestParseConfig(t *testing.T) {
	good := []struct {
		opts map[string]string
		want Config
	}{
		{nil, DefaultConfig()},
		{map[string]string{OptEdition: "4", OptDeck: "plain"}, with(func(c *Config) { c.Edition, c.RedDie = 4, false })},
		{map[string]string{OptNewYear: "hidden=0"}, with(func(c *Config) { c.NewYear, c.Hidden = NewYearHidden, 0 })},
		{map[string]string{OptNewYear: "hidden=35", OptSeafarers: "on", OptExplorers: "on"}, with(func(c *Config) { c.NewYear, c.Hidden, c.Seafarers, c.Explorers = NewYearHidden, 35, true, true })},
		{map[string]string{OptNewYear: "random"}, with(func(c *Config) { c.NewYear, c.Hidden = NewYearRandom, 0 })},
		{map[string]string{OptHandLimit: "9", OptFlees: "off", OptFiveSix: "paired"}, with(func(c *Config) { c.HandLimit, c.Flees, c.FiveSix = 9, FleesOff, FiveSixPairs })},
		{map[string]string{OptCK: "on", OptCKRed: RedRolled, OptEventDie: DieBalanced}, with(func(c *Config) { c.CitiesKnights, c.ProgressRed, c.EventDie = true, RedRolled, DieBalanced })},
	}
	for _, tt := range good {
		got, err := ParseConfig(tt.opts)
		if err != nil || !sameConfig(got, tt.want) {
			t.Errorf("ParseConfig(%v) = %+v, %v; want %+v", tt.opts, got, err, tt.want)
		}
		back, err := ParseConfig(got.Options())
		if err != nil || !sameConfig(back, got) {
			t.Errorf("Options round trip of %+v gave %+v, %v", got, back, err)
		}
	}
	if cfg, _ := ParseConfig(map[string]string{OptCK: "on"}); len(cfg.lay) != 1 {
		t.Error("Cities & Knights parsed without its layer")
	}
	if cfg, _ := ParseConfig(nil); len(cfg.layers()) != 0 {
		t.Error("a layer without Cities & Knights")
	}
	bad := []map[string]string{
		{OptEdition: "3"}, {OptEdition: ""}, {OptDeck: "blue"}, {OptNewYear: "hidden=36"},
		{OptNewYear: "hidden=-1"}, {OptNewYear: "hidden="}, {OptNewYear: "sometimes"},
		{OptSeafarers: "yes"}, {"colour": "red"}, {OptHandLimit: "6"}, {OptHandLimit: "x"},
		{OptFlees: "sea"}, {OptFiveSix: "both"},
	}
	for _, opts := range bad {
		if _, err := ParseConfig(opts); err == nil {
			t.Errorf("ParseConfig(%v) accepted", opts)
		}
	}
}

// issue 11 item 5: Robber Attacks follows the table's hand limit.
func TestRobberAttacksTextFollowsTheHandLimit(t *testing.T) {
	cfg := DefaultConfig()
	cfg.HandLimit = 9
	if got := Text(EventRobberAttacks, cfg); !strings.Contains(got, "more than 9 cards") {
		t.Fatalf("limit 9: %q", got)
	}
}

func TestNewYearValuesNameEveryPlace(t *testing.T) {
	v := newYearValues()
	if len(v) != 3+NumberedCards || v[0] != NewYearOfficial || v[1] != NewYearRandom || v[2] != NewYearNone {
		t.Fatalf("values %q", v)
	}
	for k := range NumberedCards {
		if want := fmt.Sprintf("%s=%d", NewYearHidden, k); v[3+k] != want {
			t.Errorf("place %d: %q, want %q", k, v[3+k], want)
		}
	}
}

// A new game keeps the options it parsed; they must be what parsing its
// saved options gives, or a resumed game would play differently.
func TestNewGameKeepsItsParsedOptions(t *testing.T) {
	r := newRuleset(t)
	for _, opts := range []map[string]string{
		nil,
		{OptNewYear: "random", OptEdition: "4"},
		{OptNewYear: "hidden=7", OptSeafarers: "on"},
		{OptCK: "on", OptEventDie: DieBalanced, OptSeasons: "on", OptSeasonBy: SeasonByRound},
		{OptDice: DiceDeck, OptDiceStack: "5"},
		{OptDice: "hybrid=50"},
		{OptHandLimit: "9", OptFiveSix: FiveSixPairs},
	} {
		s, err := r.NewGame(opts, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 3)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := config(s)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := ParseConfig(s.Options)
		if err != nil || !sameConfig(kept, parsed) {
			t.Errorf("%v: kept %+v, parsed %+v (%v)", opts, kept, parsed, err)
		}
	}
}

// Without a New Year card the deck runs out: the rebuild says so, not New Year.
func TestNoNewYearRebuildSaysTheDeckRanOut(t *testing.T) {
	r := newRuleset(t)
	s, err := r.NewGame(map[string]string{OptNewYear: NewYearNone}, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		if err := r.Act(s, deck.Action{ID: ActDraw}); err != nil {
			t.Fatal(err)
		}
		if turn, _ := r.Turn(s, -1); turn.Rebuilt {
			if !strings.HasPrefix(turn.RebuiltText, "The deck ran out") {
				t.Fatalf("rebuild text %q", turn.RebuiltText)
			}
			return
		}
	}
	t.Fatal("no rebuild in 40 draws")
}
