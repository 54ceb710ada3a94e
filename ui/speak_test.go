package ui

import (
	"strings"
	"testing"
)

// issue 23 item 11: with --speak and no speech command, the notice is said
// once, then gone: the next key takes it away and the table has its rows.
func TestNoSpeakerNoticeIsSaidOnce(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart, opts.Setup.Speak, opts.Speaker = true, true, ""
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	if !strings.Contains(view(m), "No speech command found") {
		t.Fatalf("no notice at the start:\n%s", view(m))
	}
	m = press(m, "space")
	v := view(m)
	if strings.Contains(v, "No speech command found") {
		t.Fatalf("the notice stays after a key:\n%s", v)
	}
	checkFits(t, v, 80, 24)
	if n := len(strings.Split(v, "\n")); n != 24 {
		t.Fatalf("the table does not take the notice's rows back: %d rows", n)
	}
}
