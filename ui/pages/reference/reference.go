package reference

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pager"
	"github.com/eventdeck/eventdeck/ui/components/textfield"
)

// Model is the quick reference: type to filter the entries, arrows
// to scroll, esc back to the table exactly as it was.
type Model struct {
	common.Size
	ctx     *common.Context
	entries []deck.Entry
	others  []expansions.Ruleset // the other games on offer: a word of theirs says which has it
	Filter  textfield.Model      // the words searched for
	pager   pager.Model
	Matches int // the entries the filter finds
}

// New is the reference page of the game's entries; others are the other
// games on offer, searched too.
func New(ctx *common.Context, entries []deck.Entry, others []expansions.Ruleset) *Model {
	m := &Model{ctx: ctx, entries: entries, others: others, Size: common.Size{W: ctx.Width, H: ctx.BodyHeight()}}
	m.Filter = textfield.New(ctx.Styles, "Find: ", "type words, e.g. calm seas, new year, barbarians", 60, "")
	m.Filter.Focus()
	m.pager.SetSize(m.W, m.height())
	m.Filter.SetWidth(m.W)
	m.layout()
	return m
}

// layout renders the matching entries for the current filter and width.
func (m *Model) layout() {
	st := m.ctx.Styles
	words := strings.Fields(m.Filter.Value())
	width := max(min(m.W, 100), 20)
	text := lipgloss.NewStyle().Width(width)
	var lines []string
	m.Matches = 0
	for _, e := range deck.Rank(m.entries, words) { // best first (issue 30)
		if m.Matches > 0 {
			lines = append(lines, "")
		}
		m.Matches++
		lines = append(lines, st.Title.Render(e.Title))
		lines = append(lines, strings.Split(text.Render(e.Text), "\n")...)
	}
	if m.Matches == 0 {
		lines = []string{st.Dim.Render("Nothing matches. Fewer words, or other ones?")}
		if has := m.elsewhere(words); has != "" {
			lines = append(lines, "", st.Text.Render(has))
		}
	}
	m.pager.SetLines(lines)
	m.pager.Vp.GotoTop()
}

// SetSize lays the entries out again for a new width.
func (m *Model) SetSize(w, h int) {
	m.Size.SetSize(w, h)
	m.pager.SetSize(w, m.height())
	m.Filter.SetWidth(w)
	if m.ctx != nil {
		m.layout()
	}
}

func (m Model) height() int { return max(m.H-pager.Above(m.head()), 1) }

// head is the filter over the entries.
func (m Model) head() string { return m.Filter.View() + "\n\n" }

// Typing reports true: letters go to the filter.
func (m *Model) Typing() bool { return true }

// Update types into the filter and scrolls; esc goes back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
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
		if m.pager.Scroll(k, km) {
			return m, nil
		}
	}
	before := m.Filter.Value()
	var cmd tea.Cmd
	m.Filter, cmd = m.Filter.Update(msg)
	if m.Filter.Value() != before {
		m.layout()
	}
	return m, cmd
}

// View is the filter and the entries that match it.
func (m *Model) View() string {
	return m.head() + m.pager.View(m.ctx.Styles)
}

// ShortHelp lists the reference screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	return []key.Binding{k.Back, k.Down, k.PageDown}
}

// FullHelp lists the reference screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys.Pager
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown}, {k.Back}}
}

// elsewhere names the other games whose reference matches words (issue
// 24: "Yule" in the board game says Rivals has it); "" for none.
func (m *Model) elsewhere(words []string) string {
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
