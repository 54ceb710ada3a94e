package table

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/pieces"
)

// lastShown is how many earlier numbers the table lists.
const lastShown = 12

// lastNumbers are the last numbers drawn, newest first, for the status.
func (m *Model) lastNumbers() string {
	s := m.Now()
	if n := s.Turns(); n == m.lastN+1 && n > 1 { // one more turn: put it first
		m.lastN = n
		// The newest turn is the one on show (load found it): not found again.
		if t, ok := m.Turn, m.Shown; ok && t.Number > 0 {
			last := strconv.Itoa(t.Number)
			if m.last != "" {
				last += " " + m.last
			}
			for i, n := 0, 0; i < len(last); i++ { // the newest lastShown
				if last[i] == ' ' {
					if n++; n == lastShown {
						return last[:i]
					}
				}
			}
			return last
		}
		return m.last
	}
	m.lastN = s.Turns()
	var last []string
	for i := s.Turns() - 1; i >= 0 && len(last) < lastShown; i-- {
		if t, ok := m.Rules.Turn(s, i); ok && t.Number > 0 {
			last = append(last, strconv.Itoa(t.Number))
		}
	}
	return strings.Join(last, " ")
}

func (m Model) playerName(i int) string {
	st := &m.ctx.Styles
	s := m.Now()
	return st.PlayerIn(s.ColourOf(i)).Render(s.PlayerName(i)) + st.Dim.Render(" ("+s.ColourOf(i)+")")
}

// header is the game on the left and the deck's progress on the right.
func (m Model) header(w int) string {
	s := m.Now()
	progress, desc := "", ""
	if c, ok := m.Rules.(expansions.Progresser); ok {
		progress = c.Progress(s)
	}
	d, hasDesc := m.Rules.(expansions.Describer)
	if hasDesc {
		desc = d.Describe(s)
	}
	return m.ctx.Memo(common.MemoKey{Kind: "header", A: desc, B: progress, N: w}, func() string {
		return m.headerLine(w, desc, progress, hasDesc)
	})
}

// headerLine lays the header out: the game, then the progress on the right.
func (m Model) headerLine(w int, desc, progress string, hasDesc bool) string {
	c := m.ctx
	right := ""
	if progress != "" {
		right = c.Paint(&c.Styles.Value, progress) // new with every card: not kept
	}
	rw := common.LineWidth(right)
	kind := "headerLeft"
	if hasDesc {
		kind = "headerLeftDesc"
	}
	// The left part changes with the room the progress leaves it, not
	// with every card drawn.
	left := c.Memo(common.MemoKey{Kind: kind, A: desc, N: w, O: rw}, func() string { return m.headerLeft(w-rw, desc, hasDesc) })
	gap := w - common.LineWidth(left) - rw
	if gap < 1 {
		return lipgloss.NewStyle().MaxWidth(w).Render(right)
	}
	return left + common.Pad(gap) + right
}

// headerLeft is the header's left part in room columns: the game's name
// and its description.
func (m Model) headerLeft(room int, desc string, hasDesc bool) string {
	st := &m.ctx.Styles
	left := st.Header.Render("eventdeck")
	if hasDesc && desc != "" {
		// The game's description in whole parts, none cut (issue 23:
		// "English 6th editi…"), and no "…" standing for the rest
		// (play-test: "Duel: …" hid the sets at 80 columns). The game
		// lists its parts most useful first, so those that do not fit are
		// dropped from the end; the name eventdeck, less useful than any
		// of them, goes first when that keeps more of them.
		parts := strings.Split(desc, " · ")
		room := room - 2
		branded := fitParts(parts, room-lipgloss.Width(left)-3)
		switch bare := fitParts(parts, room); {
		case branded == len(parts) || branded >= bare:
			if branded > 0 {
				left += st.Dim.Render(" · " + strings.Join(parts[:branded], " · "))
			}
		default:
			left = st.Header.Render(parts[0])
			if bare > 1 {
				left += st.Dim.Render(" · " + strings.Join(parts[1:bare], " · "))
			}
		}
	}
	return left
}

// fitParts is how many of parts, from the first, fit in room columns
// joined by " · ".
func fitParts(parts []string, room int) int {
	width := -3 // no " · " before the first
	for i, p := range parts {
		if width += 3 + common.CellWidth(p); width > room {
			return i
		}
	}
	return len(parts)
}

// statusKind is what a status line tells: the layout gives lines up by
// their kind, never by their words (issue 36 item 5).
type statusKind uint8

// The kinds of status line, in the order they stand.
const (
	statusWho     statusKind = iota // whose turn it is and who is next, whom to pass to, or who starts
	statusSetup                     // how the game was set up, before the first turn
	statusLast                      // the last numbers
	statusCount                     // the numbers not yet seen (the counting aid)
	statusTrack                     // a tracker, or the turn's marks no tracker shows
	statusLooking                   // who has a private look open on their own screen
	statusSaid                      // the answers this player gave on their own screen
	statusWaiting                   // whom the table waits for
	statusNote                      // what the last key did, or the quit question
)

// statusLine is a line of the status and what it tells.
type statusLine struct {
	kind statusKind
	text string
}

// givesWay is when the line gives way for the steps (see room): the Last
// line, the lesser lines, or those that say whom the table waits for;
// -1 for whose turn it is and what the last key did, which never do.
func (l statusLine) givesWay() int {
	switch l.kind {
	case statusWho, statusNote:
		return -1
	case statusLast:
		return giveLast
	case statusLooking, statusSaid, statusWaiting:
		return giveWaits
	}
	return giveLesser
}

// statusLines are whose turn it is, who is next, the last numbers, the
// trackers, and what the last key did.
func (m Model) statusLines() []statusLine {
	st := &m.ctx.Styles
	out := append(make([]statusLine, 0, 8), statusLine{statusWho, m.whoLine() + m.clockText()})
	if m.bell {
		out[0].text = "\a" + out[0].text // the terminal's bell, rung once by this frame
	}
	if a, ok := m.Rules.(expansions.Announcer); ok && !m.Shown {
		// Before the first turn: how the game was set up (play-test: at
		// 80 columns the header had no room for a Duel's sets).
		if say := a.Announce(m.Now()); say != "" {
			for _, l := range common.WrapLines(say, max(m.W, common.MinWidth)) {
				out = append(out, statusLine{statusSetup, st.Value.Render(l)})
			}
		}
	}
	if m.last != "" {
		out = append(out, statusLine{statusLast, m.ctx.Styled(&m.ctx.Styles.Dim, "Last: ") + m.last})
	}
	if c, ok := m.Rules.(expansions.CardCounter); ok && m.set.CountAid {
		// Dice without a deck have nothing to count: no line at all.
		if left := c.Remaining(m.Now()); len(left) > 0 {
			out = append(out, statusLine{statusCount, st.Dim.Render("Not yet seen: ") + remaining(left)}) // the cards under New Year too: nobody knows which
		}
	}
	out = m.lookingLines(m.trackLines(out))
	// Wrapped at words: with the number in a line they stand at 60
	// columns too, and long names are not cut (issue 40 item 10).
	w := max(m.W, common.MinWidth)
	if said := m.ownAnswers(); said != "" && m.ownQuestion() == nil { // a player's own question is asked in the steps
		for _, l := range m.ctx.Wrapped(&st.Dim, "", said, w, false) {
			out = append(out, statusLine{statusSaid, l})
		}
	}
	if wait := m.waitingLine(); wait != "" {
		for _, l := range m.ctx.Wrapped(&st.Notice, "", wait, w, false) {
			out = append(out, statusLine{statusWaiting, l})
		}
	}
	for _, l := range m.noteLines() {
		out = append(out, statusLine{statusNote, l})
	}
	return out
}

// noteLines are what the last key did, or the quit question, wrapped at
// words: the last status lines, kept when the steps need the others' rows.
func (m Model) noteLines() []string {
	st := &m.ctx.Styles
	var say string
	style := st.Error
	switch {
	case m.quitting && m.othersJoined() > 0:
		say = fmt.Sprintf("Quit? y ends the game on %s too (it is saved); any other key stays.", common.Plural(m.othersJoined(), "joined screen", "joined screens"))
	case m.quitting:
		say = "Quit mid-turn? y quits (the game is saved); any other key stays."
	case m.err != "":
		say = "✗ " + m.err
	case m.flash != "":
		say, style = m.flash, st.Notice
	default:
		return nil
	}
	var out []string
	for _, l := range common.WrapLines(say, max(m.W, common.MinWidth)) {
		out = append(out, style.Render(l))
	}
	return out
}

// whoLine is whose turn it is and who is next; with pass-and-play between
// turns, whom to pass to; before the first turn, who starts.
func (m Model) whoLine() string {
	st := &m.ctx.Styles
	s := m.Now()
	switch {
	case m.Shown && m.set.HandOff && !m.Resolving():
		next := s.Players[s.Current].Name
		return m.ctx.Memo(common.MemoKey{Kind: "pass", A: next}, func() string {
			return st.Notice.Render("Pass to "+next) + st.Dim.Render(" — "+next+": space")
		})
	case m.Shown:
		w := m.W
		p, n := m.Turn.Player, s.Current
		return m.ctx.Memo(common.MemoKey{Kind: "turn", A: s.PlayerName(p), B: s.ColourOf(p), C: s.PlayerName(n), D: s.ColourOf(n), N: w}, func() string {
			line := st.Dim.Render("Turn: ") + m.playerName(m.Turn.Player) + st.Dim.Render("   next: ") + m.playerName(s.Current)
			if common.CellWidth(line) > w { // long names: the colours' words give way, then the names' ends
				name := func(i int) string { return st.PlayerIn(s.ColourOf(i)).Render(s.PlayerName(i)) }
				line = ansi.Truncate(st.Dim.Render("Turn: ")+name(m.Turn.Player)+st.Dim.Render("   next: ")+name(s.Current), w, "…")
			}
			return line
		})
	}
	return m.ctx.Memo(common.MemoKey{Kind: "first", A: s.PlayerName(s.Current), B: s.ColourOf(s.Current)}, func() string {
		return st.Dim.Render("First: ") + m.playerName(s.Current)
	})
}

// clockText is the turn timer, to follow the first status line; "" with
// no timer.
func (m Model) clockText() string {
	st := &m.ctx.Styles
	s, c := m.Now(), m.Clock.shown
	if c.Length == 0 || !m.Shown {
		return ""
	}
	// The clock is the turn's player's: named, since pass-and-play puts
	// the next player's name on the same line.
	who := s.PlayerName(m.Turn.Player) + " "
	switch {
	case c.Left == 0:
		return st.Error.Render("   ⏱ " + s.PlayerName(m.Turn.Player) + "'s time is up")
	case c.Paused:
		return st.Dim.Render("   ⏸ " + who + common.Clock(c.SecondsLeft()) + " (paused)")
	}
	return st.Value.Render("   ⏱ " + who + common.Clock(c.SecondsLeft()))
}

// trackLines add the game's trackers to out, then the turn's marks that no
// tracker shows already: alerts stand with the event, the rest here.
func (m Model) trackLines(out []statusLine) []statusLine {
	st := &m.ctx.Styles
	tracked := map[string]bool{}
	if tk, ok := m.Rules.(expansions.TrackerKeeper); ok {
		for _, tr := range tk.Trackers(m.Now()) {
			key := common.MemoKey{Kind: "track", A: tr.Name, B: tr.Note, N: tr.Pos, O: tr.Steps}
			out = append(out, statusLine{statusTrack, m.ctx.Memo(key, func() string { return pieces.Track(st, tr.Name, tr.Pos, tr.Steps, tr.Note) })})
			tracked[tr.Key] = true
		}
	}
	if !m.Shown {
		return out
	}
	var marks []string
	for _, mk := range m.Turn.Marks {
		if !mk.Alert && !tracked[mk.Key] {
			marks = append(marks, mk.Label+": "+mk.Text)
		}
	}
	if len(marks) > 0 {
		// Wrapped at the screen's width: a check's result after a long
		// one is never cut off (a play-test lost Grove of Peace's roll).
		line, w := strings.Join(marks, " · "), max(m.W, common.MinWidth)
		wrapped := m.ctx.Memo(common.MemoKey{Kind: "marks", A: line, N: w}, func() string {
			return strings.Join(common.WrapLines(st.Dim.Render(line), w), "\n")
		})
		for _, l := range strings.Split(wrapped, "\n") {
			out = append(out, statusLine{statusTrack, l})
		}
	}
	return out
}

// remaining is the counting aid: "2:1 3:2 …", numbers not yet seen.
func remaining(left []deck.Odds) string {
	parts := make([]string, 0, len(left))
	for _, o := range left {
		parts = append(parts, fmt.Sprintf("%d:%d", o.Number, o.Ways))
	}
	return strings.Join(parts, " ")
}
