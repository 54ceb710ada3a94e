package deck

import (
	"os"
	"path/filepath"
)

// The one place eventdeck's folders are named.

// StateDir is where games are saved: $XDG_STATE_HOME/eventdeck, by default
// ~/.local/state/eventdeck.
func StateDir() (string, error) {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "eventdeck"), nil
}

// ConfigDir is where the table's settings live (the remembered setup, card
// files): the user's config folder (os.UserConfigDir: $XDG_CONFIG_HOME, by
// default ~/.config) with eventdeck under it.
func ConfigDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "eventdeck"), nil
}
