package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
)

// Play-test of the Rivals Duel at 80 columns: the table never said which
// set was drawn by lot (only a 130-column header did), and the players
// must fetch its cards. The pick that completes the sets says all three
// and how each came, in a line that fits; the first roll takes it away.
func TestDuelSaysItsSetsAt80Columns(t *testing.T) {
	o := testOptions(t)
	o.QuickStart = true
	o.Setup = common.Setup{Game: "rivals", Players: []string{"Ann", "Bob"}, Options: map[string]string{"mode": "duel"}}
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m = press(update(m, sizeMsg(80, 24)), "space", "9", "space", "8") // Ann: Prosperity; Bob: Sages
	v := view(m)
	checkFits(t, v, 80, 24)
	got := regexp.MustCompile(`Sets: Prosperity \(Ann\), Sages \(Bob\), ([A-Z][a-z]+( [A-Z][a-z]+)?) \(by lot\)`).FindStringSubmatch(v)
	if got == nil {
		t.Fatalf("the sets are not said at 80 columns:\n%s", v)
	}
	if wide := view(update(m, sizeMsg(130, 40))); !strings.Contains(strings.SplitN(wide, "\n", 2)[0], got[1]) {
		t.Fatalf("%s by lot, but the wide header says:\n%s", got[1], wide)
	}
	if v := view(press(m, "space")); strings.Contains(v, "Sets: ") {
		t.Fatalf("the sets still said after the first roll:\n%s", v)
	}
}
