package catan

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

func seasonsConfig(by string) Config {
	c := ckConfig()
	c.Seasons, c.SeasonBy = true, by
	return c
}

// TestSeasonLayoutIsPinned pins the printed layout: by red die (rows) and
// white die (cards), each card's four squares spring to winter, by letter
// (B ship, T trade, P politics, S science). Changing it changes every
// printed deck: don't.
func TestSeasonLayoutIsPinned(t *testing.T) {
	want := []string{
		"BTBP BPBS BSTB TBPB PBSB SBBT",
		"TBPB PBSB SBBT BTBP BPBS BSTB",
		"SBBT BTBP BPBS BSTB TBPB PBSB",
		"BSTB TBPB PBSB SBBT BTBP BPBS",
		"PBSB SBBT BTBP BPBS BSTB TBPB",
		"BPBS BSTB TBPB PBSB SBBT BTBP",
	}
	for red := 1; red <= 6; red++ {
		var cards []string
		for white := 1; white <= 6; white++ {
			var b strings.Builder
			for _, sq := range SeasonSquares(Card{Red: red, White: white}) {
				b.WriteString(ck.Letter(sq))
			}
			cards = append(cards, b.String())
		}
		if got := strings.Join(cards, " "); got != want[red-1] {
			t.Errorf("red %d: %s, want %s", red, got, want[red-1])
		}
	}
}

// TestSeasonLayoutCounts: in each season the 36 cards show 18 ships and 6
// of each gate, every gate once per red value (seasons-variant.md); every
// card shows 2 ships and 2 different gates over the year; cards read by the
// ruleset's table (not only by dice) agree.
func TestSeasonLayoutCounts(t *testing.T) {
	r := newRuleset(t)
	for season := range NumSeasons {
		counts := map[string]int{}
		reds := map[string][]int{}
		for id := range NumberedCards {
			c := r.Card(deck.Card(id))
			sq := SeasonSquare(c.Red, c.White, season)
			counts[sq]++
			if sq != ck.Ship {
				reds[sq] = append(reds[sq], c.Red)
			}
		}
		if counts[ck.Ship] != 18 || len(counts) != 4 {
			t.Errorf("%s: %v, want 18 ships and 6 of each gate", SeasonName(season), counts)
		}
		for _, g := range ck.Gates() {
			slices.Sort(reds[g])
			if !slices.Equal(reds[g], []int{1, 2, 3, 4, 5, 6}) {
				t.Errorf("%s: %s gates on red %v, want one on each red value", SeasonName(season), g, reds[g])
			}
		}
	}
	for id := range NumberedCards {
		c := r.Card(deck.Card(id))
		sq := SeasonSquares(c)
		ships := 0
		var gates []string
		for _, f := range sq {
			if f == ck.Ship {
				ships++
			} else if !slices.Contains(gates, f) {
				gates = append(gates, f)
			}
		}
		if ships != 2 || len(gates) != 2 {
			t.Errorf("card %+v shows %v: want 2 ships and 2 different gates", c, sq)
		}
	}
	if SeasonSquare(0, 1, 0) != "" || SeasonSquare(1, 7, 0) != "" {
		t.Error("a square for dice that are not on a card")
	}
}

// playSeasons draws n turns through Act and returns them.
func playSeasons(t *testing.T, r *Ruleset, s *deck.State, n int) []deck.Turn {
	t.Helper()
	out := make([]deck.Turn, 0, n)
	for range n {
		if err := r.Act(s, deck.Action{ID: ActDraw}); err != nil {
			t.Fatal(err)
		}
		tn, ok := r.Turn(s, -1)
		if !ok {
			t.Fatal("no turn after a draw")
		}
		out = append(out, tn)
	}
	return out
}

func seasonOf(t *testing.T, tn deck.Turn) int {
	t.Helper()
	mk, ok := tn.Mark(MarkSeason)
	if !ok {
		t.Fatalf("draw %d: no season mark", tn.Draw)
	}
	i := slices.Index(SeasonNames(), mk.Value.(string))
	if i < 0 {
		t.Fatalf("draw %d: season %v", tn.Draw, mk.Value)
	}
	return i
}

// TestSeasonChangeFollowsTheSetting: by hand the season stays until set;
// with new-year it turns at each New Year; with round after every full
// round of turns.
func TestSeasonChangeFollowsTheSetting(t *testing.T) {
	r := newRuleset(t)
	tests := []struct {
		by   string
		want func(tn deck.Turn) int
	}{
		{SeasonByHand, func(deck.Turn) int { return 0 }},
		{SeasonByNewYear, func(tn deck.Turn) int { return (tn.Year - 1) % 4 }},
		{SeasonByRound, func(tn deck.Turn) int { return (tn.Draw - 1) / len(players) % 4 }},
	}
	for _, tt := range tests {
		s := newGame(t, r, seasonsConfig(tt.by), 42)
		years := 0
		for _, tn := range playSeasons(t, r, s, 300) {
			if got := seasonOf(t, tn); got != tt.want(tn) {
				t.Fatalf("%s: draw %d (year %d) in %s, want %s", tt.by, tn.Draw, tn.Year, SeasonName(got), SeasonName(tt.want(tn)))
			}
			years = tn.Year
		}
		if years < 9 {
			t.Fatalf("%s: only %d years in 300 draws", tt.by, years)
		}
	}
	// By hand: the w key's action sets the season from the next draw.
	s := newGame(t, r, seasonsConfig(SeasonByHand), 42)
	playSeasons(t, r, s, 2)
	if err := r.Act(s, deck.Action{ID: ActSetSeason, Values: []int{3}}); err != nil {
		t.Fatal(err)
	}
	if tn, _ := r.Turn(s, -1); seasonOf(t, tn) != 0 {
		t.Fatal("setting the season changed the turn already drawn")
	}
	for _, tn := range playSeasons(t, r, s, 5) {
		if seasonOf(t, tn) != 3 {
			t.Fatalf("draw %d: %s after setting winter", tn.Draw, SeasonName(seasonOf(t, tn)))
		}
	}
	if err := r.Act(s, deck.Action{ID: ActSetSeason, Values: []int{4}}); err == nil {
		t.Fatal("a fifth season accepted")
	}
	// With new-year, a season set by hand goes on turning from there.
	s = newGame(t, r, seasonsConfig(SeasonByNewYear), 42)
	if err := r.SetSeason(s, 3); err != nil {
		t.Fatal(err)
	}
	for _, tn := range playSeasons(t, r, s, 40) {
		if want := (3 + tn.Year - 1) % 4; seasonOf(t, tn) != want {
			t.Fatalf("draw %d: %s, want %s", tn.Draw, SeasonName(seasonOf(t, tn)), SeasonName(want))
		}
	}
}

// TestEventDieIsThePrintedSquare: on every one of 10,000 draws the event
// die is the card's square for the turn's season, and the ship moves the
// barbarians as C&K has it.
func TestEventDieIsThePrintedSquare(t *testing.T) {
	r := newRuleset(t)
	for _, by := range []string{SeasonByNewYear, SeasonByRound} {
		s := newGame(t, r, seasonsConfig(by), 7)
		seen := map[int]int{}
		for range 10_000 {
			if err := r.Act(s, deck.Action{ID: ActDraw}); err != nil {
				t.Fatal(err)
			}
			rec := s.TurnAt(s.Turns() - 1)
			tn, _ := r.Turn(s, -1)
			face, _ := tn.Die(DieEvent)
			c := r.Card(rec.Card)
			season := seasonOf(t, tn)
			seen[season]++
			if want := SeasonSquare(c.Red, c.White, season); face.Value != want {
				t.Fatalf("%s, draw %d: event die %s, card %+v prints %s in %s", by, tn.Draw, face.Value, c, want, SeasonName(season))
			}
			mk, _ := tn.Mark(MarkSeason)
			if want := "[" + SeasonName(season) + " " + face.Value + "]"; !strings.Contains(mk.Text, want) {
				t.Fatalf("draw %d: season mark %q does not mark %s", tn.Draw, mk.Text, want)
			}
			s.History = s.History[:0]
		}
		if len(seen) != 4 {
			t.Fatalf("%s: seasons seen %v", by, seen)
		}
	}
}

// TestSeasonsRollNoEventDie: the random stream moves exactly as it would
// without an event die. Same seed: the cards drawn with seasons on are
// those of a game without C&K, and the streams end in the same place; with
// the red die rolled, the only other draw from the stream is that red.
func TestSeasonsRollNoEventDie(t *testing.T) {
	r := newRuleset(t)
	for _, red := range []string{RedPrinted, RedRolled} {
		for _, die := range []string{DieRandom, DieBalanced} {
			cfg := seasonsConfig(SeasonByRound)
			cfg.ProgressRed, cfg.EventDie = red, die
			on := newGame(t, r, cfg, 99)
			off := newGame(t, r, DefaultConfig(), 99)
			for i := range 2000 {
				if err := r.Act(on, deck.Action{ID: ActDraw}); err != nil {
					t.Fatal(err)
				}
				if err := r.Act(off, deck.Action{ID: ActDraw}); err != nil {
					t.Fatal(err)
				}
				a, b := on.TurnAt(on.Turns()-1), off.TurnAt(off.Turns()-1)
				if a.Card != b.Card || a.Rebuilt != b.Rebuilt {
					t.Fatalf("%s/%s draw %d: card %d, without C&K %d", red, die, i+1, a.Card, b.Card)
				}
				want := r.Card(a.Card).Red
				if red == RedRolled {
					want = off.Rand().IntN(6) + 1 // the one draw seasons make: C&K's own red roll
				}
				if got, _ := strconv.Atoi(a.Dice[DieProgressRed]); got != want {
					t.Fatalf("%s/%s draw %d: progress red %d, want %d", red, die, i+1, got, want)
				}
			}
			if on.Rand().Uint64() != off.Rand().Uint64() {
				t.Fatalf("%s/%s: the streams parted: an event die was rolled", red, die)
			}
			if len(on.Piles) != 0 {
				t.Fatalf("%s/%s: a balanced die pile was dealt: %v", red, die, on.Piles)
			}
		}
	}
}

// TestSeasonsAlchemyThrowsTheDie: Alchemy draws no card, so no square: the
// event die is thrown as C&K throws it (eventdeck's reading of rules/001's
// "thrown or printed").
func TestSeasonsAlchemyThrowsTheDie(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, seasonsConfig(SeasonByHand), 5)
	playSeasons(t, r, s, 3)
	twin := s.Clone()
	want := ck.EventDie().Roll(twin.Rand())
	tn, err := r.Alchemy(s, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if face, _ := tn.Die(DieEvent); face.Value != want {
		t.Fatalf("alchemy's event die %s, want the roll %s", face.Value, want)
	}
	if s.Rand().Uint64() != twin.Rand().Uint64() {
		t.Fatal("alchemy drew more than the event die from the stream")
	}
	mk, ok := tn.Mark(MarkSeason)
	if !ok || mk.Value != Spring || !strings.Contains(mk.Text, "thrown") {
		t.Fatalf("alchemy's season mark %+v", mk)
	}
}

// seasonTurn opens a seasons turn on a card with the event and face in the
// season, as a draw would have rolled it.
func seasonTurn(t *testing.T, cfg Config, season int, face string) (*Ruleset, *deck.State) {
	t.Helper()
	r := newRuleset(t)
	s, err := r.newGame(cfg, []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
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
		{"spring gate", seasonsConfig(SeasonByHand), 0, ck.Trade, "Season: ❀ spring | Trade level | Progress cards",
			[]string{"[spring trade]", "At most 4 progress cards", "Traders & Barbarians development card", "cannot be traded or stolen"}, []string{"Harvest Moon"}, 0},
		{"autumn: Harvest Moon first", seasonsConfig(SeasonByHand), 2, ck.Science, "Season: ❦ autumn | Harvest Moon | Science level | Progress cards",
			[]string{"[autumn science]", "1 grain"}, nil, 0},
		{"no T&B card", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.TBCards = false }), 1, ck.Politics, "Season: ☀ summer | Politics level | Progress cards",
			[]string{"At most 4 progress cards"}, []string{"Traders & Barbarians"}, 0},
		{"ship", seasonsConfig(SeasonByHand), 3, ck.Ship, "Season: ❄ winter | Barbarians",
			[]string{"[winter ship]", "1 of 7"}, []string{"extra space", "progress"}, 1},
		{"ship, extra space", with(func(c *Config) { *c = seasonsConfig(SeasonByHand); c.ShipExtra = true }), 0, ck.Ship, "Season: ❀ spring | Barbarians",
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

// TestShipExtraStopsAtTheAttack: the extra space never passes an attack.
func TestShipExtraStopsAtTheAttack(t *testing.T) {
	r := newRuleset(t)
	cfg := seasonsConfig(SeasonByHand)
	cfg.ShipExtra = true
	s := newGame(t, r, cfg, 3)
	attacks := 0
	for _, tn := range playSeasons(t, r, s, 500) {
		mk, _ := tn.Mark(MarkBarbarians)
		if pos := mk.Value.(int); pos > ck.BarbarianSteps {
			t.Fatalf("draw %d: barbarians at %d", tn.Draw, pos)
		}
		if _, ok := tn.Mark(MarkAttack); ok {
			attacks++
		}
	}
	// A ship on half the cards, two spaces each: an attack every ~7 turns.
	if attacks < 50 || attacks > 100 {
		t.Fatalf("%d attacks in 500 draws with two spaces a ship", attacks)
	}
}

func TestSeasonsOptionsAndScreens(t *testing.T) {
	cfg, err := ParseConfig(map[string]string{OptCK: "on", OptSeasons: "on", OptSeasonBy: SeasonByRound, OptShipExtra: "on", OptTBCards: "off"})
	if err != nil || !cfg.SeasonsOn() || cfg.SeasonBy != SeasonByRound || !cfg.ShipExtra || cfg.TBCards {
		t.Fatalf("ParseConfig: %+v, %v", cfg, err)
	}
	if back, err := ParseConfig(cfg.Options()); err != nil || !sameConfig(back, cfg) {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	if _, ok := cfg.layers()[0].(seasons); !ok || len(cfg.layers()) != 1 {
		t.Fatalf("layers %T: want seasons wrapping C&K", cfg.layers())
	}
	if d := DefaultConfig(); d.Seasons || d.SeasonBy != SeasonByHand || d.ShipExtra || !d.TBCards {
		t.Fatalf("defaults %+v: want off, by hand, no extra space, T&B cards on", d)
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
		}
	}

	r := newRuleset(t)
	s := newGame(t, r, seasonsConfig(SeasonByHand), 1)
	if err := r.SetSeason(s, 1); err != nil {
		t.Fatal(err)
	}
	if d := r.Describe(s); !strings.HasSuffix(d, " · ☀ summer") {
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
