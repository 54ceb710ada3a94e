package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/components/pager"
)

// shortHelp is the help line: the screen's keys, most important first, and
// "? help", dropping keys from the end of the screen's list until it fits w
// (help.Model would let the last key run past the edge).
func (m Model) shortHelp(keys []key.Binding, w int) string {
	var buf [256]byte // the line's name: built on the stack, looked up without a copy
	id := buf[:0]
	for _, k := range keys {
		if k.Enabled() {
			h := k.Help()
			id = append(append(append(append(id, h.Key...), 0), h.Desc...), 0)
		}
	}
	id = strconv.AppendInt(id, int64(w), 10)
	if line, ok := m.helps.lines[string(id)]; ok {
		return line
	}
	line := m.fitHelp(keys, w)
	if m.helps.lines == nil || len(m.helps.lines) > 256 {
		m.helps.lines = map[string]string{}
	}
	m.helps.lines[string(id)] = line
	return line
}

// helpLines keeps the help lines laid out, by their keys and width: the
// root's, shared by every copy of the Model.
type helpLines struct{ lines map[string]string }

// fullHelpView lays the key columns out side by side, as many to a row as
// width w holds, the next row under them: none is cut on a narrow screen.
// Every key is listed; one that does not apply now says so (issue 23: the
// help never showed "a" or ctrl+r).
func (m Model) fullHelpView(groups [][]key.Binding, w int) string {
	groups = everyKey(groups)
	var rows []string
	var row [][]key.Binding
	for _, g := range groups {
		if len(row) > 0 && lipgloss.Width(m.ctx.Help.FullHelpView(append(row, g))) > w {
			rows = append(rows, m.ctx.Help.FullHelpView(row))
			row = nil
		}
		row = append(row, g)
	}
	if len(row) > 0 {
		rows = append(rows, m.ctx.Help.FullHelpView(row))
	}
	return strings.Join(rows, "\n\n")
}

// helpPager is the full help of the screen in front in a pager the
// height of the body, top lines down: every key, a narrow screen's too,
// is a scroll away, and the pager's last line says so (issue 30: a Duel's
// help at 80×24 ended at "? help", q unseen).
func (m Model) helpPager(top int) pager.Model {
	var p pager.Model
	p.SetSize(m.ctx.Width, m.ctx.BodyHeight())
	body := m.ctx.Styles.Header.Render("Keys") + "\n\n" + m.fullHelpView(help.KeyMap(m.active).FullHelp(), m.ctx.Width) +
		"\n\n" + m.ctx.Styles.Dim.Render("? or esc closes this help")
	p.SetLines(strings.Split(body, "\n"))
	p.Vp.SetYOffset(top)
	return p
}

// fitHelp lays the help line out for width w.
// The help key, last, always stays.
func (m Model) fitHelp(keys []key.Binding, w int) string {
	if len(keys) == 0 {
		return ""
	}
	last := keys[len(keys)-1]
	keys = keys[:len(keys)-1]
	for n := len(keys); ; n-- {
		line := m.ctx.Help.ShortHelpView(append(keys[:n:n], last))
		if n == 0 || lipgloss.Width(line) <= w {
			return ansi.Truncate(line, w, "")
		}
	}
}

// everyKey is groups with each disabled key enabled and marked "(not now)",
// for the full help.
func everyKey(groups [][]key.Binding) [][]key.Binding {
	out := make([][]key.Binding, len(groups))
	for i, g := range groups {
		out[i] = make([]key.Binding, len(g))
		for j, b := range g {
			if !b.Enabled() && len(b.Keys()) > 0 && b.Help().Key != "" {
				b.SetEnabled(true)
				b.SetHelp(b.Help().Key, b.Help().Desc+" (not now)")
			}
			out[i][j] = b
		}
	}
	return out
}
