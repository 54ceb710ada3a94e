package rivals

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// faceTurn rolls a turn whose event die shows face (a Grove of Justice
// set, as the table may) in a game of opts, and answers the fact.
func faceTurn(t *testing.T, r *Ruleset, opts map[string]string, face int, fact, value string) string {
	t.Helper()
	s := game(t, r, opts, 11)
	if err := r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{face}}); err != nil {
		t.Fatal(err)
	}
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	if fact != "" {
		if err := r.Answer(s, deck.Question{Key: fact}, value); err != nil {
			t.Fatal(err)
		}
	}
	return stepsText(r.Steps(s))
}

// Issue 40 (2): the Age of Enlightenment cards that act on Trade and
// Celebration (rules/003): Builders' Hut and Village School give a star,
// a Courthouse lets the loser of a Trade pick what goes. Said only with
// their sets in play.
func TestTradeAndCelebrationCards(t *testing.T) {
	r := load(t)
	prosperity := map[string]string{OptSet: "prosperity"}
	sages := map[string]string{OptSet: "sages"}
	duel := map[string]string{OptMode: ModeDuel, OptSets: "sages,prosperity,gold"}
	for _, c := range []struct {
		name        string
		opts        map[string]string
		face        int // index in EventFaces
		fact, value string
		want, not   []string
	}{
		{"trade, prosperity", prosperity, 1, FactTrade, "0", []string{"Ann takes 1 resource of choice from Bob.", "Village School"}, []string{"Courthouse", "Builders' Hut"}},
		{"trade skipped, prosperity", prosperity, 1, FactTrade, "skip", []string{"Village School"}, nil},
		{"trade nobody, prosperity", prosperity, 1, FactTrade, "none", []string{"Village School"}, nil},
		{"celebration tie, prosperity", prosperity, 2, FactSkill, "none", []string{"A tie: Ann and Bob each take 1 resource of choice.", "Builders' Hut"}, []string{"Village School"}},
		{"celebration, prosperity", prosperity, 2, FactSkill, "1", []string{"Builders' Hut"}, nil},
		{"trade, sages", sages, 1, FactTrade, "0", []string{"Courthouse", "Bob picks which"}, []string{"Village School"}},
		{"trade skipped, sages", sages, 1, FactTrade, "skip", []string{"Courthouse"}, nil},
		{"trade, duel", duel, 1, FactTrade, "1", []string{"Courthouse", "Ann picks which", "Village School"}, nil},
		{"celebration, sages", sages, 2, FactSkill, "0", nil, []string{"Builders' Hut", "Courthouse"}},
		{"trade, basic", map[string]string{}, 1, FactTrade, "0", nil, []string{"Courthouse", "Village School"}},
	} {
		got := faceTurn(t, r, c.opts, c.face, c.fact, c.value)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, got)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q in\n%s", c.name, w, got)
			}
		}
	}
}

// refText is every reference entry holding all of words, title and text.
func refText(r *Ruleset, words ...string) string {
	var b strings.Builder
	for _, e := range deck.Rank(r.Reference(), words) {
		b.WriteString(e.Title + "\n" + e.Text + "\n")
	}
	return b.String()
}

// Issue 40 (3): the reference says the Brigand Attack in full, finds
// Mercenaries, and gives the owl costs of Great Foresight and Dispute of
// the Sages, as do the o and d keys' help.
func TestRivalsReferenceInFull(t *testing.T) {
	r := load(t)
	brigand := refText(r, "brigand")
	for _, w := range []string{"Storehouse", "owls", "stars", "Mercenaries", "1 star"} {
		if !strings.Contains(brigand, w) {
			t.Errorf("brigand: no %q in\n%s", w, brigand)
		}
	}
	if got := refText(r, "mercenaries"); got == "" {
		t.Error("mercenaries: nothing found")
	}
	if got := refText(r, "great", "foresight"); !strings.Contains(got, "1 owl") {
		t.Errorf("great foresight: no owl cost in\n%s", got)
	}
	if got := refText(r, "dispute", "sages"); !strings.Contains(got, "1 owl") || !strings.Contains(got, "sage on each side") {
		t.Errorf("dispute: no owl cost or sages in\n%s", got)
	}
	s := game(t, r, map[string]string{OptSet: "sages"}, 1)
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Actions(s) {
		switch a.ID {
		case ActGreatForesight:
			if !strings.Contains(a.Help, "1 owl") {
				t.Errorf("o: %q", a.Help)
			}
		case ActDispute:
			if !strings.Contains(a.Help, "1 owl") || !strings.Contains(a.Help, "sage on each side") {
				t.Errorf("d: %q", a.Help)
			}
		}
	}
}

// Issue 40 (4): eventdeck does not play the Rivals Tournament Game: the
// reference and a --mode tournament say so, and what to play instead.
func TestTournamentGameIsNotOffered(t *testing.T) {
	r := load(t)
	if got := refText(r, "tournament"); !strings.Contains(got, "does not offer") || !strings.Contains(got, "Duel of the Princes") {
		t.Errorf("reference:\n%s", got)
	}
	_, err := r.NewGame(map[string]string{OptMode: "tournament"}, players, 1)
	if err == nil || !strings.Contains(err.Error(), "does not offer") || !strings.Contains(err.Error(), "duel") {
		t.Errorf("mode tournament: %v", err)
	}
	for _, o := range r.Options() {
		if o.Key == OptMode && !strings.Contains(o.Help, "Tournament") {
			t.Errorf("mode help %q says nothing of the Tournament Game", o.Help)
		}
	}
}

// Issue 40 (6): a Capricious Sea drawn through the Island of the Forgotten
// Tribe reads the island's roll (2–4: always calm); the step says whose
// reading that is.
func TestCapriciousSeaByTheIslandIsLabelled(t *testing.T) {
	r := load(t)
	s := game(t, r, map[string]string{OptMode: ModeDuel, OptSets: "explorers,merchants,gold"}, 1)
	if err := r.Act(s, deck.Action{ID: ActSetEvent, Values: []int{3}}); err != nil {
		t.Fatal(err)
	}
	if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
		t.Fatal(err)
	}
	sea := find(r.cards(), "capricious-sea")
	s.Open.Dice[checkPrefix+"1"] = Check{Kind: ActIsland, Rolls: []int{3}, Face: FaceEvent, Card: sea}.String()
	got := stepsText(r.Steps(s))
	if !strings.Contains(got, "Capricious Sea: calm") || !strings.Contains(got, unsure) {
		t.Errorf("steps:\n%s", got)
	}
}
