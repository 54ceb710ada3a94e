package ui

import (
	"io/fs"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/digits"
	"github.com/eventdeck/eventdeck/ui/pages/resume"
)

// The names the command line starts the TUI with, kept here beside Options:
// each is the one in the package that holds it now.

// Setup is a game's setup as the setup page makes it (common.Setup).
type Setup = common.Setup

// Glyphs are the big digits (digits.Glyphs).
type Glyphs = digits.Glyphs

// RefreshMsg asks for a new frame (common.RefreshMsg).
type RefreshMsg = common.RefreshMsg

// SentAway is the line a screen the host sent away ends with.
const SentAway = common.SentAway

// NoSpeaker is the warning shown when speech is asked for and no command speaks.
const NoSpeaker = common.NoSpeaker

// StarterRandom is the setup's starter when the game picks who starts.
const StarterRandom = common.StarterRandom

// SetupPath is where the setup is remembered (common.SetupPath).
func SetupPath() (string, error) { return common.SetupPath() }

// LoadSetup reads the setup remembered at path (common.LoadSetup).
func LoadSetup(path string) (Setup, error) { return common.LoadSetup(path) }

// SaveSetup remembers setup s at path (common.SaveSetup).
func SaveSetup(path string, s Setup) error { return common.SaveSetup(path, s) }

// LoadGlyphs reads the big digits from fsys (digits.Load).
func LoadGlyphs(fsys fs.FS) (Glyphs, error) { return digits.Load(fsys) }

// FindSpeaker is the speech command found, "" for none (common.FindSpeaker).
func FindSpeaker() string { return common.FindSpeaker() }

// NextUp is the seat whose turn a saved game waits for (resume.NextUp).
func NextUp(rules expansions.Ruleset, s *deck.State) int { return resume.NextUp(rules, s) }
