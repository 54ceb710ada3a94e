package session

import (
	"testing"
	"time"
)

func TestHubListsJoinedScreensAndSendsOneAway(t *testing.T) {
	rules, g := catanGame(t)
	hub := NewHub()
	bob := func(*Session) Who { return PlayerNamed("Bob") }
	sent := make(chan struct{}, 2)
	idPhone, stopPhone := hub.JoinScreen(KindPhone, bob, func() {}, func() { sent <- struct{}{} })
	_, stopSSH := hub.JoinScreen(KindSSH, func(*Session) Who { return Viewer() }, func() {}, nil)
	defer stopSSH()
	stopPlain := hub.Watch(Viewer(), func() {}) // not listed: no kind
	defer stopPlain()

	before := hub.Screens()
	if len(before) != 2 || before[0].Kind != KindPhone || before[0].Who.Name != "Bob" || before[1].Kind != KindSSH {
		t.Fatalf("before a game: %+v", before)
	}
	hub.Publish(New(Options{Rules: rules, Game: g}))
	now := hub.Screens()
	if now[0].Who.Seat != 1 || now[0].Who.Name != "Bob" {
		t.Fatalf("Bob should be found in seat 1 once the game is on: %+v", now[0])
	}
	first := hub.SendAway(idPhone)
	second := hub.SendAway(idPhone) // asked twice: told once
	if !first || !second {
		t.Fatal("the phone should be there to send away")
	}
	select {
	case <-sent:
	case <-time.After(5 * time.Second):
		t.Fatal("the phone was not told it was sent away")
	}
	select {
	case <-sent:
		t.Fatal("a screen is sent away once")
	case <-time.After(50 * time.Millisecond):
	}
	stopPhone()
	if hub.SendAway(idPhone) || len(hub.Screens()) != 1 {
		t.Fatalf("a stopped screen is gone: %+v", hub.Screens())
	}
}
