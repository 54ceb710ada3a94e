package rivals

import (
	"encoding/json"
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
		{map[string]string{OptSet: "prosperity"}, "wl"},
		{map[string]string{OptSets: "gold,turmoil,progress"}, "w"},
		{map[string]string{OptSets: "explorers,barbarians,prosperity"}, "wktil"},
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

// Court Astrologer (rules/003, Era of Prosperity) is an extra event of its
// player's choice, resolved now in their own turn and applying to both;
// Grove of Justice (Era of Sages) sets the event die before its owner's
// roll (issue 31: the astrologer was filed as "choose the next event die",
// which after one's own roll set the opponent's).
func TestCourtAstrologerIsAnEventNow(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "sages"}, 5)
	if a := spec(t, r.Actions(s), ActSetEvent); a.Help != "Grove of Justice: choose the event die before your roll" {
		t.Errorf("Grove of Justice: help %q", a.Help)
	}
	s = game(t, r, map[string]string{OptSet: "prosperity"}, 5)
	if hasAction(r.Actions(s), ActSetEvent) || hasAction(r.Actions(s), ActAstrologer) {
		t.Fatalf("before a roll: the astrologer or a die to set is offered: %+v", r.Actions(s))
	}
	for _, a := range []deck.Action{{ID: ActSetEvent, Values: []int{3}}, {ID: ActRoll}} { // Ann rolls a Plentiful Harvest
		if err := r.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	a := spec(t, r.Actions(s), ActAstrologer)
	if !strings.Contains(a.Help, "Court Astrologer (1 star)") || !strings.Contains(a.Help, "both players") {
		t.Errorf("help %q", a.Help)
	}
	before := len(s.Deck.Draw)
	if err := r.Act(s, deck.Action{ID: ActAstrologer, Values: []int{0}}); err != nil { // Brigand Attack
		t.Fatal(err)
	}
	if s.Trackers[trackNextEvent] != 0 || len(s.Deck.Draw) != before {
		t.Errorf("the astrologer set a die for later (%d) or drew a card", s.Trackers[trackNextEvent])
	}
	text := stepsText(r.Steps(s))
	for _, w := range []string{"Court Astrologer | Ann pays 1 star and chooses Brigand Attack: it applies to both players now.",
		"Plentiful Harvest", "Brigand Attack"} {
		if !strings.Contains(text, w) {
			t.Errorf("steps lack %q:\n%s", w, text)
		}
	}
	// Its Brigand Attack is its own question, asked of both players.
	var q *deck.Question
	for _, st := range r.Steps(s) {
		if st.Question != nil && strings.HasPrefix(st.Question.Key, "astrologer") {
			q = st.Question
		}
	}
	if q == nil || q.Own == "" {
		t.Fatalf("no question of the astrologer's Brigand Attack:\n%s", text)
	}
	if err := r.Answer(s, *q, "0,1"); err != nil {
		t.Fatal(err)
	}
	if text := stepsText(r.Steps(s)); !strings.Contains(text, "Ann loses all gold") || !strings.Contains(text, "Bob loses all gold") {
		t.Errorf("the chosen event does not apply to both:\n%s", text)
	}
	// A "?" draws its card now.
	if err := r.Act(s, deck.Action{ID: ActAstrologer, Values: []int{4}}); err != nil {
		t.Fatal(err)
	}
	if len(s.Deck.Draw) != before && len(s.Deck.Draw) != before-1 {
		t.Errorf("stack %d → %d", before, len(s.Deck.Draw))
	}
	turn, _ := r.Turn(s, -1)
	marks, _ := json.Marshal(turn.Marks)
	if !strings.Contains(string(marks), "Ann chose an event for both players") {
		t.Errorf("marks: %s", marks)
	}
	if err := r.Validate(s); err != nil {
		t.Fatal(err)
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

// Grove of Peace says its cost and that Robert makes a 3 enough, on its key
// and in the reference (rules/003; issue 31).
func TestGroveOfPeaceSaysCostAndRobert(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptSet: "sages"}, 5)
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	if h := spec(t, r.Actions(s), ActPeace).Help; !strings.Contains(h, "1 owl") || !strings.Contains(h, "a 3 with Robert") {
		t.Errorf("help %q", h)
	}
	for _, e := range r.Reference() {
		if e.Title == "Grove of Peace" && (!strings.Contains(e.Text, "pay 1 owl") || !strings.Contains(e.Text, "with Robert a 3 is enough")) {
			t.Errorf("reference %q", e.Text)
		}
	}
}
