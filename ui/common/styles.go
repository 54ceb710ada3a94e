package common

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// playerColor is a Catan piece colour and its name.
type playerColor struct {
	Name  string
	Color lipgloss.AdaptiveColor
}

// playerPalette is the piece colours by seat.
func playerPalette() []playerColor {
	return []playerColor{
		{"red", lipgloss.AdaptiveColor{Light: "#b00020", Dark: "#ff5f5f"}},
		{"blue", lipgloss.AdaptiveColor{Light: "#0040a0", Dark: "#5f87ff"}},
		{"white", lipgloss.AdaptiveColor{Light: "#505050", Dark: "#eeeeee"}},
		{"orange", lipgloss.AdaptiveColor{Light: "#b05000", Dark: "#ffaf00"}},
		{"green", lipgloss.AdaptiveColor{Light: "#006000", Dark: "#5fd75f"}},
		{"brown", lipgloss.AdaptiveColor{Light: "#6b3a10", Dark: "#c08050"}},
	}
}

// Styles holds every style the screens use, built once from one renderer.
type Styles struct {
	Header   lipgloss.Style
	Dim      lipgloss.Style
	Title    lipgloss.Style
	Text     lipgloss.Style
	Notice   lipgloss.Style
	Error    lipgloss.Style
	Disc     lipgloss.Style
	DiscHot  lipgloss.Style
	Digits   lipgloss.Style
	Hot      lipgloss.Style
	Die      lipgloss.Style
	RedDie   lipgloss.Style
	RedLabel lipgloss.Style
	Label    lipgloss.Style
	Focused  lipgloss.Style
	Value    lipgloss.Style
	Cursor   lipgloss.Style // a text field's cursor
	// The table's layout: its frames are what the table leaves between
	// its parts (the header, the number, the steps, the status).
	HeaderBar lipgloss.Style // the header: a blank line under it
	beside    lipgloss.Style // the steps beside the number: columns apart
	under     lipgloss.Style // the steps under the number: a blank line over them
	StatusBar lipgloss.Style // the status lines: a blank line over them
	// faces are the die boxes and labels by colour name ("red", "yellow"…);
	// "" is a plain die.
	faces  map[string]lipgloss.Style
	labels map[string]lipgloss.Style
	// pieces are the players' names in their piece colours, by colour
	// name; the name is always shown beside, never the colour alone.
	pieces map[string]lipgloss.Style
	// Gaps are the layout styles' frames, measured once: the table asks
	// for them on every frame.
	Gaps Gaps
	// dim is what Dim puts around a line (sandwichOf), found once.
	dim sandwich
}

// Gaps are the blank rows and columns the layout styles leave.
type Gaps struct {
	Header, Under, Status int // rows: under the header, over the steps, over the status
	Beside                int // columns between the number and the steps
}

// NewStyles builds the styles for renderer r; its colour profile decides
// whether colours show (tests force ASCII).
// Colours are adaptive, for light and dark terminals; every colour on screen
// has a word, letter or symbol beside it, so monochrome (NO_COLOR) loses
// nothing.
func NewStyles(r *lipgloss.Renderer) Styles {
	accent := lipgloss.AdaptiveColor{Light: "#8a4b00", Dark: "#f0b040"}
	dim := lipgloss.AdaptiveColor{Light: "#6b6b6b", Dark: "#8c8c8c"}
	hot := lipgloss.AdaptiveColor{Light: "#b00020", Dark: "#ff5f5f"}
	notice := lipgloss.AdaptiveColor{Light: "#005f87", Dark: "#5fd7ff"}
	text := lipgloss.AdaptiveColor{Light: "#1a1a1a", Dark: "#e8e8e8"}
	s := Styles{
		Header:   r.NewStyle().Bold(true),
		Dim:      r.NewStyle().Foreground(dim),
		Title:    r.NewStyle().Bold(true).Foreground(accent),
		Text:     r.NewStyle(),
		Notice:   r.NewStyle().Bold(true).Foreground(notice),
		Error:    r.NewStyle().Bold(true).Foreground(hot),
		Disc:     r.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 2),
		DiscHot:  r.NewStyle().Border(lipgloss.DoubleBorder()).BorderForeground(hot).Padding(0, 2),
		Digits:   r.NewStyle().Bold(true),
		Hot:      r.NewStyle().Bold(true).Foreground(hot),
		Die:      r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(text).Foreground(text).Padding(0, 1),
		RedDie:   r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(hot).Foreground(hot).Padding(0, 1),
		RedLabel: r.NewStyle().Bold(true).Foreground(hot),
		Label:    r.NewStyle().Foreground(dim),
		Focused:  r.NewStyle().Bold(true).Foreground(accent),
		Value:    r.NewStyle().Bold(true),
		Cursor:   r.NewStyle().Reverse(true),

		HeaderBar: r.NewStyle().MarginBottom(1),
		beside:    r.NewStyle().MarginLeft(3),
		under:     r.NewStyle().MarginTop(1),
		StatusBar: r.NewStyle().MarginTop(1),
	}
	// The colours dice come in. Each face carries a letter and a word too, so
	// a colour is never the only sign.
	colours := map[string]lipgloss.AdaptiveColor{
		"red":    hot,
		"white":  text,
		"black":  dim,
		"yellow": {Light: "#8a6d00", Dark: "#ffd75f"},
		"blue":   {Light: "#0040a0", Dark: "#5f87ff"},
		"green":  {Light: "#006000", Dark: "#5fd75f"},
		"orange": {Light: "#b05000", Dark: "#ffaf00"},
		"brown":  {Light: "#6b3a10", Dark: "#c08050"},
	}
	s.faces = map[string]lipgloss.Style{"": s.Die}
	s.labels = map[string]lipgloss.Style{"": s.Label}
	for name, c := range colours {
		s.faces[name] = r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(c).Foreground(c).Bold(true).Padding(0, 1)
		s.labels[name] = r.NewStyle().Foreground(c)
	}
	s.faces["white"], s.labels["white"] = s.Die, s.Label
	s.labels["red"] = s.RedLabel
	s.Gaps = Gaps{Header: s.HeaderBar.GetVerticalFrameSize(), Under: s.under.GetVerticalFrameSize(),
		Status: s.StatusBar.GetVerticalFrameSize(), Beside: s.beside.GetHorizontalFrameSize()}
	s.dim = sandwichOf(&s.Dim)
	s.pieces = map[string]lipgloss.Style{}
	for _, pc := range playerPalette() {
		s.pieces[pc.Name] = r.NewStyle().Bold(true).Foreground(pc.Color)
	}
	return s
}

// Face is the box and the label style of a die in the named colour; a
// colour not known is drawn plain.
func (s *Styles) Face(colour string) (box, label lipgloss.Style) {
	box, ok := s.faces[colour]
	if !ok {
		box = s.Die
	}
	label, ok = s.labels[colour]
	if !ok {
		label = s.Label
	}
	return box, label
}

// PlayerIn is the style of a player's name in their piece colour (one of
// deck.Colours); a colour not known is drawn plain and bold.
func (s *Styles) PlayerIn(colour string) lipgloss.Style {
	if st, ok := s.pieces[colour]; ok {
		return st
	}
	return s.Value
}

// Dimmed is s.Dim.Render(text), without lipgloss's work on a line.
func (s *Styles) Dimmed(text string) string {
	if !s.dim.plain || strings.ContainsAny(text, "\n\t\r") {
		return s.Dim.Render(text)
	}
	return s.dim.before + text + s.dim.after
}
