package ui

import "strings"

// withJoin is what the table says before the first turn, with the code
// and the address beside it when the page is served.
func (m tableModel) withJoin(ready string, w, h int) string {
	if m.set.join == nil || !m.who.Host || m.remote {
		return ready
	}
	return m.set.join.view(m.ctx.Styles, strings.Split(ready, "\n"), w, h)
}

// othersJoined counts the screens of others following this game, when
// this is the host's: its q ends them all.
func (m tableModel) othersJoined() int {
	if !m.who.Host || m.remote {
		return 0
	}
	return max(m.hand.Views()-1, 0)
}
