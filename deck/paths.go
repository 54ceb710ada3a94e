package deck

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// The one place eventdeck's folders are named.

// StateEnv names a folder for the saves that replaces the OS's own
// (StateDir); --state-dir replaces both.
const StateEnv = "EVENTDECK_STATE"

// StateDir is where games are saved: $EVENTDECK_STATE if it is set, else
// the OS's own folder for an app's data:
//
//   - Linux and other Unixes: $XDG_STATE_HOME/eventdeck, by default
//     ~/.local/state/eventdeck
//   - macOS: ~/Library/Application Support/eventdeck
//   - Windows: %LocalAppData%\eventdeck (C:\Users\NAME\AppData\Local\eventdeck),
//     the profile's local, not roaming, folder, which only the user may read
func StateDir() (string, error) {
	home, _ := os.UserHomeDir()
	return stateDir(runtime.GOOS, os.Getenv, home)
}

// stateDir is StateDir for the OS goos, its environment and home folder.
func stateDir(goos string, getenv func(string) string, home string) (string, error) {
	if dir := getenv(StateEnv); dir != "" {
		return dir, nil
	}
	var dir string
	switch goos {
	case "windows":
		dir = getenv("LocalAppData")
		if dir == "" {
			return "", errors.New("%LocalAppData% is not set")
		}
	case "darwin", "ios":
		if home == "" {
			return "", errors.New("no home folder")
		}
		dir = filepath.Join(home, "Library", "Application Support")
	default:
		if dir = getenv("XDG_STATE_HOME"); dir == "" || !filepath.IsAbs(dir) {
			if home == "" {
				return "", errors.New("neither $XDG_STATE_HOME nor $HOME is set")
			}
			dir = filepath.Join(home, ".local", "state")
		}
	}
	return filepath.Join(dir, "eventdeck"), nil
}

// ConfigDir is where the table's settings live (the remembered setup, card
// files): the user's config folder (os.UserConfigDir) with eventdeck under
// it: $XDG_CONFIG_HOME/eventdeck (~/.config/eventdeck) on Linux,
// ~/Library/Application Support/eventdeck on macOS (beside the saves), and
// %AppData%\eventdeck on Windows (the roaming profile: settings follow the
// user, saves stay on the machine).
func ConfigDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "eventdeck"), nil
}
