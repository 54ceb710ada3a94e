package table

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/components/pieces"
)

// numberView is the number and the dice of the turn on show: the number
// in big digits on a disc, the dice beside it. It is rendered once per
// turn and size, since drawing big digits and boxes is most of a frame's
// cost. On z it is the whole screen: the number as large as the window
// allows, for a table across the room.
type numberView struct {
	*State
	w, h  int       // the room under the table's header
	Card  *cardView // the turn drawn for the size; nil until sized
	Focus bool      // only the number, the dice and the event
}

// cardView is the turn on show, rendered once when it or the size changes.
type cardView struct {
	lines  []string // the number disc and the dice
	widths []int    // the width of each line
	width  int      // the widest
	Side   int      // width of the steps column beside it; 0: the steps go under it
	padded []string // the lines padded to the width, and the gap to the steps (beside)
}

// SetSize renders the turn on show again for w × h.
func (n *numberView) SetSize(w, h int) {
	n.w, n.h = w, h
	n.render()
}

// keys are the number's keys, named for what they do now.
func (n numberView) keys() common.NumberKeys {
	k := n.ctx.Keys.Table.Number
	if n.Focus {
		k.Focus.SetHelp("z", "full table")
	}
	return k
}

// ShortHelp is the number's key: the big number, or back.
func (n numberView) ShortHelp() []key.Binding { return []key.Binding{n.keys().Focus} }

// FullHelp is the number's keys.
func (n numberView) FullHelp() [][]key.Binding {
	k := n.keys()
	return [][]key.Binding{{k.Focus, k.Back}}
}

// Update takes z (and esc on the big number): it reports whether the key
// was the number's.
func (n *numberView) Update(km tea.KeyMsg) bool {
	k := n.ctx.Keys.Table.Number
	if common.KeyIs(km, k.Focus) || n.Focus && common.KeyIs(km, k.Back) {
		n.Focus = !n.Focus
		return true
	}
	return false
}

// View is the number and the dice as laid out for the size, "" when no
// turn is on show.
func (n numberView) View() string {
	if n.Card == nil || !n.Shown {
		return ""
	}
	return strings.Join(n.Card.lines, "\n")
}

// render lays the turn on show out for the size.
func (n *numberView) render() {
	n.Card = nil
	if n.ctx == nil {
		return // no game yet
	}
	t, w, h := n.Turn, n.w, n.h
	if !n.Shown || w <= 0 || h <= 0 {
		return
	}
	ck := cardKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, dice: len(t.Dice), w: w, h: h}
	copy(ck.faces[:], t.Dice)
	if c, ok := n.cache.cards[ck]; ok && len(t.Dice) <= len(ck.faces) {
		n.Card = c
		return
	}
	defer func() {
		if n.cache.cards == nil || len(n.cache.cards) > 512 {
			n.cache.cards = map[cardKey]*cardView{}
		}
		n.cache.cards[ck] = n.Card
	}()
	st := &n.ctx.Styles
	scale := DigitScale(n.ctx.Glyphs, w, h)
	parts := []string{n.cache.piece(pieceKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, scale: scale}, func() string {
		return pieces.Disc(*st, n.ctx.Glyphs, t, scale)
	})}
	for i, f := range t.Dice {
		if i == 0 {
			parts = append(parts, "  ")
		} else {
			parts = append(parts, " ")
		}
		parts = append(parts, n.cache.piece(pieceKey{face: f}, func() string { return pieces.Die(*st, f) }))
	}
	c := &cardView{lines: strings.Split(lipgloss.JoinHorizontal(lipgloss.Center, parts...), "\n")}
	for _, l := range c.lines {
		c.widths = append(c.widths, lipgloss.Width(l))
		c.width = max(c.width, c.widths[len(c.widths)-1])
	}
	// The steps go beside the number when there is room, else under it.
	if side := min(w-c.width-st.Gaps.Beside, 64); side >= 36 && h >= 30 {
		c.Side = side
	}
	n.Card = c
}

// DigitScale is how large the digits can be: about a third of the height
// (5 rows at 80×24, 20 at 200×60), while two digits fit half the width.
func DigitScale(g digits.Glyphs, w, h int) int {
	s := max((h+digits.GlyphRows+2)/(3*digits.GlyphRows), 1) // rounded: 57 rows give 20, 21 give 5
	for s > 1 && (2*g.Width+1)*s > w/2 {
		s--
	}
	return s
}

// beside puts right to the right of the card's lines, as far apart as the
// Beside style's margin, padding the card's lines from their known widths.
// The rows have room for h rows, to add to.
func (c *cardView) beside(st *common.Styles, right []string, h int) []common.Row {
	gap := st.Gaps.Beside
	if c.padded == nil { // the card's lines padded and the gap: once a card
		c.padded = make([]string, len(c.lines)+1)
		for i, l := range c.lines {
			c.padded[i] = l + common.Pad(c.width-c.widths[i]) + common.Pad(gap)
		}
		c.padded[len(c.lines)] = common.Pad(c.width) + common.Pad(gap)
	}
	out := make([]common.Row, max(len(c.lines), len(right)), max(len(c.lines), len(right), h))
	for i := range out {
		switch {
		case i >= len(right): // the card's line padded, without the gap
			out[i] = common.Row{Pre: c.padded[i][:len(c.padded[i])-gap], PreW: c.width}
		case i < len(c.lines):
			out[i] = common.Row{Pre: c.padded[i], PreW: c.width + gap, Text: right[i]}
		default:
			out[i] = common.Row{Pre: c.padded[len(c.lines)], PreW: c.width + gap, Text: right[i]}
		}
	}
	return out
}

// FocusView is the turn alone in w × h, as large as the window allows:
// the number, the dice, the event's title, and ask (the question waiting
// and how to answer it) under them.
func (n numberView) FocusView(w, h int, ask []string) string {
	st := &n.ctx.Styles
	if !n.Shown {
		return common.CenterIn(st.Title.Render("Ready: press space."), w, h, -1)
	}
	t, g := n.Turn, n.ctx.Glyphs
	var dice []string
	for _, f := range t.Dice {
		dice = append(dice, n.cache.piece(pieceKey{face: f}, func() string { return pieces.Die(*st, f) }), " ")
	}
	title := st.Dim.Render("No event")
	if t.Title != "" {
		title = st.Title.Render(t.Title)
	}
	// Room for the digits: less the disc's frame and its pips' line, a
	// die's height (kept for dice-less games too: the number stays put),
	// the title, the question's room, and a line spare; a column either
	// side. The question's room is kept with no question open, so the
	// number keeps its size and place when one opens (issue 23).
	dieRows := lipgloss.Height(n.cache.piece(pieceKey{face: deck.Face{Pips: 1}}, func() string { return pieces.Die(*st, deck.Face{Pips: 1}) }))
	for len(ask) < askRoom {
		ask = append(ask, "")
	}
	rows := h - st.Disc.GetVerticalFrameSize() - 1 - dieRows - lipgloss.Height(title) - len(ask) - 1
	cols := w - st.Disc.GetHorizontalFrameSize() - 2
	scale := max(min(rows/digits.GlyphRows, cols/(2*g.Width+1)), 1)
	parts := []string{n.cache.piece(pieceKey{number: t.Number, pips: t.Pips, note: t.NumberNote, alert: t.NumberAlert, scale: scale}, func() string {
		return pieces.Disc(*st, g, t, scale)
	})}
	if len(dice) > 0 {
		parts = append(parts, lipgloss.JoinHorizontal(lipgloss.Top, dice...))
	}
	parts = append(append(parts, title), ask...)
	return common.CenterIn(lipgloss.JoinVertical(lipgloss.Center, parts...), w, h, -1)
}

// askRoom is the rows the big number keeps under it for a question: the
// prompt and two lines of how to answer it.
const askRoom = 3

// askLines are a question and how to answer it, under the big number.
func askLines(st *common.Styles, prompt, hint string, w int) []string {
	return append([]string{st.Value.Render(ansi.Truncate(prompt, w, "…"))}, common.WrapLines(hint, w)...)
}
