package ui

// MinWidth and MinHeight are the smallest terminal the screens fit.
const (
	MinWidth  = 60
	MinHeight = 20
)

// Context is what every screen shares: the terminal size, the styles, the
// keys and the big digits. The root owns it and keeps the size current.
type Context struct {
	Width, Height int
	Styles        Styles
	Keys          KeyMap
	Glyphs        Glyphs
}

// TooSmall reports whether the terminal is below MinWidth × MinHeight.
func (c *Context) TooSmall() bool { return c.Width < MinWidth || c.Height < MinHeight }
