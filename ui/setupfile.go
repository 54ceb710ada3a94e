package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/eventdeck/eventdeck/deck"
)

// Setup is a game's setup as the setup screen makes it, remembered between
// game nights so that the next one is one key.
type Setup struct {
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Players  []string          `json:"players"`
	Starter  string            `json:"starter,omitempty"` // a player's name, "random", or "" for the first
	CountAid bool              `json:"count_aid,omitempty"`
	HandOff  bool              `json:"hand_off,omitempty"` // pass-and-play: "Pass to …" between turns
	Sound    bool              `json:"sound,omitempty"`    // the terminal's bell on a 7 and an attack, and when time is up
	Speak    bool              `json:"speak,omitempty"`    // read each turn aloud
	Timer    int               `json:"timer,omitempty"`    // seconds a turn may take; 0: no timer
}

// StarterRandom in Setup.Starter picks who starts at random.
const StarterRandom = "random"

// SetupPath is where the last setup is remembered:
// $XDG_CONFIG_HOME/eventdeck/setup.json, by default ~/.config/eventdeck/setup.json.
func SetupPath() (string, error) {
	dir, err := deck.ConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "setup.json"), nil
}

// MaxSetupSize is the largest remembered setup read: one is under 1 KB.
const MaxSetupSize = 64 << 10

// LoadSetup reads the remembered setup. A missing file is no error: it gives
// a zero Setup. A broken one is an error, and the caller starts afresh.
// Anything but a file at path is refused at once (a *deck.NotAFileError),
// never waited on (deck.ReadFile).
func LoadSetup(path string) (Setup, error) {
	var s Setup
	data, err := deck.ReadFile(path, MaxSetupSize)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// SaveSetup remembers s at path, atomically.
func SaveSetup(path string, s Setup) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return deck.WriteFileAtomic(path, append(data, '\n'), 0o600)
}
