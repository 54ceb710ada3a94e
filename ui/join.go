package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/qr"
	"github.com/eventdeck/eventdeck/ui/session"
)

// joinPage is the phone page's address with its join code, as the host's
// screen shows it (issue 29): a QR code, drawn once, and the address as
// text.
type joinPage struct {
	url     string
	code    *qr.Code // nil: the address is too long for a code; the text stays
	colours qr.Colours
	lines   map[int][]string // the code drawn, by its quiet zone
}

// newJoinPage encodes url, coloured for the renderer's profile: black on
// white forced on every cell where there are colours, light-on-dark
// glyphs where there are none.
func newJoinPage(url string, r *lipgloss.Renderer) *joinPage {
	j := &joinPage{url: url, lines: map[int][]string{}}
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
func (j *joinPage) drawn(quiet int) []string {
	if l, ok := j.lines[quiet]; ok {
		return l
	}
	l := j.code.Lines(quiet, j.colours)
	j.lines[quiet] = l
	return l
}

// view lays the code out in w×h with text beside it, or under it where
// the side has no room; the address follows the text. Where the code
// cannot fit, it says so plainly and shows the address alone.
func (j *joinPage) view(st Styles, text []string, w, h int) string {
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
func wrapURL(st Styles, url string, w int) []string {
	return strings.Split(st.Value.Render(ansi.Hardwrap(url, max(w, 1), false)), "\n")
}

// widest is the width of the widest line.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, cellWidth(l))
	}
	return w
}

// joinedScreens says who each screen joined through the hub reads and how
// it joined: "Ann — phone", "watching — ssh". The lines are numbered for
// the players screen's send-away.
func joinedScreens(hub *session.Hub) ([]session.Screen, []string) {
	if hub == nil {
		return nil, nil
	}
	screens := hub.Screens()
	cur := hub.Current()
	lines := make([]string, len(screens))
	for i, sc := range screens {
		name := "watching"
		switch w := sc.Who; {
		case w.Host:
			name = "host"
		case w.Seat >= 0 && cur != nil && w.Seat < len(cur.Now().Players):
			name = cur.Now().PlayerName(w.Seat)
		case w.Name != "" && cur != nil:
			name = w.Name + ", watching" // not at the table now
		case w.Name != "":
			name = w.Name
		}
		lines[i] = name + " — " + sc.Kind
	}
	return screens, lines
}

// joinModel is the join screen: the code, the address and the screens
// that joined, opened from the table with its key (80×24 has no room for
// the code beside a turn).
type joinModel struct {
	size
	notTyping
	ctx *Context
}

func newJoinScreen(ctx *Context) *joinModel { return &joinModel{ctx: ctx} }

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
	return st.Header.Render("Join the game") + "\n\n" + m.ctx.join.view(st, text, m.w, max(m.h-2, 1))
}

// ShortHelp lists the join screen's key: back.
func (m *joinModel) ShortHelp() []key.Binding { return []key.Binding{m.ctx.Keys.Pager.Back} }

// FullHelp lists it in a column.
func (m *joinModel) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// withJoin is what the table says before the first turn, with the code
// and the address beside it when the page is served.
func (m tableModel) withJoin(ready string, w, h int) string {
	if m.ctx.join == nil || !m.who.Host || m.remote {
		return ready
	}
	return m.ctx.join.view(m.ctx.Styles, strings.Split(ready, "\n"), w, h)
}
