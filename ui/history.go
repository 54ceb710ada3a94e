package ui

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// historyModel lists every turn: player, card, dice, event and the answers
// given, newest at the bottom, scrolled to the end when opened.
type historyModel struct {
	ctx    *Context
	header string // the column names, kept above the scrolling turns
	pager  pager
}

func newHistory(ctx *Context, r expansions.Ruleset, s *deck.State) historyModel {
	st := ctx.Styles
	m := historyModel{ctx: ctx}
	m.header = st.Header.Render(fmt.Sprintf("%5s %4s  %-12s %3s  %-9s %s", "draw", "year", "player", "no.", "dice", "event"))
	for i := range s.Turns() {
		rec := s.TurnAt(i)
		t, ok := r.Recorded(s, i)
		if !ok {
			continue
		}
		if t.NewYear {
			m.pager.lines = append(m.pager.lines, st.Notice.Render(fmt.Sprintf("★ New Year: deck reshuffled, year %d", t.Year)))
		}
		dice := "-"
		if red, white := t.Die("red"), t.Die("white"); red != "" {
			dice = "R" + red + " W" + white
		}
		event := t.Title
		if event == "" {
			event = "no event"
		}
		name := s.Players[rec.Player].Name
		if len([]rune(name)) > 12 {
			name = string([]rune(name)[:11]) + "…"
		}
		line := fmt.Sprintf("%5d %4d  %-12s %3d  %-9s %s", t.Draw, t.Year, name, t.Number, dice, event)
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(rec.Answers)) {
			if a := r.AnswerText(s, k, rec.Answers[k]); a != "" {
				parts = append(parts, a)
			}
		}
		if len(parts) > 0 {
			line += st.Dim.Render("  (" + strings.Join(parts, ", ") + ")")
		}
		m.pager.lines = append(m.pager.lines, line)
	}
	if s.Turns() == 0 {
		m.pager.lines = append(m.pager.lines, st.Dim.Render("No cards drawn yet."))
	}
	m.pager.offset = len(m.pager.lines) // the latest turns first in view
	return m
}

func (m historyModel) Update(msg tea.Msg) (historyModel, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		m.pager.scroll(m.ctx.Keys, km, m.height())
	}
	return m, nil
}

func (m historyModel) height() int { return m.ctx.Height - 4 } // title, blank, columns, help

func (m historyModel) View() string {
	return m.ctx.Styles.Header.Render("History") + "\n\n" + m.header + "\n" + m.pager.view(m.height(), m.ctx.Styles)
}

// ShortHelp lists the history screen's keys.
func (m historyModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	return []key.Binding{k.Back, k.Up, k.PageDown}
}

// FullHelp lists the history screen's keys in columns.
func (m historyModel) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown, k.Home, k.End}, {k.Back}}
}
