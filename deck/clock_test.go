package deck

import (
	"bytes"
	"os"
	"testing"
)

// The turn clock is saved with the state and read back, in the save and
// its undo states and in a journal line; a save without one is written as
// before, byte for byte, and an old save reads as having none (issue 39:
// a resumed turn lost its timer).
func TestTurnClockIsSavedAndReadBack(t *testing.T) {
	g := newTestGame(5)
	_ = g.Do(drawOne)
	before := mustEncode(t, g)
	if bytes.Contains(before, []byte(`"clock"`)) {
		t.Fatal("a game with no clock saved writes one")
	}
	_ = g.Do(openTurn)
	clock := &TurnClock{Turn: g.Now.Turns(), Left: 41500, Paused: true}
	stamped := g.Snapshot()
	stamped.Now = g.Now.WithClock(clock)
	data := mustEncode(t, stamped)
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := back.Now.ClockOfOpen(); !ok || c != *clock {
		t.Fatalf("read back %+v %v, want %+v", c, ok, *clock)
	}
	if !back.Undo() || back.Now.Clock != nil {
		t.Error("the state before carries the clock, or cannot be undone to")
	}
	// A journal line with the clock.
	line, err := changeLine(g.Snapshot(), stamped)
	if err != nil || !bytes.Contains(line, []byte(`"clock":{"turn":`)) {
		t.Fatalf("journal line %s %v", line, err)
	}
}

// A clock holds for the turn in progress it was stamped on only.
func TestTurnClockHoldsForItsTurnOnly(t *testing.T) {
	g := newTestGame(6)
	_ = g.Do(openTurn)
	s := g.Now.WithClock(&TurnClock{Turn: g.Now.Turns(), Left: 1000})
	if _, ok := s.ClockOfOpen(); !ok {
		t.Fatal("the clock of its own turn is not read")
	}
	g.Now.Open = nil
	_ = g.Do(drawOne)
	_ = g.Do(openTurn)
	later := g.Now.WithClock(s.Clock)
	if _, ok := later.ClockOfOpen(); ok {
		t.Error("a later turn took an earlier turn's clock")
	}
}

// A clock out of range is refused, as a timer out of range is; the old
// format's save reads with none.
func TestTurnClockOutOfRangeIsRefused(t *testing.T) {
	g := newTestGame(7)
	_ = g.Do(drawOne)
	for _, c := range []TurnClock{{Left: -1}, {Left: MaxTimer*1000 + 1}, {Turn: 99}} {
		bad := g.Snapshot()
		bad.Now = g.Now.WithClock(&c)
		if _, err := Decode(mustEncode(t, bad)); err == nil {
			t.Errorf("a clock %+v was read", c)
		}
	}
	v1, err := os.ReadFile("testdata/save-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	old, err := Decode(v1)
	if err != nil || old.Now.Clock != nil {
		t.Fatalf("the format 1 save: %v, clock %+v", err, old.Now.Clock)
	}
}

// openTurn draws a card for a turn left in progress (Open).
func openTurn(s *State) error {
	c, err := s.Deck.Top()
	if err != nil {
		return err
	}
	s.Deck.PutDiscard(c)
	s.Draws++
	s.Open = &Record{Draw: s.Draws, Year: s.Year, Player: s.Current, Card: c}
	return nil
}
