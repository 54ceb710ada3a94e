package common

import (
	"context"
	"fmt"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/speech"
)

// FindSpeaker returns the first speech command installed (looked up on
// PATH, per OS: package speech), or "" when there is none.
func FindSpeaker() string { s, _ := speech.Find(); return s.Path }

// NoSpeaker is what the table is told when it asks for speech and no
// command is installed: it names what this OS would use.
const NoSpeaker = speech.Missing

// SpokenMsg reports how reading a turn aloud went.
type SpokenMsg struct {
	Err error // why the turn was not read aloud; nil when it was
}

// Spoken is what is read aloud for a turn: the number and the event,
// "8 Epidemic".
func Spoken(t deck.Turn) string {
	s := ""
	if t.Number > 0 {
		s = strconv.Itoa(t.Number)
	}
	if t.Title != "" {
		if s != "" {
			s += " "
		}
		s += t.Title
	}
	return s
}

// speak reads text aloud with the command at path, off the UI's path: the
// table goes on while it speaks.
// speakLimit is the longest a turn may be read aloud.
const speakLimit = 20 * time.Second

// Speak reads text aloud with the speech command at path, in a command
// that gives up after speakLimit.
func Speak(path, text string) tea.Cmd { return speakWithin(path, text, speakLimit) }

// speakWithin reads text aloud with path, stopping it after limit.
func speakWithin(path, text string, limit time.Duration) tea.Cmd {
	return func() tea.Msg {
		// A turn is a few words: a speech program that hangs is stopped,
		// not left running behind the table.
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		return SpokenMsg{Err: speech.Speaker{Path: path}.Say(ctx, text)}
	}
}

// Tick is the turn timer's next tick, or what a test makes of it.
func (c *Context) Tick(cmd tea.Cmd) tea.Cmd {
	if c.Clock != nil && cmd != nil {
		return c.Clock(cmd)
	}
	return cmd
}

// Clock shows seconds as "1:05".
func Clock(sec int) string { return fmt.Sprintf("%d:%02d", sec/60, sec%60) }
