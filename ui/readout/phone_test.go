package readout

import "testing"

// The phone's words for a readout: the game named once, the ready line
// without a key, a mark the trackers show left out, the end without a
// command (issue 37 items 9 and 13).
func TestPhoneOf(t *testing.T) {
	r := Readout{
		Game: "Catan board game (Event Cards)", About: "Catan · Cities & Knights · English 6th edition",
		Ready: "Ann draws the first card: press space.", First: &Who{Name: "Ann"},
		Trackers: []Line{{Label: "Barbarians", Text: "3 of 7"}},
	}
	p := PhoneOf(&r)
	if p.Header != "Catan board game (Event Cards) · Cities & Knights · English 6th edition" {
		t.Errorf("header: %q", p.Header)
	}
	if p.Ready != "Ann draws the first card." || p.Title != "Catan board game (Event Cards) · Ann starts" {
		t.Errorf("before the first turn: %q, %q", p.Ready, p.Title)
	}
	r.TurnOf, r.Ended = &Who{Name: "Bob"}, Ended
	r.Turn = &Turn{Marks: []Line{{Label: "Barbarians", Text: "3 of 7"}, {Label: "Barbarian attack", Text: "now", Alert: true}}}
	p = PhoneOf(&r)
	if p.Title != "Catan board game (Event Cards) · Bob's turn" {
		t.Errorf("title: %q", p.Title)
	}
	if len(p.Marks) != 1 || p.Marks[0].Label != "Barbarian attack" {
		t.Errorf("marks: %+v", p.Marks)
	}
	if p.Ended != PhoneEnded {
		t.Errorf("ended: %q", p.Ended)
	}
	for _, line := range []string{"Bob's secret picks: press space.", "Your picks: press space."} {
		if got := withoutKey(line); got[len(got)-1] != '.' || len(got) >= len(line) {
			t.Errorf("withoutKey(%q) = %q", line, got)
		}
	}
}
