package ui

import "github.com/eventdeck/eventdeck/ui/readout"

// tellLooking tells the session whether this screen's reader, a player on
// their own screen, has a private action open (a look into the stack):
// the other screens then say so, so that nobody rolls over it.
func (m *tableModel) tellLooking() {
	what := ""
	if e := m.entry; e != nil && e.spec.Private && !e.done && !m.who.Host {
		what = e.spec.Label
	}
	if what != m.looking {
		m.looking = what
		m.sess.As(m.who).Looking(what)
	}
}

// findLookers finds what this screen says of the others' private actions
// open on their own screens: "Ann is looking on their own screen (great
// foresight)…". It is found when the game or the screens change, not on
// every frame.
func (m *tableModel) findLookers() {
	m.lookers = nil
	names, what := m.sess.Lookers()
	for _, l := range readout.LookerLines(m.now(), m.reader, names, what) {
		m.lookers = append(m.lookers, m.ctx.Styles.Notice.Render(l))
	}
}

// lookingLines say, on every screen but the looker's, who has a private
// action open on their own screen. Before the first turn the ready line
// says it.
func (m tableModel) lookingLines(out []string) []string {
	if !m.shown {
		return out
	}
	return append(out, m.lookers...)
}
