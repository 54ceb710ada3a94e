package cardgame

import (
	"strings"
	"testing"
)

// Issue 40 (1): the reference's Raid says what the step says: the holder
// may raid, never a foreign card, all buildings if fewer than 3.
func TestRaidReferenceSaysItAll(t *testing.T) {
	r := newRuleset(t)
	for _, e := range r.Reference() {
		if e.Title != "Event card: Raid" {
			continue
		}
		for _, want := range []string{"may raid", "foreign", "all of them if fewer"} {
			if !strings.Contains(e.Text, want) {
				t.Errorf("no %q in %q", want, e.Text)
			}
		}
		return
	}
	t.Fatal("no Raid entry")
}
