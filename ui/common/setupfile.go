package common

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
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

// NameAndColour reads a player as typed: "Ann", or "Ann:blue" with one of
// the Catan colours.
func NameAndColour(typed string) (deck.Player, error) {
	name, colour, ok := strings.Cut(typed, ":")
	p := deck.Player{Name: strings.TrimSpace(name), Colour: strings.ToLower(strings.TrimSpace(colour))}
	if ok && !slices.Contains(deck.Colours(), p.Colour) {
		return p, fmt.Errorf("%q is not a Catan colour (%s)", colour, strings.Join(deck.Colours(), ", "))
	}
	return p, nil
}

// CheckPlayers says what is wrong with the names for the game r, or "".
func CheckPlayers(r expansions.Ruleset, names []string) string {
	lo, hi := r.Players()
	if len(names) < lo || len(names) > hi {
		if lo == hi {
			return fmt.Sprintf("Players: %d names, separated by commas (now %d).", lo, len(names))
		}
		return fmt.Sprintf("Players: %d to %d names, separated by commas (now %d).", lo, hi, len(names))
	}
	seen := map[string]bool{}
	colours := map[string]string{}
	for _, n := range names {
		p, err := NameAndColour(n)
		if err == nil {
			err = deck.CheckName(p.Name)
		}
		if err != nil {
			return "Players: " + err.Error() + "."
		}
		k := strings.ToLower(p.Name)
		if seen[k] {
			return fmt.Sprintf("Players: %q appears twice.", p.Name)
		}
		seen[k] = true
		if other, ok := colours[p.Colour]; ok && p.Colour != "" {
			return fmt.Sprintf("Players: %s and %s both play %s.", other, p.Name, p.Colour)
		}
		colours[p.Colour] = p.Name
	}
	return ""
}

// Cycle moves value v by step through vals, wrapping around.
func Cycle(vals []string, v string, step int) string {
	if len(vals) == 0 {
		return v
	}
	i := slices.Index(vals, v)
	if i < 0 {
		return vals[0]
	}
	return vals[(i+step+len(vals))%len(vals)]
}
