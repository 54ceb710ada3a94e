package ui

import (
	"strings"
	"testing"
)

// Issue 30 item 12: after a 7, each player over the limit is asked their
// hand size on their own screen at once: Cy need not wait for Ann's answer.
func TestHandSizesAreAskedOfEachAtOnce(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	// A 7 (seed 1): Ann and Cy are over the limit. The host's first enter
	// says the table waits for the players' own screens; the second
	// answers for them (issue 37 item 4).
	host = press(host, "space", "1", "3", "enter", "enter")
	ann, cy := look(views[0])[0], look(views[2])[0]
	if v := view(ann); !strings.Contains(v, "How many cards does Ann hold?") {
		t.Fatalf("Ann's screen:\n%s", v)
	}
	if v := view(cy); !strings.Contains(v, "How many cards does Cy hold?") {
		t.Fatalf("Cy's screen does not ask Cy at once:\n%s", v)
	}
	press(cy, "9", "enter") // Cy first, while Ann's is open
	press(look(ann)[0], "8", "enter")
	host = look(host)[0]
	said := host.table.Now().Open.Said
	if !strings.Contains(strings.Join(mapValues(said), " "), "9") || !strings.Contains(strings.Join(mapValues(said), " "), "8") {
		t.Fatalf("the hands said: %v\n%s", said, view(host))
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// The host's checklist shows a count answered on a player's own screen as
// done, while the host's question waits on another player's (play-test:
// Cy's 9, answered on her phone, stood as "· Hand: Cy" on the host).
func TestHostSeesCountsAnsweredElsewhere(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	host = update(host, sizeMsg(100, 40))
	host = press(host, "space", "1", "3", "enter", "enter") // a 7 (seed 1): Ann and Cy over the limit
	press(look(views[2])[0], "9", "enter")                  // Cy first, on her own screen
	host = look(host)[0]
	v := view(host)
	if strings.Contains(v, "· Hand: Cy") || !strings.Contains(v, "9") {
		t.Fatalf("Cy's count, answered on her screen, is not done on the host's:\n%s", v)
	}
}
