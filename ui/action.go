package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
)

// actionEntry is a ruleset's action whose inputs the table is entering: a
// number typed, a choice picked, several ticked. A private action first
// hands the laptop to the player it is for and back after.
type actionEntry struct {
	spec   deck.ActionSpec
	values []int
	typed  string
	picked []bool
	handed bool // the private look has been handed over
	done   bool // the private action is done: hand the laptop back
}

// startAction begins an action: done at once without inputs.
func (m *tableModel) startAction(a deck.ActionSpec) {
	if len(a.Inputs) == 0 && !a.Private {
		m.act(deck.Action{ID: a.ID})
		m.flash = strings.ToUpper(a.Label[:1]) + a.Label[1:] + "."
		return
	}
	m.entry = &actionEntry{spec: a, handed: !a.Private}
	m.entry.reset()
}

// reset prepares the entry for its next input.
func (e *actionEntry) reset() {
	e.typed = ""
	if in, ok := e.input(); ok && in.Kind == deck.InputChoices {
		e.picked = make([]bool, len(in.Choices))
	}
}

// input is the input being entered, false when all are in.
func (e *actionEntry) input() (deck.Input, bool) {
	if len(e.values) >= len(e.spec.Inputs) {
		return deck.Input{}, false
	}
	return e.spec.Inputs[len(e.values)], true
}

// enterAction takes a key for the action being entered; esc cancels.
func (m *tableModel) enterAction(km tea.KeyMsg) {
	keys := m.ctx.Keys.Table
	e := m.entry
	if key.Matches(km, keys.Back) && !e.done {
		m.entry = nil
		m.flash = "Cancelled."
		return
	}
	if !e.handed {
		if key.Matches(km, keys.Draw) {
			e.handed = true
		}
		return
	}
	if e.done {
		if key.Matches(km, keys.Draw, keys.Back) { // done: either key goes back
			m.entry = nil
		}
		return
	}
	in, _ := e.input()
	k := km.String()
	switch in.Kind {
	case deck.InputNumber:
		switch {
		case key.Matches(km, keys.Answer.Digit):
			if len(e.typed) < 3 {
				e.typed += k
			}
			// One digit is enough when no longer number fits.
			if n, _ := strconv.Atoi(e.typed); in.Max < 10 || n*10 > in.Max {
				m.pushValue(in, n)
			}
		case key.Matches(km, keys.Answer.Backspace) && e.typed != "":
			e.typed = e.typed[:len(e.typed)-1]
		case key.Matches(km, keys.Draw) && e.typed != "":
			n, _ := strconv.Atoi(e.typed)
			m.pushValue(in, n)
		}
	case deck.InputChoice:
		switch {
		case key.Matches(km, keys.Answer.Digit):
			e.typed += k
			// One digit is enough when no longer number fits: a stack
			// of 14 cards takes "1", "4" for the 14th.
			n, _ := strconv.Atoi(e.typed)
			if n == 0 || n*10 > len(in.Choices) || len(e.typed) >= len(strconv.Itoa(len(in.Choices))) {
				m.pushValue(in, n-1)
			}
		case key.Matches(km, keys.Answer.Backspace) && e.typed != "":
			e.typed = e.typed[:len(e.typed)-1]
		case key.Matches(km, keys.Draw) && e.typed != "":
			n, _ := strconv.Atoi(e.typed)
			m.pushValue(in, n-1)
		}
	case deck.InputShow:
		if key.Matches(km, keys.Draw) {
			m.pushValue(in, 0)
		}
	case deck.InputChoices:
		switch {
		case key.Matches(km, keys.Answer.Digit):
			i := int(k[0]-'0') - 1
			if i >= 0 && i < len(e.picked) {
				e.picked[i] = !e.picked[i]
			}
		case key.Matches(km, keys.Draw):
			bits := 0
			for i, p := range e.picked {
				if p {
					bits |= 1 << i
				}
			}
			m.pushValue(in, bits)
		}
	}
}

// pushValue takes a value for the current input if it is in range, and
// does the action when it was the last.
func (m *tableModel) pushValue(in deck.Input, n int) {
	e := m.entry
	switch in.Kind {
	case deck.InputNumber:
		if n < in.Min || n > in.Max {
			m.err = fmt.Sprintf("%d is not from %d to %d.", n, in.Min, in.Max)
			e.typed = ""
			return
		}
	case deck.InputChoice:
		if n < 0 || n >= len(in.Choices) {
			m.err = fmt.Sprintf("Pick 1 to %d.", len(in.Choices))
			e.typed = ""
			return
		}
		if n < len(in.Limits) && in.Limits[n] > 0 && e.timesPicked(n) >= in.Limits[n] {
			name, _, _ := strings.Cut(in.Choices[n], " ×")
			m.err = fmt.Sprintf("No more of %s: all %d picked.", name, in.Limits[n])
			e.typed = ""
			return
		}
	}
	e.values = append(e.values, n)
	e.reset()
	if _, more := e.input(); more {
		return
	}
	a := deck.Action{ID: e.spec.ID, Values: e.values}
	if e.spec.Private {
		// Done while the player still holds the laptop: a refusal (a
		// card the rules do not allow) is said to them alone, and they
		// enter again; the table sees neither the choice nor the refusal.
		m.act(a)
		if m.err != "" {
			e.values = nil
			e.reset()
			return
		}
		e.done = true
		return
	}
	m.entry = nil
	m.act(a)
	if m.err == "" { // say what was done: "Set production die: 5."
		var said []string
		for i, v := range a.Values {
			if in := e.spec.Inputs[i]; (in.Kind == deck.InputChoice || in.Kind == deck.InputChoices) && v >= 0 && v < len(in.Choices) {
				said = append(said, in.Choices[v])
			} else {
				said = append(said, strconv.Itoa(v))
			}
		}
		m.flash = strings.ToUpper(e.spec.Label[:1]) + e.spec.Label[1:] + ": " + strings.Join(said, ", ") + "."
	}
}

// holder is the name of the player a private action is for: the one it
// names, else the one whose turn it is — the open turn's player (a Rivals
// look comes after the roll, in the roller's turn), else the one to play.
func (m tableModel) holder(a deck.ActionSpec) string {
	s := m.now()
	switch {
	case a.Player > 0 && a.Player <= len(s.Players):
		return s.Players[a.Player-1].Name
	case s.Open != nil:
		return s.Players[s.Open.Player].Name
	}
	return s.Players[s.Current].Name
}

// entryLines show the action being entered in at most w × h: the choices
// go in two columns when one does not fit.
func (m tableModel) entryLines(w, h int) []string {
	st := m.ctx.Styles
	e := m.entry
	who := m.holder(e.spec)
	title := st.Header.Render(strings.ToUpper(e.spec.Label[:1]) + e.spec.Label[1:])
	switch {
	case !e.handed:
		return []string{title, st.Notice.Render("Pass the laptop to " + who + "."), st.Dim.Render("Only " + who + " looks: enter when ready · esc cancels")}
	case e.done:
		return []string{title, st.Notice.Render("Done. Hand the laptop back."), st.Dim.Render("enter: back to the table")}
	}
	in, _ := e.input()
	lines := []string{title, st.Value.Render(in.Prompt)}
	switch in.Kind {
	case deck.InputNumber:
		v := e.typed
		if v == "" {
			v = "_"
		}
		how := " %d to %d · enter · esc cancels"
		if in.Max < 10 {
			how = " %d to %d: one digit · esc cancels" // one digit is the whole number
		}
		lines = append(lines, st.Focused.Render("["+v+"]")+st.Dim.Render(fmt.Sprintf(how, in.Min, in.Max)))
	case deck.InputShow:
		for _, c := range in.Choices {
			lines = append(lines, wrapLines("· "+c, w)...)
		}
		lines = append(lines, st.Dim.Render("enter: done · esc cancels"))
	case deck.InputChoice, deck.InputChoices:
		var choices []string
		for i, c := range in.Choices {
			mark := fmt.Sprintf("%d ", i+1)
			if in.Kind == deck.InputChoice && i < len(in.Limits) && in.Limits[i] > 0 && e.timesPicked(i) >= in.Limits[i] {
				c += " (none left)"
			}
			if in.Kind == deck.InputChoices {
				box := "[ ] "
				if e.picked[i] {
					box = "[x] "
				}
				mark += box
			}
			choices = append(choices, mark+c)
		}
		if so := e.pickedSoFar(); len(so) > 0 {
			for _, l := range wrapLines("Picked: "+strings.Join(so, ", "), w) {
				lines = append(lines, st.Dim.Render(l))
			}
		}
		lines = append(lines, choiceColumns(choices, w, h-len(lines)-1)...)
		hint := "a number picks · esc cancels"
		switch {
		case in.Kind == deck.InputChoices:
			hint = "numbers tick · enter confirms · esc cancels"
		case len(in.Choices) > 9:
			hint = fmt.Sprintf("type a number, 1 to %d · esc cancels", len(in.Choices))
		}
		if e.typed != "" {
			hint = st.Focused.Render("["+e.typed+"_] ") + st.Dim.Render(hint)
		} else {
			hint = st.Dim.Render(hint)
		}
		lines = append(lines, hint)
	}
	return lines
}

// choiceColumns lays choices out in w columns: one under the other when
// they fit in h lines, else in two columns, each cut to half the width.
func choiceColumns(choices []string, w, h int) []string {
	if len(choices) <= h || w < 20 {
		var out []string
		for _, c := range choices {
			out = append(out, wrapLines(c, w)...)
		}
		return out
	}
	half := (len(choices) + 1) / 2
	colW := (w - 2) / 2
	out := make([]string, half)
	for i := range half {
		left := ansi.Truncate(choices[i], colW, "…")
		out[i] = left
		if j := i + half; j < len(choices) {
			out[i] += strings.Repeat(" ", colW+2-ansi.StringWidth(left)) + ansi.Truncate(choices[j], colW, "…")
		}
	}
	return out
}

// timesPicked counts how often choice n was picked by the inputs so far
// that offer the same choices (picks from one list, such as 4 cards of a
// deck).
func (e *actionEntry) timesPicked(n int) int {
	cur, _ := e.input()
	count := 0
	for i, v := range e.values {
		if v == n && slices.Equal(e.spec.Inputs[i].Choices, cur.Choices) {
			count++
		}
	}
	return count
}

// pickedSoFar names the choices picked so far from the same list as the
// input being entered, for the private screen.
func (e *actionEntry) pickedSoFar() []string {
	cur, _ := e.input()
	var out []string
	for i, v := range e.values {
		if in := e.spec.Inputs[i]; in.Kind == deck.InputChoice && slices.Equal(in.Choices, cur.Choices) && v >= 0 && v < len(in.Choices) {
			name, _, _ := strings.Cut(in.Choices[v], " ×") // the copies are the deck's, not the pick's
			out = append(out, name)
		}
	}
	return out
}
