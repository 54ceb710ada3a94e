// Package ui is eventdeck's terminal screens (Bubble Tea): the router. Its
// root Model handles the global keys (ctrl+c, ?), the window size and the
// footer (help line, warnings, save errors); it decides which page is in
// front, builds the game a setup or a save describes, puts it in a table
// session and opens the table page with the reader's session.Hand. A page
// asks for another page with a common.OpenMsg (the root builds it) and goes
// back by returning nil. Another's screen under eventdeck serve (NewView)
// is the same router following the host's table through a session.Hub.
//
// Where things are: ui/common holds what every page shares, ui/components
// the widgets, ui/pages one package per screen.
package ui
