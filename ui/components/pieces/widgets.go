package pieces

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
)

// captionRoom is the width every disc keeps for its caption: six dots, two
// spaces and a word of up to six letters, so a number with a word beside
// it is no wider than one without (issue 23: the dice kept jumping). A
// longer word widens that turn's disc alone.
const captionRoom = 6*2 - 1 + 2 + 6

// Disc renders the production number in big digits on a token-like disc,
// with its pips and note under it, as the turn describes them.
func Disc(st common.Styles, g digits.Glyphs, t deck.Turn, scale int) string {
	// Every number takes the room of the widest, so the disc keeps its size
	// and place from turn to turn.
	wide := max(lipgloss.Width(g.Render(88, scale)), captionRoom)
	digits := st.Digits.Width(wide).Align(lipgloss.Center).Render(g.Render(t.Number, scale))
	caption := strings.TrimSpace(strings.Repeat("● ", t.Pips))
	if t.NumberNote != "" {
		caption += "  " + t.NumberNote
	}
	if t.NumberAlert {
		caption = st.Hot.Render(caption)
	} else {
		caption = st.Dim.Render(caption)
	}
	body := lipgloss.JoinVertical(lipgloss.Center, digits, caption)
	if t.NumberAlert {
		return st.DiscHot.Render(body)
	}
	return st.Disc.Render(body)
}

// pipRows is where the dots of a die face sit on a 3×3 grid.
func pipRows(v int) [3]string {
	const (
		none   = "     "
		middle = "  ●  "
		left   = "●    "
		right  = "    ●"
		both   = "●   ●"
	)
	switch v {
	case 1:
		return [3]string{none, middle, none}
	case 2:
		return [3]string{left, none, right}
	case 3:
		return [3]string{left, middle, right}
	case 4:
		return [3]string{both, none, both}
	case 5:
		return [3]string{both, middle, both}
	}
	return [3]string{both, both, both}
}

// Die renders a die face as it describes itself: dots for a pip face, its
// letter in a box for a symbol face, in its colour, with a label under it
// that reads without colour ("R red 3", "B ship").
func Die(st common.Styles, f deck.Face) string {
	var rows [3]string
	if f.Pips > 0 {
		rows = pipRows(f.Pips)
	} else {
		letter := f.Letter
		if letter == "" && f.Symbol != "" {
			letter = strings.ToUpper(f.Symbol[:1])
		}
		rows = [3]string{"     ", "  " + letter + "  ", "     "}
	}
	box, label := st.Face(f.Colour)
	return lipgloss.JoinVertical(lipgloss.Center, box.Render(strings.Join(rows[:], "\n")), label.Render(f.Label()))
}

// Track renders a tracker as a row of spaces: ● passed, ○ to come.
func Track(st *common.Styles, name string, pos, steps int, note string) string {
	pos = min(max(pos, 0), steps)
	dots := strings.Repeat("●", pos) + strings.Repeat("○", steps-pos)
	return st.Dim.Render(name+": ") + st.Value.Render(dots) + st.Dim.Render(fmt.Sprintf(" %d/%d · %s", pos, steps, note))
}
