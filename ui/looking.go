package ui

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

// lookingLines say, on every other screen, who has a private action open
// on their own screen: "Ann is looking on their own screen (great
// foresight)…". Before the first turn the ready line says it.
func (m tableModel) lookingLines(out []string) []string {
	if !m.shown {
		return out
	}
	names, what := m.sess.Lookers()
	for i, name := range names {
		if m.reader.IsViewer() || m.reader.Host || m.now().PlayerName(m.reader.Seat) != name {
			out = append(out, m.ctx.Styles.Notice.Render(name+" is looking on their own screen ("+what[i]+")…"))
		}
	}
	return out
}
