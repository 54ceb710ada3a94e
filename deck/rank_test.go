package deck

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func titlesOf(es []Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Title
	}
	return out
}

// Issue 40 (9): what a player at the table most likely means comes first:
// an entry's own words (Keys) above a title that merely holds the word,
// a number said in letters as the number, and what is in play at the
// table before what is not.
func TestRankInPutsWhatIsMeantFirst(t *testing.T) {
	entries := []Entry{
		{Title: "Robber Flees", Tags: []string{"robber", "desert"}, Text: "The robber leaves."},
		{Title: "Robber Attacks", Tags: []string{"robber", "seven", "7"}, Keys: []string{"robber"}, Text: "The ordinary 7."},
		{Title: "Seafarers", Tags: []string{"seven", "7", "pirate"}, Needs: []string{"seafarers"}, Text: "On a 7 the pirate may move."},
		{Title: "Over the limit (a 7)", Tags: []string{"seven", "7"}, Text: "More than the limit on a 7."},
		{Title: "Cities & Knights: Alchemy", Needs: []string{"cities-knights"}, Text: "Pick the dice."},
		{Title: "Knights", Keys: []string{"knight", "knights"}, Text: "Knights played."},
	}
	plain := Table{Game: "catan", Parts: []string{}}
	for _, c := range []struct {
		words []string
		at    Table
		first string
	}{
		{[]string{"robber"}, Table{}, "Robber Attacks"},
		{[]string{"seven"}, plain, "Over the limit (a 7)"},
		{[]string{"Seven"}, Table{}, "Over the limit (a 7)"},
		{[]string{"knight"}, Table{Game: "catan", Parts: []string{"cities-knights"}}, "Knights"},
		{[]string{"pirate"}, plain, "Seafarers"}, // not in play, but the only match
	} {
		got := RankIn(entries, c.words, c.at)
		if len(got) == 0 || got[0].Title != c.first {
			t.Errorf("%v at %+v: %q, want %q first", c.words, c.at, titlesOf(got), c.first)
		}
	}
	// In play first: with Seafarers at the table its 7 comes before the
	// entries of the plain game that only tag the word.
	got := titlesOf(RankIn(entries, []string{"seven"}, plain))
	if i := slices.Index(got, "Seafarers"); i != len(got)-1 {
		t.Errorf("seven, plain game: %q, want Seafarers last", got)
	}
	if got := titlesOf(RankIn(entries, []string{"7"}, Table{Game: "catan", Parts: []string{"seafarers"}})); got[0] != "Over the limit (a 7)" || !slices.Contains(got, "Seafarers") {
		t.Errorf("7 with Seafarers: %q", got)
	}
	// The zero Table knows nothing of the table: Rank is RankIn at it.
	if a, b := titlesOf(Rank(entries, []string{"7"})), titlesOf(RankIn(entries, []string{"7"}, Table{})); !slices.Equal(a, b) {
		t.Errorf("Rank %q, RankIn at the zero table %q", a, b)
	}
}

// An entry of another game than the table's comes after the table's own.
func TestRankAtPutsTheTablesGameFirst(t *testing.T) {
	type gameEntry struct {
		e    Entry
		game string
	}
	items := []gameEntry{
		{Entry{Title: "Brigand Attack", Text: "Card Game."}, "card-game"},
		{Entry{Title: "Event die", Keys: []string{"brigand"}, Text: "Brigand Attack."}, "rivals"},
	}
	of := func(g gameEntry) (Entry, string) { return g.e, g.game }
	got := RankAt(items, of, []string{"brigand"}, Table{Game: "card-game"})
	if len(got) != 2 || got[0].game != "card-game" {
		t.Errorf("card game's table: %+v", got)
	}
	got = RankAt(items, of, []string{"brigand"}, Table{Game: "rivals"})
	if len(got) != 2 || got[0].game != "rivals" {
		t.Errorf("rivals' table: %+v", got)
	}
}

// A reference file's "keys:" and "needs:" lines, like "tags:", come
// before the text.
func TestReadReferenceKeysAndNeeds(t *testing.T) {
	fsys := fstest.MapFS{"ref.md": {Data: []byte("# c\n## Robber Attacks\ntags: robber seven\nkeys: robber\nneeds: base\nThe 7.\n")}}
	es, err := ReadReference(fsys, "ref.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || !slices.Equal(es[0].Keys, []string{"robber"}) || !slices.Equal(es[0].Needs, []string{"base"}) || strings.TrimSpace(es[0].Text) != "The 7." {
		t.Fatalf("%+v", es)
	}
}
