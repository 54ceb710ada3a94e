package catan

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// seasonTurn opens a seasons turn on a card with the event and face in the
// season, as a draw would have rolled it.
func seasonTurn(t *testing.T, cfg Config, season int, face string) (*Ruleset, *deck.State) {
	t.Helper()
	r := newRuleset(t)
	s, err := r.newGame(cfg, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	forgetStartLevels(s)
	if err := r.SetSeason(s, season); err != nil {
		t.Fatal(err)
	}
	for id := range NumberedCards {
		c := r.Card(deck.Card(id))
		if c.Number != 7 && SeasonSquare(c.Red, c.White, season) == face {
			rec := deck.Record{Draw: 1, Year: 1, Card: deck.Card(id)}
			seasons{}.roll(s, &cfg, &rec, c, false)
			s.StartTurn(rec)
			return r, s
		}
	}
	t.Fatalf("no card shows %s in %s", face, SeasonName(season))
	return nil, nil
}

func TestSeasonSteps(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		season  int
		face    string
		titles  string
		has     []string
		hasNot  []string
		barbPos int
	}{
		{"spring gate", seasonsConfig(SeasonByHand), 0, ck.Trade, "Season ❀ spring | Trade level | Progress cards",
			[]string{"[spring trade]", "A hand holds 4 progress cards at most", "Traders & Barbarians development card", "cannot be traded or stolen"}, []string{"Harvest Moon"}, 0},
		// rules/001 marks Harvest Moon "DELETE?": a setting, off by default (issue 24).
		{"autumn: no Harvest Moon by default", seasonsConfig(SeasonByHand), 2, ck.Science, "Season ❦ autumn | Science level | Progress cards",
			[]string{"[autumn science]"}, []string{"Harvest Moon", "grain"}, 0},
		{"autumn: Harvest Moon first, by setting", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.HarvestMoon = true }), 2, ck.Science,
			"Season ❦ autumn | Harvest Moon | Science level | Progress cards",
			[]string{"[autumn science]", "1 grain", "A setting: eventdeck's reading; check your rulebook."}, nil, 0},
		{"Harvest Moon only in autumn", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.HarvestMoon = true }), 1, ck.Science,
			"Season ☀ summer | Science level | Progress cards", nil, []string{"Harvest Moon"}, 0},
		{"no T&B card", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.TBCards = false }), 1, ck.Politics, "Season ☀ summer | Politics level | Progress cards",
			[]string{"A hand holds 4 progress cards at most"}, []string{"Traders & Barbarians"}, 0},
		{"ship", seasonsConfig(SeasonByHand), 3, ck.Ship, "Season ❄ winter | Barbarians",
			[]string{"[winter ship]", "1 of 7"}, []string{"extra space", "progress"}, 1},
		{"ship, extra space", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.ShipExtra = true }), 0, ck.Ship, "Season ❀ spring | Barbarians",
			[]string{"one extra space", "2 of 7"}, nil, 2},
	}
	for _, tt := range tests {
		r, s := seasonTurn(t, tt.cfg, tt.season, tt.face)
		steps := r.Steps(s)
		if got := titles(steps); !strings.HasPrefix(got, tt.titles) {
			t.Errorf("%s: steps %s, want first %s", tt.name, got, tt.titles)
		}
		all := texts(steps)
		for _, w := range tt.has {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no %q in\n%s", tt.name, w, all)
			}
		}
		for _, w := range tt.hasNot {
			if strings.Contains(all, w) {
				t.Errorf("%s: %q in\n%s", tt.name, w, all)
			}
		}
		if s.Trackers[TrackBarbarians] != tt.barbPos {
			t.Errorf("%s: barbarians at %d, want %d", tt.name, s.Trackers[TrackBarbarians], tt.barbPos)
		}
	}
}

func TestSeasonsOptionsAndScreens(t *testing.T) {
	cfg, err := ParseConfig(map[string]string{OptCK: "on", OptSeasons: "on", OptSeasonBy: SeasonByRound, OptShipExtra: "on", OptTBCards: "off", OptHarvest: "on"})
	if err != nil || !cfg.SeasonsOn() || cfg.SeasonBy != SeasonByRound || !cfg.ShipExtra || cfg.TBCards || !cfg.HarvestMoon {
		t.Fatalf("ParseConfig: %+v, %v", cfg, err)
	}
	if back, err := ParseConfig(cfg.Options()); err != nil || !sameConfig(back, cfg) {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	if _, ok := cfg.layers()[0].(seasons); !ok || len(cfg.layers()) != 1 {
		t.Fatalf("layers %T: want seasons wrapping C&K", cfg.layers())
	}
	if d := DefaultConfig(); d.Seasons || d.SeasonBy != SeasonByHand || d.ShipExtra || !d.TBCards || d.HarvestMoon {
		t.Fatalf("defaults %+v: want off, by hand, no extra space, T&B cards on, no Harvest Moon", d)
	}
	// Without C&K the variant does nothing.
	if cfg, _ := ParseConfig(map[string]string{OptSeasons: "on"}); cfg.SeasonsOn() || len(cfg.layers()) != 0 {
		t.Fatal("seasons without Cities & Knights")
	}
	for _, bad := range []map[string]string{{OptSeasons: "yes"}, {OptSeasonBy: "moon"}, {OptShipExtra: "2"}, {OptTBCards: ""}} {
		if _, err := ParseConfig(bad); err == nil {
			t.Errorf("ParseConfig(%v) accepted", bad)
		}
	}
	for _, o := range OptionList() {
		switch o.Key {
		case OptSeasons:
			if o.Needs != OptCK+"=on" || o.Default != "off" {
				t.Errorf("%s: %+v", o.Key, o)
			}
		case OptSeasonBy, OptShipExtra, OptTBCards:
			if o.Needs != OptSeasons+"=on" {
				t.Errorf("%s needs %q", o.Key, o.Needs)
			}
		case OptHarvest:
			if o.Needs != OptSeasons+"=on" || o.Default != "off" {
				t.Errorf("%s: %+v", o.Key, o)
			}
		}
	}

	r := newRuleset(t)
	s := newGame(t, r, seasonsConfig(SeasonByHand), 1)
	if err := r.SetSeason(s, 1); err != nil {
		t.Fatal(err)
	}
	if d := r.Describe(s); !strings.HasPrefix(d, "Catan · Cities & Knights · ☀ summer · ") {
		t.Errorf("Describe: %q", d)
	}
	ts := r.Trackers(s)
	if len(ts) != 2 || ts[1].Key != TrackSeason || ts[1].Pos != 2 || ts[1].Steps != 4 || ts[1].Note != "☀ summer" {
		t.Errorf("trackers %+v", ts)
	}
	if err := deck.CheckTrackers(ts); err != nil {
		t.Error(err)
	}
	var keys []string
	for _, a := range r.Actions(s) {
		keys = append(keys, a.Key)
		if a.ID == ActSetSeason && (len(a.Inputs) != 1 || len(a.Inputs[0].Choices) != 4 || a.Inputs[0].Kind != deck.InputChoice) {
			t.Errorf("season action %+v", a)
		}
	}
	if !slices.Contains(keys, "w") {
		t.Errorf("no w among %v", keys)
	}
	// Off: nothing of the variant shows.
	s = newGame(t, r, ckConfig(), 1)
	for _, a := range r.Actions(s) {
		if a.ID == ActSetSeason {
			t.Error("season key without the variant")
		}
	}
	if len(r.Trackers(s)) != 1 || strings.Contains(r.Describe(s), "spring") {
		t.Error("the season shows without the variant")
	}
	if tn := playSeasons(t, r, s, 1)[0]; len(tn.Marks) == 0 {
		t.Error("no C&K marks")
	} else if _, ok := tn.Mark(MarkSeason); ok {
		t.Error("a season mark without the variant")
	}
}

// Cities & Knights comes first of the expansions in the header's
// description: at 80 columns the header drops parts from the end, and the
// play-test saw it dropped behind Seafarers and Explorers & Pirates.
func TestDescribePutsCitiesAndKnightsFirst(t *testing.T) {
	r := newRuleset(t)
	c := ckConfig()
	c.Seafarers, c.Explorers = true, true
	s := newGame(t, r, c, 1)
	if d := r.Describe(s); !strings.HasPrefix(d, "Catan · Cities & Knights · Seafarers · Explorers & Pirates · ") {
		t.Errorf("Describe: %q", d)
	}
}
