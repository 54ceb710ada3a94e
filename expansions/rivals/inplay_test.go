package rivals

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// The play-test: the introductory game's help listed o/g/k/t/i/d/c, keys
// of cards of theme sets not in play. In every mode each key offered is a
// card's that can be in the game's stacks or hands (rules/003's card
// index; rivals-for-catan.md for Brigitta and Siward), and every such
// card's key is offered. The turn is open on a rolled Trade, so that the
// void and the dice checks would be offered if their cards were in play.
func TestActionsOnlyOfCardsInPlay(t *testing.T) {
	r := load(t)
	for _, tc := range []struct {
		opts map[string]string
		keys string // the keys offered, in order
	}{
		{nil, "w"},
		{map[string]string{OptMode: ModeIntro}, "w"},
		{map[string]string{OptSet: "gold"}, "w"},
		{map[string]string{OptSet: "turmoil"}, "w"},
		{map[string]string{OptSet: "progress"}, "w"},
		{map[string]string{OptSet: "intrigue"}, "w"},
		{map[string]string{OptSet: "merchants"}, "w"},
		{map[string]string{OptSet: "barbarians"}, "wk"},
		{map[string]string{OptSet: "explorers"}, "wti"},
		{map[string]string{OptSet: "sages"}, "wjvogdc"},
		{map[string]string{OptSet: "prosperity"}, "wj"},
		{map[string]string{OptSets: "gold,turmoil,progress"}, "w"},
		{map[string]string{OptSets: "explorers,barbarians,prosperity"}, "wjkti"},
		{map[string]string{OptSets: "sages,explorers,merchants"}, "wjvogtidc"},
	} {
		s := game(t, r, tc.opts, 5)
		for _, a := range []deck.Action{{ID: ActSetEvent, Values: []int{1}}, {ID: ActRoll}} { // Trade
			if err := r.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
		var keys strings.Builder
		for _, a := range r.Actions(s) {
			keys.WriteString(a.Key)
		}
		if got := keys.String(); got != tc.keys {
			t.Errorf("%v with sets %v: keys %q, want %q", tc.opts, sets(s, mustConfig(t, s)), got, tc.keys)
		}
	}
}

// A Duel picked at the table offers its pick alone; once picked, the keys
// of the three sets' cards.
func TestDuelActionsFollowItsPicks(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptMode: ModeDuel}, 5)
	if specs := r.Actions(s); len(specs) != 1 || specs[0].ID != ActPick {
		t.Fatalf("before the picks: %v", specs)
	}
	for range 2 {
		if err := r.Act(s, deck.Action{ID: ActPick, Values: []int{0}}); err != nil {
			t.Fatal(err)
		}
	}
	in := sets(s, mustConfig(t, s))
	for _, a := range r.Actions(s) {
		if cards := cardsOf(a.ID); len(cards) > 0 && !slices.ContainsFunc(cards, func(c setCard) bool { return c.Set == Basic || slices.Contains(in, c.Set) }) {
			t.Errorf("%s (%s) offered with sets %v", a.Key, a.ID, in)
		}
	}
}

// A key two sets' cards share names only the card in play.
func TestActionHelpNamesCardsInPlay(t *testing.T) {
	r := load(t)
	for _, tc := range []struct{ set, want, not string }{
		{"prosperity", "Court Astrologer: ", "Grove of Justice"},
		{"sages", "Grove of Justice: ", "Court Astrologer"},
	} {
		s := game(t, r, map[string]string{OptSet: tc.set}, 5)
		a := spec(t, r.Actions(s), ActSetEvent)
		if !strings.HasPrefix(a.Help, tc.want) || strings.Contains(a.Help, tc.not) {
			t.Errorf("%s: help %q", tc.set, a.Help)
		}
	}
}

func mustConfig(t *testing.T, s *deck.State) Config {
	t.Helper()
	c, err := config(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
