package common

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/components/digits"
)

// MinWidth and MinHeight are the smallest terminal the screens fit.
const (
	MinWidth  = 60
	MinHeight = 20
)

// Context is what every screen shares: the terminal size, the styles, the
// keys and the big digits. The root owns it and keeps the size current.
type Context struct {
	Width, Height int
	// Styles are built once: the renderings kept below are keyed by the
	// addresses of its fields (replacing it means emptying them).
	Styles Styles
	Keys   KeyMap
	Glyphs digits.Glyphs
	// Help lays the help lines out in the Styles (kept here, not in the
	// root Model: Bubble Tea copies the Model with every key).
	Help help.Model
	// Body is the height the screen in front may fill: the terminal less
	// the footer (help, warnings). The root keeps it current.
	Body int

	lines  map[MemoKey]string           // styled lines by what they show (memo)
	styles map[styledKey]string         // texts styled (styled)
	wraps  map[styledKey][]string       // texts wrapped and styled (wrapped)
	paints map[*lipgloss.Style]sandwich // what each style puts around a line (paint)

	// Clock, when set, takes the turn timer's tick commands in their
	// stead (tests drop them and send the ticks themselves).
	Clock func(tea.Cmd) tea.Cmd
}

// MemoKey names a line the table draws: which line it is (kind) and
// everything it shows. A struct, not a string: looking a line up builds
// nothing.
type MemoKey struct {
	Kind       string // which line it is
	A, B, C, D string // the texts it shows
	N, O       int    // the numbers it shows
}

// Memo returns the line drawn for key, drawing it once: styling a line
// with lipgloss is most of a frame's cost, and the table's standing lines
// change only when the game does. key names everything the line shows.
func (c *Context) Memo(key MemoKey, draw func() string) string {
	if l, ok := c.lines[key]; ok {
		return l
	}
	if c.lines == nil || len(c.lines) > 1024 {
		c.lines = map[MemoKey]string{}
	}
	l := draw()
	c.lines[key] = l
	return l
}

// TooSmall reports whether the terminal is below MinWidth × MinHeight.
func (c *Context) TooSmall() bool { return c.Width < MinWidth || c.Height < MinHeight }

// BodyHeight is the height a screen may fill, at least 1.
func (c *Context) BodyHeight() int {
	if c.Body > 0 {
		return c.Body
	}
	return max(c.Height-1, 1)
}
