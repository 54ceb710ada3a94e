package qrpanel

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/qr"
)

// Panel is the phone page's address with its join code, as the host's
// screen shows it (issue 29): a QR code, drawn once, and the address as
// text.
type Panel struct {
	url     string
	code    *qr.Code // nil: the address is too long for a code; the text stays
	colours qr.Colours
	lines   map[int][]string // the code drawn, by its quiet zone
}

// New encodes url, coloured for the renderer's profile: black on
// white forced on every cell where there are colours, light-on-dark
// glyphs where there are none.
func New(url string, r *lipgloss.Renderer) *Panel {
	j := &Panel{url: url, lines: map[int][]string{}}
	j.code, _ = qr.Encode(url)
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	switch r.ColorProfile() {
	case termenv.TrueColor, termenv.ANSI256:
		j.colours = qr.ANSI256
	case termenv.ANSI:
		j.colours = qr.ANSI16
	}
	return j
}

// drawn is the code with quiet modules about it, drawn once.
func (j *Panel) drawn(quiet int) []string {
	if l, ok := j.lines[quiet]; ok {
		return l
	}
	l := j.code.Lines(quiet, j.colours)
	j.lines[quiet] = l
	return l
}

// View lays the code out in w×h with text beside it, or under it where
// the side has no room; the address follows the text. Where the code
// cannot fit, it says so plainly and shows the address alone.
func (j *Panel) View(st common.Styles, text []string, w, h int) string {
	addr := []string{st.Dim.Render("Scan to join:")}
	side := append(append(append([]string{}, text...), ""), addr...)
	for quiet := 2; quiet >= 1 && j.code != nil; quiet-- {
		cw, ch := j.code.Cells(quiet)
		room := w - cw - 2 // the side column, two columns from the code
		beside := append(side, wrapURL(st, j.url, room)...)
		if room >= 24 && ch <= h && len(beside) <= h && widest(beside) <= room {
			return lipgloss.JoinHorizontal(lipgloss.Top, strings.Join(j.drawn(quiet), "\n"), "  ", strings.Join(beside, "\n"))
		}
		under := append(side, wrapURL(st, j.url, w)...)
		if cw <= w && ch+1+len(under) <= h {
			return strings.Join(j.drawn(quiet), "\n") + "\n\n" + strings.Join(under, "\n")
		}
	}
	need := "The QR code does not fit here: make the window larger, or type the address."
	if j.code != nil {
		cw, ch := j.code.Cells(1)
		need = fmt.Sprintf("The QR code needs %d×%d cells and does not fit here: make the window larger, or type the address.", cw, ch)
	}
	lines := append(append(append([]string{}, text...), ""), strings.Split(ansi.Wrap(st.Error.Render(need), w, " "), "\n")...)
	lines = append(lines, "", st.Dim.Render("Join at:"))
	return strings.Join(append(lines, wrapURL(st, j.url, w)...), "\n")
}

// wrapURL is the address in lines of at most w cells: cut anywhere, as
// an address has no spaces.
func wrapURL(st common.Styles, url string, w int) []string {
	return strings.Split(st.Value.Render(ansi.Hardwrap(url, max(w, 1), false)), "\n")
}

// widest is the width of the widest line.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, common.CellWidth(l))
	}
	return w
}
