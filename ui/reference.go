package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// referenceModel is the quick reference: type to filter the entries, arrows
// to scroll, esc back to the table exactly as it was.
type referenceModel struct {
	size
	ctx     *Context
	entries []deck.Entry
	others  []expansions.Ruleset // the other games on offer: a word of theirs says which has it
	filter  textField
	pager   pager
	matches int
}

func newReference(ctx *Context, entries []deck.Entry, others []expansions.Ruleset) *referenceModel {
	m := &referenceModel{ctx: ctx, entries: entries, others: others, size: size{ctx.Width, ctx.bodyHeight()}}
	m.filter = newTextField(ctx.Styles, "Find: ", "type words, e.g. calm seas, new year, barbarians", 60, "")
	m.filter.Focus()
	m.pager.setSize(m.w, m.height())
	m.filter.SetWidth(m.w)
	m.layout()
	return m
}

// layout renders the matching entries for the current filter and width.
func (m *referenceModel) layout() {
	st := m.ctx.Styles
	words := strings.Fields(m.filter.Value())
	width := max(min(m.w, 100), 20)
	text := lipgloss.NewStyle().Width(width)
	var lines []string
	m.matches = 0
	for _, e := range deck.Rank(m.entries, words) { // best first (issue 30)
		if m.matches > 0 {
			lines = append(lines, "")
		}
		m.matches++
		lines = append(lines, st.Title.Render(e.Title))
		lines = append(lines, strings.Split(text.Render(e.Text), "\n")...)
	}
	if m.matches == 0 {
		lines = []string{st.Dim.Render("Nothing matches. Fewer words, or other ones?")}
		if has := m.elsewhere(words); has != "" {
			lines = append(lines, "", st.Text.Render(has))
		}
	}
	m.pager.setLines(lines)
	m.pager.vp.GotoTop()
}

// SetSize lays the entries out again for a new width.
func (m *referenceModel) SetSize(w, h int) {
	m.size.SetSize(w, h)
	m.pager.setSize(w, m.height())
	m.filter.SetWidth(w)
	if m.ctx != nil {
		m.layout()
	}
}

func (m referenceModel) height() int { return max(m.h-above(m.head()), 1) }

// head is the filter over the entries.
func (m referenceModel) head() string { return m.filter.View() + "\n\n" }

// Typing reports true: letters go to the filter.
func (m *referenceModel) Typing() bool { return true }

// Update types into the filter and scrolls; esc goes back to the table.
func (m *referenceModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	k := m.ctx.Keys.Pager
	if key.Matches(km, k.Back) {
		return nil, nil // back to the table
	}
	// Letters type into the filter, home and end move in it, as in every
	// text field; only keys that cannot edit text scroll.
	switch km.Type {
	case tea.KeyRunes, tea.KeySpace, tea.KeyBackspace, tea.KeyHome, tea.KeyEnd:
	default:
		if m.pager.scroll(k, km) {
			return m, nil
		}
	}
	before := m.filter.Value()
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	if m.filter.Value() != before {
		m.layout()
	}
	return m, cmd
}

// View is the filter and the entries that match it.
func (m *referenceModel) View() string {
	return m.head() + m.pager.view(m.ctx.Styles)
}

// ShortHelp lists the reference screen's keys.
func (m referenceModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	return []key.Binding{k.Back, k.Down, k.PageDown}
}

// FullHelp lists the reference screen's keys in columns.
func (m referenceModel) FullHelp() [][]key.Binding {
	k := m.ctx.Keys.Pager
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Back}}
}

// elsewhere names the other games whose reference matches words (issue
// 24: "Yule" in the board game says Rivals has it); "" for none.
func (m *referenceModel) elsewhere(words []string) string {
	if len(words) == 0 {
		return ""
	}
	var names []string
	for _, r := range m.others {
		for _, e := range r.Reference() {
			if e.Matches(words) {
				names = append(names, r.Name())
				break
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) == 1 {
		return names[0] + " has it: not this game."
	}
	return deck.JoinNames(names) + " have it: not this game."
}
