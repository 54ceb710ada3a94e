package table

import "strings"

// withJoin is what the table says before the first turn, with the code
// and the address beside it when the page is served.
func (m Model) withJoin(ready string, w, h int) string {
	if m.set.Join == nil || !m.who.Host || m.Remote {
		return ready
	}
	return m.set.Join.View(m.ctx.Styles, strings.Split(ready, "\n"), w, h)
}

// othersJoined counts the screens of others following this game, when
// this is the host's: its q ends them all.
func (m Model) othersJoined() int {
	if !m.who.Host || m.Remote {
		return 0
	}
	return max(m.Hand.Views()-1, 0)
}
