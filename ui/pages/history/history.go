package history

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pager"
	"github.com/eventdeck/eventdeck/ui/readout"
)

// Model lists every turn: player, number, dice, event and the
// answers given in words, newest at the bottom, scrolled to the end when
// opened.
type Model struct {
	common.Size
	common.NotTyping
	ctx    *common.Context
	header string // the column names, kept above the scrolling turns
	pager  pager.Model
}

// New is the history page of state s, played by the rules r.
func New(ctx *common.Context, r expansions.Ruleset, s *deck.State) *Model {
	st := ctx.Styles
	m := &Model{ctx: ctx, Size: common.Size{W: ctx.Width, H: ctx.BodyHeight()}}
	// The dice column is as wide as its widest row, so events line up.
	entries := readout.History(r, s)
	diceW := len("dice")
	for _, e := range entries {
		if e.Note == "" {
			diceW = max(diceW, len(diceText(e.Turn)))
		}
	}
	// The player column fits the longest name, up to the limit a name has.
	nameW := common.NameWidth
	for i := range s.Players {
		nameW = max(nameW, min(common.CellWidth(s.PlayerName(i)), deck.MaxName))
	}
	m.header = st.Header.Render(fmt.Sprintf("%5s  %s %3s  %-*s %s", "turn", common.PadName("player", nameW), "no.", diceW, "dice", "event"))
	var lines []string
	for _, e := range entries {
		if e.Note != "" {
			lines = append(lines, st.Notice.Render("✎ "+e.Note))
			continue
		}
		t := e.Turn
		if t.Rebuilt {
			for _, l := range common.WrapLines("★ "+t.RebuiltText, max(ctx.Width, common.MinWidth)) {
				lines = append(lines, st.Notice.Render(l))
			}
		}
		event := t.Title
		if event == "" {
			event = "no event"
		}
		num := "  -"
		if t.Number > 0 {
			num = fmt.Sprintf("%3d", t.Number)
		}
		line := fmt.Sprintf("%5d  %s %s  %-*s %s", t.Draw, common.PadName(e.Player, nameW), num, diceW, diceText(t), event)
		parts := e.Said
		var below []string // answers too long for the turn's line go under it, whole
		if len(parts) > 0 {
			said := "(" + strings.Join(parts, "; ") + ")"
			if ctx.Width <= 0 || common.CellWidth(line)+2+common.CellWidth(said) <= ctx.Width {
				line += st.Dim.Render("  " + said)
			} else {
				const indent = "       "
				for _, l := range common.WrapLines(said, max(ctx.Width, common.MinWidth)-len(indent)) {
					below = append(below, indent+st.Dim.Render(l))
				}
			}
		}
		if ctx.Width > 0 && common.CellWidth(line) > ctx.Width {
			line = ansi.Truncate(line, ctx.Width, "…") // the viewport would cut it without a word
		}
		lines = append(append(lines, line), below...)
	}
	if s.Turns() == 0 {
		lines = append(lines, st.Dim.Render("No turns yet."))
	}
	m.pager.SetSize(m.W, m.height())
	m.pager.SetLines(lines)
	m.pager.Vp.GotoBottom() // the latest turns first in view
	return m
}

// Update scrolls; esc or q goes back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
			return nil, nil // back to the table
		}
		m.pager.Scroll(m.ctx.Keys.Pager, km)
	}
	return m, nil
}

func (m Model) height() int { return max(m.H-pager.Above(m.head()), 1) }

// head is what the history shows above the turns: its title and columns.
func (m Model) head() string {
	return m.ctx.Styles.Header.Render("History") + "\n\n" + m.header + "\n"
}

// SetSize gives the turns the room under the title and the columns.
func (m *Model) SetSize(w, h int) {
	m.Size.SetSize(w, h)
	m.pager.SetSize(w, m.height())
}

// View is the title, the columns and the turns in view.
func (m *Model) View() string {
	return m.head() + m.pager.View(m.ctx.Styles)
}

// ShortHelp lists the history screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	return []key.Binding{k.Back, k.Up, k.PageDown}
}

// FullHelp lists the history screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys.Pager
	return [][]key.Binding{{k.Up, k.Down}, {k.PageUp, k.PageDown, k.Home, k.End}, {k.Back}}
}

// diceText is a turn's dice in a few letters: "R4 W5 politics".
func diceText(t deck.Turn) string {
	dice := make([]string, 0, len(t.Dice))
	for _, f := range t.Dice {
		if f.Pips > 0 {
			dice = append(dice, f.Letter+strconv.Itoa(f.Pips))
		} else {
			dice = append(dice, f.Symbol)
		}
	}
	return strings.Join(dice, " ")
}
