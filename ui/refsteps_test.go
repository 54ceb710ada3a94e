package ui

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
)

// stepTitles plays every game and mode (layoutGames) and gathers the
// titles of the steps the table shows, by game.
func stepTitles(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, g := range layoutGames {
		for _, seed := range []uint64{1, 2, 3, 5} {
			opts := testOptions(t)
			opts.QuickStart, opts.Seed = true, seed
			opts.Setup = common.Setup{Game: g.game, Players: []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}[:g.players], Options: g.opts}
			m, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			m = update(m, sizeMsg(80, 24))
			picks := 0
			for k := 0; k < 600 && m.table.Now().Turns() < 60; k++ {
				key := layoutKeys[k%len(layoutKeys)]
				if m.table.Entry != nil {
					if picks++; picks%2 == 1 {
						key = string(rune('1' + (picks/2)%7))
					}
				}
				m = press(m, key)
				if !m.onTable() {
					m = press(m, "esc")
				}
				for _, s := range m.table.Steps {
					if !slices.Contains(out[g.game], s.Title) {
						out[g.game] = append(out[g.game], s.Title)
					}
				}
			}
		}
	}
	return out
}

// Issue 30 item 14: every step the app can show has a reference entry
// that its own title finds.
func TestEveryStepHasAReferenceEntry(t *testing.T) {
	opts := testOptions(t)
	for game, titles := range stepTitles(t) {
		var entries []deck.Entry
		for _, r := range opts.Rulesets {
			if r.ID() == game {
				entries = r.Reference()
			}
		}
		var missing []string
		for _, title := range titles {
			if len(deck.Rank(entries, titleWords(title))) == 0 {
				missing = append(missing, title)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: no reference entry finds %q", game, missing)
		}
	}
}

// titleWords are the words of a step's title as a player would type them:
// without whose it is or its number ("Hand: Ann", "Production: 2"), or
// marks ("Barbarians attack!", "Season ❀ spring").
func titleWords(title string) []string {
	if i := strings.Index(title, ":"); i > 0 {
		title = title[:i]
	}
	var out []string
	for _, w := range strings.Fields(title) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w != "" && strings.Trim(w, "0123456789") != "" {
			out = append(out, w)
		}
	}
	return out
}

// Issue 30 item 14: what a table types finds the entry it means first;
// "" as the game is the reference of every game.
func TestReferenceFindsWhatIsTypedFirst(t *testing.T) {
	opts := testOptions(t)
	of := func(game string) []deck.Entry {
		var out []deck.Entry
		for _, r := range opts.Rulesets {
			if game == "" || r.ID() == game {
				out = append(out, r.Reference()...)
			}
		}
		return out
	}
	for _, c := range []struct{ game, words, first string }{
		{"", "year end", "Event card: Year End"},
		{"", "barbarians", "Cities & Knights: barbarians"},
		{"catan", "aqueduct", "Aqueduct (Cities & Knights)"},
		{"catan", "barbarians", "Cities & Knights: barbarians"},
		{"catan", "new year", "New Year"},
		{"catan", "calm seas", "Calm Seas (Calm Sea before the 6th edition)"},
		{"catan", "7", "Over the limit (a 7)"},
		{"catan", "over the limit", "Over the limit (a 7)"},
		{"catan", "earthquake", "Earthquake"},
		{"catan", "epidemic", "Epidemic"},
		{"catan", "conflict", "Conflict"},
		{"catan", "trade advantage", "Trade Advantage"},
		{"catan", "plentiful year", "Plentiful Year"},
		{"catan", "robber flees", "Robber Flees"},
		{"catan", "good neighbors", "Good Neighbors"},
		{"catan", "helpful neighbor", "Helpful Neighbor (Neighborly Assistance before the 6th edition)"},
		{"catan", "most points", "Most points"},
		{"catan", "politics level", "Improvement level: Science, Trade, Politics (Cities & Knights)"},
		{"catan", "defenders", "Defenders and after the attack (Cities & Knights)"},
		{"catan", "progress cards", "Cities & Knights: progress cards"},
		{"catan", "alchemy", "Cities & Knights: Alchemy"},
		{"catan", "city walls", "Cities & Knights: city walls"},
		{"catan", "5-6 players", "5–6 players"},
		{"card-game", "year end", "Event card: Year End"},
		{"card-game", "civil war", "Event card: Civil War"},
		{"card-game", "brigand", "Brigand Attack"},
		{"rivals", "traveling merchant", "Traveling Merchant (Basic Set)"},
		{"rivals", "invention", "Invention (Basic Set)"},
		{"rivals", "famine", "Famine (Era of Sages)"},
		{"rivals", "council of the sages", "Council of the Sages (Era of Sages)"},
		// Steps' own titles, as the table reads them on the screen.
		{"catan", "Barbarians attack", "Cities & Knights: barbarians"},
		{"catan", "After the attack", "Defenders and after the attack (Cities & Knights)"},
		{"catan", "Science level", "Improvement level: Science, Trade, Politics (Cities & Knights)"},
		{"catan", "Special Building Phase", "5–6 players"},
		{"catan", "Damaged road", "Earthquake"},
		{"catan", "Most harbor buildings", "Calm Seas (Calm Sea before the 6th edition)"},
		{"catan", "Largest Army", "Conflict"},
		{"catan", "Aqueduct", "Aqueduct (Cities & Knights)"},
		{"rivals", "Brigand Attack", "Event die"},
		{"rivals", "Traveling Merchant", "Traveling Merchant (Basic Set)"},
		{"card-game", "Year of Plenty", "Year of Plenty"},
		{"card-game", "Civil War", "Event card: Civil War"},
	} {
		got := deck.Rank(of(c.game), strings.Fields(c.words))
		if len(got) == 0 || got[0].Title != c.first {
			var titles []string
			for _, e := range got {
				titles = append(titles, e.Title)
			}
			t.Errorf("ref %q in %q: want %q first, got %q", c.words, c.game, c.first, titles)
		}
	}
}

// Issue 30 item 13: /aqueduct in a Cities & Knights game finds its entry,
// first.
func TestSlashAqueductInACitiesKnightsGame(t *testing.T) {
	m := press(ckFour(t, 80, 24), "space", "/")
	m = typeText(m, "aqueduct")
	v := view(m)
	lines := strings.Split(v, "\n")
	if len(lines) < 3 || strings.TrimSpace(lines[2]) != "Aqueduct (Cities & Knights)" {
		t.Fatalf("/aqueduct:\n%s", v)
	}
}
