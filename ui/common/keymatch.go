package common

import (
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// KeyIs is key.Matches(km, b...) without building km's name for each
// call: a key goes through a dozen bindings before one takes it, and
// tea.Key.String allocates each time.
func KeyIs(km tea.KeyMsg, b ...key.Binding) bool {
	name := KeyName(km)
	for _, k := range b {
		for _, v := range k.Keys() {
			if v == name && k.Enabled() {
				return true
			}
		}
	}
	return false
}

// asciiKeys are the printable ASCII characters, each a key's name.
const asciiKeys = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// KeyName is km.String(), without building it for a printable ASCII key,
// space, enter, esc, tab, backspace or an arrow.
func KeyName(km tea.KeyMsg) string {
	if km.Alt || km.Paste {
		return km.String()
	}
	switch km.Type {
	case tea.KeyRunes:
		if len(km.Runes) == 1 && km.Runes[0] >= ' ' && km.Runes[0] < utf8.RuneSelf-1 {
			i := km.Runes[0] - ' '
			return asciiKeys[i : i+1]
		}
	case tea.KeySpace:
		return " "
	case tea.KeyEnter:
		return "enter"
	case tea.KeyEsc:
		return "esc"
	case tea.KeyTab:
		return "tab"
	case tea.KeyBackspace:
		return "backspace"
	case tea.KeyUp:
		return "up"
	case tea.KeyDown:
		return "down"
	case tea.KeyLeft:
		return "left"
	case tea.KeyRight:
		return "right"
	}
	return km.String()
}
