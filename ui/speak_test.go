package ui

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/ui/common"
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

// Issue 28: a speech program that never ends is stopped: the table hears
// it failed, and nothing is left running.
func TestSpeechThatHangsIsStopped(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep program")
	}
	msg := common.SpeakWithin(sleep, "3600", 50*time.Millisecond)()
	if sm, ok := msg.(common.SpokenMsg); !ok || sm.Err == nil {
		t.Fatalf("a speech program that hangs: %#v", msg)
	}
}
