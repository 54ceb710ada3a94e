package join

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/qrpanel"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Model is the join screen: the code, the address and the screens
// that joined, opened from the table with its key (80×24 has no room for
// the code beside a turn).
type Model struct {
	common.Size
	common.NotTyping
	ctx  *common.Context
	page *qrpanel.Panel // the code and the address
	hub  *session.Hub   // where the screens that joined are found
}

// New is the join screen of the page's code and address, with the screens
// that joined through hub.
func New(ctx *common.Context, page *qrpanel.Panel, hub *session.Hub) *Model {
	return &Model{ctx: ctx, page: page, hub: hub}
}

// Update goes back to the table on esc or q.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
		return nil, nil
	}
	return m, nil
}

// View shows the code and the address, with the screens joined beside.
func (m *Model) View() string {
	st := m.ctx.Styles
	text := []string{st.Dim.Render("Phones join here.")}
	_, joined := common.JoinedScreens(m.hub)
	if len(joined) == 0 {
		text = append(text, "", st.Dim.Render("No screen has joined yet."))
	} else {
		text = append(text, "", st.Label.Render("Joined:"))
		// As many as the room takes beside the code, the rest counted.
		if room := max(m.H-9, 1); len(joined) > room {
			joined = append(joined[:room-1], fmt.Sprintf("… and %d more", len(joined)-room+1))
		}
		for _, l := range joined {
			text = append(text, "  "+ansi.Truncate(l, 40, "…"))
		}
	}
	return st.Header.Render("Join the game") + "\n\n" + m.page.View(st, text, m.W, max(m.H-2, 1))
}

// ShortHelp lists the join screen's key: back.
func (m *Model) ShortHelp() []key.Binding { return []key.Binding{m.ctx.Keys.Pager.Back} }

// FullHelp lists it in a column.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
