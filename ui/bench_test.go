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

// BenchmarkKeypress is the draw key: Update and the View that follows, at 120×40.
func BenchmarkKeypress(b *testing.B) {
	m := newTestModel(b, true, 120, 40)
	space := keyMsg("space")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next, _ := m.Update(space)
		m = next.(Model)
		_ = m.View()
	}
}
