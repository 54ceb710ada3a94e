package table

import (
	"errors"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// tellLooking tells the session whether this screen's reader, a player on
// their own screen, has a private action open (a look into the stack):
// the other screens then say so, so that nobody rolls over it.
func (m *Model) tellLooking() {
	what := ""
	if e := m.Entry; e != nil && e.Spec.Private && !e.Done && !m.who.Host {
		what = e.Spec.ID // the action's id, never its words (issue 36 item 5)
	}
	if what != m.looking {
		m.looking = what
		m.Hand.Looking(what)
	}
}

// lookingLines say, on every screen but the looker's, who has a private
// action open on their own screen. Before the first turn the ready line
// says it.
func (m Model) lookingLines(out []statusLine) []statusLine {
	if !m.Shown {
		return out
	}
	for _, l := range m.lookers {
		out = append(out, statusLine{statusLooking, l})
	}
	return out
}

// heldBy offers the host, when err is a look that holds the turn, to end
// it with a second space: the looker's phone or laptop may have gone away.
func (m *Model) heldBy(err error) {
	var held *session.HeldError
	if !errors.As(err, &held) {
		return
	}
	m.heldErr = true // said of a look: gone when the look ends
	if !m.who.Host {
		return
	}
	m.ending = held.Name
	m.err = "The table waits while " + held.Name + " looks: space again ends it."
}

// endLook ends the look the host was asked about, on the second space. It
// reports whether the key did so.
func (m *Model) endLook() bool {
	name := m.ending
	m.ending = ""
	if name == "" {
		return false
	}
	if err := m.Hand.EndLook(name); err != nil {
		m.err = common.Capital(err.Error()) + "."
		return true
	}
	m.flash = name + "'s look is ended: space goes on."
	m.Sync()
	return true
}

// lookEnded closes this reader's own look when the host has ended it, and
// takes back a refusal that said the table waits for a look.
func (m *Model) lookEnded() {
	if m.heldErr && len(m.lookers) == 0 {
		m.err, m.heldErr = "", false
	}
	if m.looking == "" || m.Hand.IsLooking() {
		return
	}
	m.Entry, m.looking = nil, ""
	m.flash = "The host ended your look: the table goes on."
}
