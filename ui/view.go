package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/pages/resume"
	"github.com/eventdeck/eventdeck/ui/pages/setup"
	"github.com/eventdeck/eventdeck/ui/session"
)

// newModel is a root with its context and help styled, showing nothing yet.
func newModel(r *lipgloss.Renderer, g digits.Glyphs, who session.Who) Model {
	ctx := &common.Context{Styles: common.NewStyles(r), Keys: common.DefaultKeyMap(), Glyphs: g, Help: help.New()}
	m := Model{ctx: ctx, pages: &pages{ctx: ctx}, helps: &helpLines{}, notify: &notifier{}, who: who}
	ctx.Help.Styles.ShortKey = ctx.Styles.Value
	ctx.Help.Styles.FullKey = ctx.Styles.Value
	ctx.Help.Styles.ShortDesc = ctx.Styles.Dim
	ctx.Help.Styles.FullDesc = ctx.Styles.Dim
	ctx.Help.Styles.ShortSeparator = ctx.Styles.Dim
	ctx.Help.Styles.FullSeparator = ctx.Styles.Dim
	return m
}

// servingLines are what the host's screen says of the other screens: how
// to join, the code, the key's fingerprint, who is connected.
func (m Model) servingLines() []string {
	if m.remote != nil {
		return []string{m.whoAmI()}
	}
	if m.opts.Serving == nil {
		return nil
	}
	w := max(m.ctx.Width, common.MinWidth)
	var out []string
	for _, l := range strings.Split(m.opts.Serving(), "\n") {
		out = append(out, common.FitLine(l, w)) // whole words: the join command first
	}
	return out
}

// quitBeforeTheGame asks first when q on the resume or setup screen would
// end eventdeck for screens that joined over SSH before the game started.
func (m *Model) quitBeforeTheGame(km tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case m.quitAsked:
		m.quitAsked, m.warning = false, ""
		if key.Matches(km, m.ctx.Keys.Table.Walker.Answer.Yes) {
			return tea.Quit, true
		}
		return nil, true
	case m.table != nil || m.opts.Hub == nil || m.active.Typing():
		return nil, false
	}
	switch m.active.(type) {
	case *resume.Model:
		if !key.Matches(km, m.ctx.Keys.Resume.Quit) {
			return nil, false
		}
	case *setup.Model:
		if !key.Matches(km, m.ctx.Keys.Setup.Quit) {
			return nil, false
		}
	default:
		return nil, false
	}
	if n := m.opts.Hub.Watchers(); n > 0 {
		m.quitAsked = true
		m.warning = "Quit? y ends eventdeck on " + common.Plural(n, "joined screen", "joined screens") + " too; any other key stays."
		return nil, true
	}
	return nil, false
}
