package ui

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/deck"
)

// trueColour is the renderer of a terminal with 24-bit colour on a dark
// background: what most players' terminals are.
func trueColour() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	return r
}

// BenchmarkKeypressTrueColour is the draw key as players get it (issue 32):
// the host's table in true colour at 120×40 with its store attached (every
// change saved) and six screens of others following the session, each in
// true colour. Budget: 166 µs and 300 allocations per key.
func BenchmarkKeypressTrueColour(b *testing.B) {
	opts := testOptions(b)
	opts.Renderer = trueColour()
	opts.Store = deck.NewStore(b.TempDir())
	m := servedHost(b, opts, trueColour)
	b.Cleanup(func() { _ = m.sess.Close() }) // its last save is written before the folder goes
	benchDraws(b, m)
}

// BenchmarkKeypressTrueColourNoStore is BenchmarkKeypressTrueColour with
// nothing saved: what the save costs is the difference.
func BenchmarkKeypressTrueColourNoStore(b *testing.B) {
	opts := testOptions(b)
	opts.QuickStart = true
	opts.Renderer = trueColour()
	m, err := New(opts)
	if err != nil {
		b.Fatal(err)
	}
	benchDraws(b, update(m, sizeMsg(120, 40)))
}
