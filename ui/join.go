package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// joinModel is the join screen: the code, the address and the screens
// that joined, opened from the table with its key (80×24 has no room for
// the code beside a turn).
type joinModel struct {
	size
	notTyping
	ctx  *Context
	page *joinPage // the code and the address
}

// newJoinScreen is the join screen of the page's code and address.
func newJoinScreen(ctx *Context, page *joinPage) *joinModel {
	return &joinModel{ctx: ctx, page: page}
}

// Update goes back to the table on esc or q.
func (m *joinModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
		return nil, nil
	}
	return m, nil
}

// View shows the code and the address, with the screens joined beside.
func (m *joinModel) View() string {
	st := m.ctx.Styles
	text := []string{st.Dim.Render("Phones join here.")}
	_, joined := joinedScreens(m.ctx.hub)
	if len(joined) == 0 {
		text = append(text, "", st.Dim.Render("No screen has joined yet."))
	} else {
		text = append(text, "", st.Label.Render("Joined:"))
		// As many as the room takes beside the code, the rest counted.
		if room := max(m.h-9, 1); len(joined) > room {
			joined = append(joined[:room-1], fmt.Sprintf("… and %d more", len(joined)-room+1))
		}
		for _, l := range joined {
			text = append(text, "  "+ansi.Truncate(l, 40, "…"))
		}
	}
	return st.Header.Render("Join the game") + "\n\n" + m.page.view(st, text, m.w, max(m.h-2, 1))
}

// ShortHelp lists the join screen's key: back.
func (m *joinModel) ShortHelp() []key.Binding { return []key.Binding{m.ctx.Keys.Pager.Back} }

// FullHelp lists it in a column.
func (m *joinModel) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
