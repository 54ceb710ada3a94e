package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Issue 37 item 4: while players answer a 7 on their own screens, the
// host's table says whom it waits for, and one enter does not answer for
// them (it closed "Over the limit" as "nobody" before any phone answered):
// the first says so, the same key again answers.
func TestHostWaitsForThePlayersScreens(t *testing.T) {
	host, _ := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	host = update(host, sizeMsg(100, 40))
	var q *deck.Question
	for range 300 {
		host = finishTurn(press(host, "space"))
		host = press(host, "space")
		if q = host.table.Question(); q != nil && q.Kind == deck.AskPlayers && q.Own != "" {
			break
		}
	}
	if q == nil || q.Own == "" {
		t.Fatal("no question of each player in 300 draws")
	}
	if v := view(host); !strings.Contains(v, "Waiting for Ann, Bob and Cy on their own screens") {
		t.Fatalf("the host's table does not say whom it waits for:\n%s", v)
	}
	if err := host.Session().As(session.Player(1)).AnswerOwn(*q, true); err != nil {
		t.Fatal(err)
	}
	host = look(host)[0]
	if v := view(host); !strings.Contains(v, "Waiting for Ann and Cy on their own screens") {
		t.Fatalf("after Bob's answer:\n%s", v)
	}
	host = press(host, "enter")
	if _, answered := host.Session().Now().Open.Answers[q.Key]; answered {
		t.Fatal("one enter on the host answered for the players' screens")
	}
	if v := view(host); !strings.Contains(v, "Ann and Cy still answer on their own screens: the same key again answers for them") {
		t.Fatalf("the first enter does not say why it waits:\n%s", v)
	}
	host = press(host, "enter")
	if _, answered := host.Session().Now().Open.Answers[q.Key]; !answered {
		t.Fatalf("the second enter did not answer:\n%s", view(host))
	}
}
