package ui

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// historyModel lists every turn: player, number, dice, event and the
// answers given in words, newest at the bottom, scrolled to the end when
// opened.
type historyModel struct {
	size
	notTyping
	ctx    *Context
	header string // the column names, kept above the scrolling turns
	pager  pager
}

func newHistory(ctx *Context, r expansions.Ruleset, s *deck.State) *historyModel {
	st := ctx.Styles
	m := &historyModel{ctx: ctx, size: size{ctx.Width, ctx.bodyHeight()}}
	// The dice column is as wide as its widest row, so events line up.
	diceW := len("dice")
	for i := range s.Turns() {
		if t, ok := r.Turn(s, i); ok {
			diceW = max(diceW, len(diceText(t)))
		}
	}
	// The player column fits the longest name, up to the limit a name has.
	nameW := nameWidth
	for i := range s.Players {
		nameW = max(nameW, min(cellWidth(s.PlayerName(i)), deck.MaxName))
	}
	m.header = st.Header.Render(fmt.Sprintf("%5s  %s %3s  %-*s %s", "turn", padName("player", nameW), "no.", diceW, "dice", "event"))
	var lines []string
	notes := s.Table
	tableNotes := func(upTo int) { // the table's changes made before turn upTo
		for len(notes) > 0 && notes[0].Turn <= upTo {
			lines = append(lines, st.Notice.Render("✎ "+notes[0].Text))
			notes = notes[1:]
		}
	}
	for i := range s.Turns() {
		tableNotes(i)
		rec := s.TurnAt(i)
		t, ok := r.Turn(s, i)
		if !ok {
			continue
		}
		if t.Rebuilt {
			for _, l := range wrapLines("★ "+t.RebuiltText, max(ctx.Width, MinWidth)) {
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
		line := fmt.Sprintf("%5d  %s %s  %-*s %s", t.Draw, padName(s.PlayerName(rec.Player), nameW), num, diceW, diceText(t), event)
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(rec.Said)) {
			parts = append(parts, rec.Said[k])
		}
		var below []string // answers too long for the turn's line go under it, whole
		if len(parts) > 0 {
			said := "(" + strings.Join(parts, "; ") + ")"
			if ctx.Width <= 0 || cellWidth(line)+2+cellWidth(said) <= ctx.Width {
				line += st.Dim.Render("  " + said)
			} else {
				const indent = "       "
				for _, l := range wrapLines(said, max(ctx.Width, MinWidth)-len(indent)) {
					below = append(below, indent+st.Dim.Render(l))
				}
			}
		}
		if ctx.Width > 0 && cellWidth(line) > ctx.Width {
			line = ansi.Truncate(line, ctx.Width, "…") // the viewport would cut it without a word
		}
		lines = append(append(lines, line), below...)
	}
	tableNotes(s.Turns())
	if s.Turns() == 0 {
		lines = append(lines, st.Dim.Render("No turns yet."))
	}
	m.pager.setSize(m.w, m.height())
	m.pager.setLines(lines)
	m.pager.vp.GotoBottom() // the latest turns first in view
	return m
}

// Update scrolls; esc or q goes back to the table.
func (m *historyModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit) {
			return nil, nil // back to the table
		}
		m.pager.scroll(m.ctx.Keys.Pager, km)
	}
	return m, nil
}

func (m historyModel) height() int { return max(m.h-above(m.head()), 1) }

// head is what the history shows above the turns: its title and columns.
func (m historyModel) head() string {
	return m.ctx.Styles.Header.Render("History") + "\n\n" + m.header + "\n"
}

// SetSize gives the turns the room under the title and the columns.
func (m *historyModel) SetSize(w, h int) {
	m.size.SetSize(w, h)
	m.pager.setSize(w, m.height())
}

// View is the title, the columns and the turns in view.
func (m *historyModel) View() string {
	return m.head() + m.pager.view(m.ctx.Styles)
}

// ShortHelp lists the history screen's keys.
func (m historyModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Pager
	return []key.Binding{k.Back, k.Up, k.PageDown}
}

// FullHelp lists the history screen's keys in columns.
func (m historyModel) FullHelp() [][]key.Binding {
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
