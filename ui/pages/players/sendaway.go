package players

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// sendAway is the players screen's part for the screens joined through
// the hub (issue 29): who each one is and how it joined (phone or ssh),
// and x to send one away: ←/→ pick it, y sends it away, any other key
// keeps it.
type sendAway struct {
	hub     *session.Hub // where the screens that joined are found; nil without them
	picking bool
	id      uint64 // the screen picked
	said    string // what the last send-away did, until the next key
}

// screens are the screens joined, and how each is named.
func (a *sendAway) screens(ctx *common.Context) ([]session.Screen, []string) {
	return common.JoinedScreens(a.hub)
}

// key takes a key of the send-away; it reports false for a key it leaves
// to the players screen.
func (a *sendAway) key(ctx *common.Context, km tea.KeyMsg) bool {
	a.said = ""
	k := ctx.Keys.Players
	screens, names := a.screens(ctx)
	if !a.picking {
		if !key.Matches(km, k.SendAway) || len(screens) == 0 {
			return false
		}
		a.picking, a.id = true, screens[0].ID
		return true
	}
	i := slices.IndexFunc(screens, func(s session.Screen) bool { return s.ID == a.id })
	switch {
	case i < 0: // it left meanwhile
		a.picking = false
		a.said = "That screen has left."
	case key.Matches(km, k.Left, k.Up):
		a.id = screens[(i+len(screens)-1)%len(screens)].ID
	case key.Matches(km, k.Right, k.Down):
		a.id = screens[(i+1)%len(screens)].ID
	case key.Matches(km, k.Yes):
		a.picking = false
		if a.hub.SendAway(a.id) {
			a.said = "Sent away: " + names[i] + "."
		} else {
			a.said = "That screen has left."
		}
	default:
		a.picking = false
	}
	return true
}

// lines list the screens joined, numbered, the one picked marked, and
// what x does now.
func (a *sendAway) lines(ctx *common.Context, w int) []string {
	st := ctx.Styles
	screens, names := a.screens(ctx)
	if a.hub == nil {
		return nil
	}
	if len(screens) == 0 {
		return []string{"", st.Dim.Render("No screen has joined (phone or ssh).")}
	}
	items := make([]string, len(names))
	for i, n := range names {
		items[i] = fmt.Sprintf("%d %s", i+1, n)
		if a.picking && screens[i].ID == a.id {
			items[i] = "▸ " + items[i]
		}
	}
	out := []string{"", st.Label.Render("Screens joined:")}
	for _, l := range strings.Split(ansi.Wrap(strings.Join(items, " · "), max(w, 20), " "), "\n") {
		out = append(out, "  "+l)
	}
	i := slices.IndexFunc(screens, func(s session.Screen) bool { return s.ID == a.id })
	switch {
	case a.picking && i >= 0:
		out = append(out, st.Error.Render(fmt.Sprintf("Send %s away? ←/→ picks another; y sends it away; any other key keeps it.", names[i])))
	case a.said != "":
		out = append(out, st.Dim.Render(a.said))
	}
	return out
}

// binding is x, on while a screen has joined.
func (a *sendAway) binding(ctx *common.Context) key.Binding {
	b := ctx.Keys.Players.SendAway
	if a.hub == nil {
		return key.Binding{}
	}
	screens, _ := a.screens(ctx)
	b.SetEnabled(len(screens) > 0)
	return b
}
