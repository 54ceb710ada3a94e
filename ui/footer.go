package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
)

// warningLines is the warning wrapped to the width, at most three lines
// (the last cut with "…"): a skipped card file says why, whole.
func (m Model) warningLines() []string {
	if m.warning == "" {
		return nil
	}
	lines := common.WrapLines(m.warning, max(m.ctx.Width, common.MinWidth))
	if len(lines) > 3 {
		lines = append(lines[:2], ansi.Truncate(strings.Join(lines[2:], " "), max(m.ctx.Width, common.MinWidth), "…"))
	}
	return lines
}

// fit tells the screen in front how tall it may be: the terminal less the
// footer (warnings, a failed save, the help line).
func (m *Model) fit() {
	if m.ctx.Height == 0 {
		return
	}
	foot := 1 + len(m.warningLines()) + len(m.servingLines())
	if m.saveErr != nil {
		foot++
	}
	if m.ctx.Body != m.ctx.Height-foot {
		m.ctx.Body = m.ctx.Height - foot
		m.active.SetSize(m.ctx.Width, m.ctx.BodyHeight())
		if m.table != nil && m.active != common.Screen(m.table) {
			m.table.SetSize(m.ctx.Width, m.ctx.BodyHeight())
		}
	}
}

// eachKey gives each rune of km to the model as a key of its own.
func (m Model) eachKey(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	var next tea.Model = m
	for _, r := range km.Runes {
		one := km
		one.Runes = []rune{r}
		var cmd tea.Cmd
		next, cmd = next.Update(one)
		cmds = append(cmds, cmd)
	}
	return next, tea.Batch(cmds...)
}
