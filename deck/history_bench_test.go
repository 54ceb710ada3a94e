package deck

import (
	"strconv"
	"testing"
)

// manyTurns is a state that has played n turns, each with dice, an answer
// in words and a mark, as a Cities & Knights game has them.
func manyTurns(n int) *State {
	s := NewState("bench", nil, []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, 1)
	for i := range n {
		s.StartTurn(Record{
			Draw: i + 1, Year: 1 + i/36, Player: i % 3, Card: Card(i % 36),
			Dice:    map[string]string{"red": strconv.Itoa(1 + i%6), "event": strconv.Itoa(1 + i/6%6)},
			Answers: map[string]string{"over": "skip"}, Said: map[string]string{"over": "over 7: skipped"},
			Marks: map[string]int{"barbarians": i % 8},
		})
	}
	return s
}

// BenchmarkReadLongHistory reads every turn of a 10,000-turn game, as the
// statistics and history screens do.
func BenchmarkReadLongHistory(b *testing.B) {
	s := manyTurns(10_000)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n := 0
		for i := range s.Turns() {
			n += len(s.TurnAt(i).Dice)
		}
		if n != 2*s.Turns() {
			b.Fatal(n)
		}
	}
}

// BenchmarkReadLastTurns reads the last 12 turns of a 10,000-turn game, as
// each keypress does for the numbers drawn last.
func BenchmarkReadLastTurns(b *testing.B) {
	s := manyTurns(10_000)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n := 0
		for i := s.Turns() - 1; i >= s.Turns()-12; i-- {
			n += s.TurnAt(i).Player
		}
		_ = n
	}
}

// BenchmarkCloseTurn is a draw's closing of the open turn into a long
// history, on a copy of the state as Game.Do makes one.
func BenchmarkCloseTurn(b *testing.B) {
	s := manyTurns(10_000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		c := s.Clone()
		c.StartTurn(Record{Draw: 10_001 + i, Year: 300, Dice: map[string]string{"red": "3", "event": "2"}})
	}
}
