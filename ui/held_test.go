package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// Issue 28: a look open on a player's own screen holds the turn. With
// Ann's Great Foresight open on her screen, Bob's space and the host's are
// refused, each saying why, and Bob's footer does not offer it; when Ann
// closes her look, Bob rolls.
func TestALookHoldsTheTurn(t *testing.T) {
	host, views := servedGame(t, rivals.ID, map[string]string{"mode": "duel", "sets": "gold,sages"}, "Ann", "Bob")
	host = finishTurn(press(host, "space")) // Ann's roll, on the host
	ann, bob := press(look(views[0])[0], "o"), look(views[1])[0]
	if ann.table.Entry == nil {
		t.Fatalf("Ann's o opens no look:\n%s", view(ann))
	}
	const why = "waits while Ann looks"
	bob = look(bob)[0]
	if v := view(bob); strings.Contains(v, "space roll") {
		t.Fatalf("Bob's footer offers the roll while Ann looks:\n%s", v)
	}
	draws := host.Session().Now().Draws
	bob = press(bob, "space")
	host = press(look(host)[0], "space")
	for who, m := range map[string]Model{"Bob": bob, "the host": host} {
		if v := view(m); !strings.Contains(v, why) || m.table.Now().Draws != draws {
			t.Fatalf("%s's space while Ann looks:\n%s", who, v)
		}
	}
	if v := view(host); !strings.Contains(v, "space again ends it") {
		t.Fatalf("the host is not offered to end the look:\n%s", v)
	}
	ann = press(ann, "esc") // Ann closes her look
	bob = press(look(bob)[0], "space")
	if n := host.Session().Now().Draws; n != draws+1 {
		t.Fatalf("Bob's roll after Ann's look: %d draws, want %d:\n%s", n, draws+1, view(bob))
	}
	_ = ann
}

// Issue 28: the host may end a look whose screen went away (a phone in a
// pocket): a second space ends it, Ann's screen closes it and says so, and
// the next space rolls.
func TestTheHostEndsALook(t *testing.T) {
	host, views := servedGame(t, rivals.ID, map[string]string{"mode": "duel", "sets": "gold,sages"}, "Ann", "Bob")
	host = finishTurn(press(host, "space"))
	ann := press(look(views[0])[0], "o")
	bob := press(look(views[1])[0], "space") // refused: the table waits
	draws := host.Session().Now().Draws
	host = press(look(host)[0], "space", "space")
	if v := view(host); !strings.Contains(v, "Ann's look is ended") || host.table.Now().Draws != draws {
		t.Fatalf("the host's second space:\n%s", v)
	}
	ann = look(ann)[0]
	if v := view(ann); ann.table.Entry != nil || !strings.Contains(v, "The host ended your look") {
		t.Fatalf("Ann's screen after the host ended her look:\n%s", v)
	}
	if v := view(look(bob)[0]); strings.Contains(v, "waits while Ann looks") {
		t.Fatalf("Bob's screen still says the table waits once the look ended:\n%s", v)
	}
	host = press(look(host)[0], "space")
	if n := host.table.Now().Draws; n != draws+1 {
		t.Fatalf("the host's space after the look ended: %d draws", n)
	}
	// A space refused, then another key: the look stays.
	ann = press(look(ann)[0], "u") // nothing of hers to undo; she looks again on her next turn
	_ = ann
}
