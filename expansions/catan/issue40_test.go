package catan

import (
	"strings"
	"testing"

	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
)

// entry is the reference entry titled title.
func entry(t *testing.T, r *Ruleset, title string) string {
	t.Helper()
	for _, e := range r.Reference() {
		if e.Title == title {
			return e.Text
		}
	}
	t.Fatalf("no reference entry %q", title)
	return ""
}

// Issue 40 (5): Conflict and Trade Advantage steal (rules/000): the card
// is taken blind from the hand, unlike "of choice", which picks the type.
func TestStealsAreTakenBlind(t *testing.T) {
	r := newRuleset(t)
	for _, e := range []string{EventConflict, EventTradeAdvantage} {
		for _, ed := range []int{4, 6} {
			if got := Text(e, edition(ed)); !strings.Contains(got, "blind") {
				t.Errorf("%s, edition %d: %q says nothing of a blind draw", e, ed, got)
			}
		}
		if got := entry(t, r, Title(e, 6)); !strings.Contains(got, "blind") {
			t.Errorf("reference %s: %q says nothing of a blind draw", e, got)
		}
	}
	for _, c := range []struct {
		event   string
		answers []string
	}{
		{EventConflict, []string{"largest-army", "1"}},
		{EventConflict, []string{"largest-army", "none", "most:knights", "2"}},
		{EventTradeAdvantage, []string{"longest-road", "1"}},
	} {
		r, s := turnWith(t, edition(6), c.event, 0, four...)
		answer(t, r, s, c.answers...)
		if st := step(t, r.Steps(s), Title(c.event, 6)); !strings.Contains(st.Text, "blind") || strings.Contains(st.Text, "of choice") {
			t.Errorf("%s %v: %q", c.event, c.answers, st.Text)
		}
	}
}

// Issue 40 (5, 8): Good Neighbors passes a resource card (a commodity
// may go with C&K; progress cards never, rules/001), and the step names
// who hands to whom, in seating order, whoever's turn it is.
func TestGoodNeighborsNamesThePairs(t *testing.T) {
	r, s := turnWith(t, DefaultConfig(), EventGoodNeighbors, 0, "Ann", "Bob", "Cy")
	s.Open.Player = 1 // Bob's turn
	st := step(t, r.Steps(s), "Good Neighbors")
	for _, want := range []string{"Ann → Bob, Bob → Cy, Cy → Ann", "resource card"} {
		if !strings.Contains(st.Text, want) {
			t.Errorf("no %q in %q", want, st.Text)
		}
	}
	r, s = turnWith(t, ckConfig(), EventGoodNeighbors, 0, "Ann", "Bob", "Cy")
	st = step(t, r.Steps(s), "Good Neighbors")
	for _, want := range []string{"Ann → Bob", "commodity", "progress card"} {
		if !strings.Contains(st.Text, want) {
			t.Errorf("C&K: no %q in %q", want, st.Text)
		}
	}
	for _, text := range []string{Text(EventGoodNeighbors, DefaultConfig()), entry(t, newRuleset(t), "Good Neighbors")} {
		if !strings.Contains(text, "resource card") || strings.Contains(text, "any card") {
			t.Errorf("%q: not a resource card", text)
		}
	}
}

// Issue 40 (5, 7): Helpful Neighbor gives a resource card; the 4th
// edition's grammar holds for one and for many, and its reading is
// labelled.
func TestHelpfulNeighborGrammar(t *testing.T) {
	cases := []struct {
		ed      int
		players []string
		leaders string
		want    string
	}{
		{4, []string{"Ann", "Bob", "Cy"}, "0,1", "Ann and Bob each give 1 resource card to Cy. Without a card, give none."},
		{4, []string{"Ann", "Bob", "Cy"}, "0", "Ann gives 1 resource card each to Bob and Cy. Without 2 cards, give none."},
		{4, []string{"Ann", "Bob"}, "0", "Ann gives 1 resource card to Bob. Without a card, give none."},
		{4, four, "0,1", "Ann and Bob each give 1 resource card to each of Cy and Dee. Without 2 cards, give none."},
		{6, four, "0", "Ann gives 1 resource card of their choice to one of Bob, Cy and Dee."},
	}
	for _, c := range cases {
		r, s := turnWith(t, edition(c.ed), EventHelpfulNeighbor, 0, c.players...)
		answer(t, r, s, "most:points", c.leaders)
		st := step(t, r.Steps(s), Title(EventHelpfulNeighbor, c.ed))
		if !strings.HasPrefix(st.Text, c.want) {
			t.Errorf("edition %d, leaders %s: %q, want it to start %q", c.ed, c.leaders, st.Text, c.want)
		}
		if got := strings.Contains(st.Text, reading); got != (c.ed == 4) {
			t.Errorf("edition %d: reading labelled %v: %q", c.ed, got, st.Text)
		}
	}
	cfg := ckConfig()
	r, s := turnWith(t, cfg, EventHelpfulNeighbor, 0, four...)
	answer(t, r, s, "most:points", "0")
	if st := step(t, r.Steps(s), Title(EventHelpfulNeighbor, cfg.Edition)); !strings.Contains(st.Text, "progress card") {
		t.Errorf("C&K: %q says nothing of progress cards", st.Text)
	}
	if got := entry(t, newRuleset(t), "Helpful Neighbor (Neighborly Assistance before the 6th edition)"); !strings.Contains(got, "resource card") {
		t.Errorf("reference: %q", got)
	}
}

// Issue 40 (6): the paired player with 5–6 is eventdeck's reading, said
// on the step; the C&K level table is rules/001's, not a reading.
func TestReadingsLabelledOnTheStep(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FiveSix = FiveSixPairs
	r, s := turnWith(t, cfg, EventNone, 0, "A", "B", "C", "D", "E")
	if st := step(t, r.Steps(s), "Paired player"); !strings.HasSuffix(st.Text, reading) {
		t.Errorf("paired player: %q", st.Text)
	}
	if got := entry(t, newRuleset(t), "Cities & Knights: progress cards"); strings.Contains(got, "reading") {
		t.Errorf("the level table is rules/001's: %q", got)
	}
}

// Issue 40 (5): rules/001's summary puts a barbarian on the board as well
// as moving the track one more space: the setting, its step and the
// reference say both.
func TestShipExtraSaysTheBarbarianPiece(t *testing.T) {
	r := newRuleset(t)
	for _, o := range r.Options() {
		if o.Key == OptShipExtra && !strings.Contains(o.Help, "on the board") {
			t.Errorf("option help %q", o.Help)
		}
	}
	if got := entry(t, r, "Seasonal event die (fan variant)"); !strings.Contains(got, "barbarian piece on the board") {
		t.Errorf("reference: %q", got)
	}
	cfg := seasonsConfig(SeasonByHand)
	cfg.ShipExtra = true
	r, s := seasonTurn(t, cfg, 0, ck.Ship)
	if all := texts(r.Steps(s)); !strings.Contains(all, "barbarian piece on the board") {
		t.Errorf("steps:\n%s", all)
	}
}
