package ui

import "testing"

// BenchmarkTableView is one frame of the table after a draw at 120×40.
func BenchmarkTableView(b *testing.B) {
	m := newTestModel(b, true, 120, 40)
	m = press(m, "space")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_ = m.View()
	}
}

// BenchmarkKeypress is the draw key: Update and the View that follows, at
// 120×40. Walking the previous turn's steps is left out of the timing.
func BenchmarkKeypress(b *testing.B) {
	m := newTestModel(b, true, 120, 40)
	space := keyMsg("space")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		m = finishTurn(m)
		b.StartTimer()
		next, _ := m.Update(space)
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkStepKey is a key that answers a step: Update and View.
func BenchmarkStepKey(b *testing.B) {
	m := newTestModel(b, true, 120, 40)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if !m.table.resolving() {
			m = press(m, "space")
		}
		k := keyMsg("enter")
		if m.table.question() != nil {
			k = keyMsg("x")
		}
		b.StartTimer()
		next, _ := m.Update(k)
		m = next.(Model)
		_ = m.View()
	}
}
