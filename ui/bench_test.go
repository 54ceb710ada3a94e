package ui

import (
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/session"
)

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
	benchDraws(b, m)
}

// BenchmarkStepKey is a key that answers a step: Update and View.
func BenchmarkStepKey(b *testing.B) {
	m := newTestModel(b, true, 120, 40)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if !m.table.Resolving() {
			m = press(m, "space")
		}
		k := keyMsg("enter")
		if m.table.Question() != nil {
			k = keyMsg("x")
		}
		b.StartTimer()
		next, _ := m.Update(k)
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkKeypressSixViews is the draw key on the host's table with six
// other screens (eventdeck serve's players) following the same session.
func BenchmarkKeypressSixViews(b *testing.B) {
	opts := testOptions(b)
	m := servedHost(b, opts, func() *lipgloss.Renderer { return opts.Renderer })
	if n := m.sess.Views(); n != 7 {
		b.Fatalf("%d views attached, want 7", n)
	}
	benchDraws(b, m)
}

// servedHost is the host's table quick-started from opts at 120×40 with a
// hub and six other screens following it, each with a renderer of
// renderer's making.
func servedHost(b *testing.B, opts Options, renderer func() *lipgloss.Renderer) Model {
	opts.QuickStart = true
	opts.Hub = session.NewHub()
	m, err := New(opts)
	if err != nil {
		b.Fatal(err)
	}
	m = update(m, sizeMsg(120, 40))
	for seat := range 6 {
		v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(seat % 3), Renderer: renderer(), Glyphs: opts.Glyphs})
		b.Cleanup(v.Close)
	}
	return m
}

// benchDraws times the draw key on m: Update and the View that follows,
// walking each turn's steps off the clock. Keys come as a quick player
// types them: a store attached saves as it does at a table (the journal
// synced on its own goroutine, folded when due, its work and garbage
// landing on the clock when it does), not folded after every key as tests'
// update does, which no table does.
func benchDraws(b *testing.B, m Model) {
	space := keyMsg("space")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		m = walkTurn(m, keyAtPace)
		b.StartTimer()
		next, _ := m.Update(space)
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkKeypressSixViewsSixPhones is the draw key on the host's table
// with six other screens and six phones (the page's event streams, read
// by Go clients on loopback) following the same session. Budget: 166 µs
// and 300 allocations.
func BenchmarkKeypressSixViewsSixPhones(b *testing.B) {
	opts := testOptions(b)
	m := servedHost(b, opts, func() *lipgloss.Renderer { return opts.Renderer })
	phones(b, m.opts.Hub, 6)
	if n := m.sess.Views(); n != 13 {
		b.Fatalf("%d views attached, want 13", n)
	}
	benchDraws(b, m)
}
