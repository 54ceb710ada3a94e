package cli

import (
	"bytes"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/ui"
)

// BenchmarkTableFirstFrame is the work between a quick start's command
// line and its first frame: the flags, the game, the table and one view
// at 80×24 (issue 22's first frame, less the terminal and Bubble Tea).
func BenchmarkTableFirstFrame(b *testing.B) {
	dir := b.TempDir()
	b.Setenv("XDG_STATE_HOME", dir)
	b.Setenv("XDG_CONFIG_HOME", dir)
	b.ReportAllocs()
	for range b.N {
		var out bytes.Buffer
		a := &app{stdout: &out, stderr: &out, assets: assets.FS(), terminal: true}
		opts, code, done := a.tableOptions([]string{"--players", "Ann,Bob,Cy", "--seed", "1", "--new"})
		if done {
			b.Fatalf("exit %d: %s", code, out.String())
		}
		opts.Store.Unlock()
		opts.Renderer = lipgloss.NewRenderer(&out)
		m, err := ui.New(opts)
		if err != nil {
			b.Fatal(err)
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_ = next.View()
	}
}
