package deck

import (
	"math"
	"reflect"
	"testing"
	"unsafe"
)

// editTurn changes turn i of s's history, as a hand-made or hostile save
// would have it: the history is rebuilt, no other state sees the change.
func editTurn(s *State, i int, change func(*Record)) {
	turns := s.History.Records(0)
	change(&turns[i])
	s.History = HistoryOf(turns...)
}

// A history gives back every turn as it was put in: its numbers, flags and
// maps, nil maps nil and empty ones empty, numbers too large for a compact
// turn whole.
func TestHistoryKeepsTurns(t *testing.T) {
	in := []Record{
		{Draw: 1, Year: 1, Player: 2, Card: 7, Dice: map[string]string{"red": "3", "yellow": "4"}},
		{Draw: 2, Year: 1, Player: 0, Card: 9, Rebuilt: true, Answers: map[string]string{}, Steps: 3},
		{Draw: 3, Year: 2, NoCard: true, Answers: map[string]string{"q": "yes"}, Said: map[string]string{"q": "Ann: yes"}, Marks: map[string]int{"barbarians": 3, "attack": 1}},
		{Draw: math.MaxInt64, Year: -5, Player: math.MinInt64, Steps: 1 << 40, Dice: map[string]string{"red": "3", "yellow": "4"}},
		{Draw: 5, Year: 2, Dice: map[string]string{"red": "3", "yellow": "4"}, Marks: map[string]int{"barbarians": 3, "attack": 1}},
		{Draw: 6, Year: 2, Dice: map[string]string{"red": "3:", "yellow": "4"}, Marks: map[string]int{"barbarians": 31}},
		{Draw: 7, Year: 2, Player: 256, Dice: map[string]string{"red": "3:", "yellow": "4"}},
		{Draw: 8, Year: 2, Player: 255, Steps: -1},
		{Draw: 9, Year: 2, Player: 255, Steps: 255, Dice: map[string]string{"red": "3", "yellow": "4"}},
	}
	h := HistoryOf(in...)
	if h.Len() != len(in) {
		t.Fatalf("%d turns, want %d", h.Len(), len(in))
	}
	for i, want := range in {
		if got := h.At(i); !reflect.DeepEqual(got, want) {
			t.Errorf("turn %d: %+v, want %+v", i, got, want)
		}
	}
	// Equal maps and sets of maps are kept once; turns 3, 6 and 7 are kept whole.
	if len(h.strs) != 5 || len(h.ints) != 2 || len(h.sets) != 5 || len(h.wide) != 3 {
		t.Errorf("%d string maps, %d marks, %d sets and %d whole turns kept, want 5, 2, 5 and 3", len(h.strs), len(h.ints), len(h.sets), len(h.wide))
	}
}

// Two copies of one history that grow apart (a change after an undo) keep
// their own turns, and maps one of them learnt are not taken from the other.
func TestHistoryCopiesGrowApart(t *testing.T) {
	a := HistoryOf(Record{Draw: 1, Dice: map[string]string{"red": "1"}})
	b := a.Prefix(a.Len())
	a.Append(Record{Draw: 2, Dice: map[string]string{"red": "2"}})
	b.Append(Record{Draw: 2, Dice: map[string]string{"red": "3"}})
	b.Append(Record{Draw: 3, Dice: map[string]string{"red": "2"}})
	if got := a.At(1).Dice["red"]; got != "2" {
		t.Errorf("a's turn 2 rolled %q, want 2", got)
	}
	if got := b.At(1).Dice["red"]; got != "3" {
		t.Errorf("b's turn 2 rolled %q, want 3", got)
	}
	if got := b.At(2).Dice["red"]; got != "2" {
		t.Errorf("b's turn 3 rolled %q, want 2", got)
	}
}

// A finished turn costs 16 bytes beside the maps it shares: a long game's
// memory stays flat (issue 29).
func TestHistoryTurnIsSmall(t *testing.T) {
	if n := unsafe.Sizeof(turn{}); n != 16 {
		t.Errorf("a turn takes %d bytes, want 16", n)
	}
}
