package web

import (
	"net/http"
	"testing"

	"github.com/eventdeck/eventdeck/ui/readout"
	"github.com/eventdeck/eventdeck/ui/session"
)

// untilSeven draws on the host until a 7 is on the table.
func (tb *table) untilSeven(t *testing.T) {
	t.Helper()
	for range 200 {
		if r := tb.hostDraws(t); r.Turn != nil && r.Turn.Number == 7 {
			return
		}
	}
	t.Fatal("no 7 in 200 draws")
}

// Issue 37 item 1: at a 7 each player over the limit is asked on their
// own phone, all at once; they answer in the unfriendly order (the last
// seat first) and every answer lands, none refused as "the game moved on".
func TestSevenAnsweredInAnyOrder(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	names := []string{"Ann", "Bob", "Cy"}
	phones := map[string]*phone{}
	for _, n := range names {
		p := newPhone(t, tb.url)
		p.join(n)
		p.listen() // their own screen is there: they are asked on it
		phones[n] = p
	}
	tb.untilSeven(t)
	version := func() uint64 { return tb.sess.Snapshot().Version }
	// "Who holds more than 7 cards?": each says for themselves, Cy first.
	for _, n := range []string{"Cy", "Bob", "Ann"} {
		r := readout.Of(tb.sess.As(session.PlayerNamed(n)))
		if r.Own == nil {
			t.Fatalf("%s is not asked on their own phone: %+v %+v", n, r.Ask, r.May)
		}
		yes := n != "Ann"
		if status, body := phones[n].post("/act", actRequest{Do: "own", Key: r.Own.Key, Yes: yes, Version: version()}); status != http.StatusOK {
			t.Fatalf("%s says %v: %d %s", n, yes, status, body)
		}
	}
	// Then Bob and Cy are each asked their hand's size at once: Cy
	// answers before Bob, both from a version the other has moved on.
	asks := map[string]*readout.Ask{}
	seen := version()
	for _, n := range []string{"Bob", "Cy"} {
		r := readout.Of(tb.sess.As(session.PlayerNamed(n)))
		if r.Ask == nil || !r.May.Answer {
			t.Fatalf("%s is not asked their own count: %+v may %+v", n, r.Ask, r.May)
		}
		asks[n] = r.Ask
	}
	if asks["Bob"].Key == asks["Cy"].Key {
		t.Fatalf("Bob and Cy are asked one question: %q", asks["Bob"].Key)
	}
	for _, n := range []string{"Cy", "Bob"} {
		if status, body := phones[n].post("/act", actRequest{Do: "answer", Key: asks[n].Key, Value: "9", Version: seen}); status != http.StatusOK {
			t.Fatalf("%s's count, answered in reverse seat order: %d %s", n, status, body)
		}
	}
	open := tb.sess.Now().Open
	for _, n := range []string{"Bob", "Cy"} {
		if v := open.Answers[asks[n].Key]; v != "9" {
			t.Fatalf("%s's count is %q in the game; want 9 (answers %v)", n, v, open.Answers)
		}
	}
	// A second tap on a question already answered says so, and changes nothing.
	if status, _ := phones["Cy"].post("/act", actRequest{Do: "answer", Key: asks["Cy"].Key, Value: "10", Version: seen}); status != http.StatusConflict {
		t.Fatalf("a count for a question already answered: %d; want 409", status)
	}
}
