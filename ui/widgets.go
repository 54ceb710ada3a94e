package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Pips is how many dots a Catan number token shows for n: the number of
// ways two dice make it (2 and 12: 1 … 6 and 8: 5). 7 has no token; it shows
// its 6 ways.
func Pips(n int) int {
	if n < 2 || n > 12 {
		return 0
	}
	return 6 - abs(7-n)
}

// Hot reports whether n is printed red on the tokens: 6 and 8, the likeliest
// numbers that produce.
func Hot(n int) bool { return n == 6 || n == 8 }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// disc renders the production number in big digits on a token-like disc,
// with its probability pips under it.
func disc(st Styles, g Glyphs, n, scale int) string {
	digits := st.Digits.Render(g.Render(n, scale))
	pips := strings.TrimSpace(strings.Repeat("● ", Pips(n)))
	var caption string
	switch {
	case Hot(n):
		caption = st.Hot.Render(pips + "  hot")
	case n == 7:
		caption = st.Hot.Render(pips + "  robber")
	default:
		caption = st.Dim.Render(pips)
	}
	body := lipgloss.JoinVertical(lipgloss.Center, digits, caption)
	if Hot(n) || n == 7 {
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

// die renders a die face with its dots and a label under it. The red die is
// red and labelled R, so it reads without colour too.
func die(st Styles, name, value string) string {
	v, err := strconv.Atoi(value)
	if err != nil || v < 1 || v > 6 {
		return ""
	}
	rows := pipRows(v)
	face := strings.Join(rows[:], "\n")
	box, label := st.Die, st.Label
	letter := strings.ToUpper(name[:1])
	if name == "red" {
		box, label = st.RedDie, st.RedLabel
	}
	return lipgloss.JoinVertical(lipgloss.Center, box.Render(face), label.Render(letter+" "+name+" "+value))
}

// eventDie renders the Cities & Knights event die: a ship, or a city gate
// with its letter and colour named, so it reads without colour.
func eventDie(st Styles, face string) string {
	var rows [3]string
	label := ""
	switch face {
	case "ship":
		rows = [3]string{"  ▲  ", " ▐█▌ ", "▀▀▀▀▀"}
		label = "B ship"
	case "trade":
		rows = [3]string{"┌───┐", "│ T │", "│   │"}
		label = "T yellow"
	case "politics":
		rows = [3]string{"┌───┐", "│ P │", "│   │"}
		label = "P blue"
	case "science":
		rows = [3]string{"┌───┐", "│ S │", "│   │"}
		label = "S green"
	default:
		return ""
	}
	box, ok := st.Faces[face]
	if !ok {
		box = st.Die
	}
	return lipgloss.JoinVertical(lipgloss.Center, box.Render(strings.Join(rows[:], "\n")), st.Label.Render(label))
}

// track renders a tracker as a row of spaces: ● passed, ○ to come.
func track(st Styles, name string, pos, steps int, note string) string {
	pos = min(max(pos, 0), steps)
	dots := strings.Repeat("●", pos) + strings.Repeat("○", steps-pos)
	return st.Dim.Render(name+": ") + st.Value.Render(dots) + st.Dim.Render(fmt.Sprintf(" %d/%d · %s", pos, steps, note))
}
