package table

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// actionEntry is the table's action entry: a ruleset's action whose
// inputs the table is entering, a number typed, a choice picked, several
// ticked. A private action first hands the laptop to the player it is for
// and back after. The entry changes nothing itself: with every input in,
// it returns the action as an intent, and the table tells it how that
// went (acted).
type actionEntry struct {
	*State
	w, h   int // the room View fills
	Spec   deck.ActionSpec
	Values []int
	typed  string
	picked []bool
	handed bool // the private look has been handed over
	Done   bool // the private action is done: hand the laptop back
	// turns and seat are the game's turns and the action's player when
	// the entry opened: a look belongs to its player's turn (stale).
	turns, seat int
}

// entryStep is what a key did to the action being entered.
type entryStep struct {
	in      Intent // the action, every input in
	problem string // what was wrong with the key, said in red
	note    string // what was done
	close   bool   // back to the table
}

// newEntry begins entering action a.
func newEntry(s *State, a deck.ActionSpec) *actionEntry {
	e := &actionEntry{State: s, Spec: a, handed: !a.Private, turns: s.Now().Turns(), seat: session.PrivateSeat(s.Now(), a)}
	e.reset()
	return e
}

// stale reports whether the game has moved on from what the entry shows,
// once another screen changed it: the action is no longer offered as it
// was (the stack changed, the pick is another's now), or, for a private
// look, a new turn began (a look is its player's, in their turn). A done
// entry is not stale.
func (e *actionEntry) stale() bool {
	return !e.Done && (!slices.ContainsFunc(e.Actions, e.Spec.Same) ||
		e.Spec.Private && (e.Now().Turns() != e.turns || session.PrivateSeat(e.Now(), e.Spec) != e.seat))
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
	if len(e.Values) >= len(e.Spec.Inputs) {
		return deck.Input{}, false
	}
	return e.Spec.Inputs[len(e.Values)], true
}

// SetSize is the room View fills.
func (e *actionEntry) SetSize(w, h int) { e.w, e.h = w, h }

// View is the action being entered in its room.
func (e *actionEntry) View() string { return strings.Join(e.lines(e.w, e.h), "\n") }

// ShortHelp is the way back: cancel, or once a private action is done,
// back to the table.
func (e *actionEntry) ShortHelp() []key.Binding {
	k := e.ctx.Keys.Table.Entry
	if e.Done {
		return []key.Binding{k.Done}
	}
	return []key.Binding{k.Back}
}

// FullHelp is every key of the entry.
func (e *actionEntry) FullHelp() [][]key.Binding {
	k := e.ctx.Keys.Table.Entry
	return [][]key.Binding{{k.Confirm, k.Back, k.Done}, {k.Answer.Digit, k.Answer.Backspace}}
}

// Update takes a key for the action being entered; esc cancels.
func (e *actionEntry) Update(km tea.KeyMsg) entryStep {
	k := e.ctx.Keys.Table.Entry
	switch {
	case e.Done:
		return entryStep{close: key.Matches(km, k.Done)} // done: either key goes back
	case key.Matches(km, k.Back):
		return entryStep{close: true, note: "Cancelled."}
	case !e.handed:
		e.handed = key.Matches(km, k.Confirm)
		return entryStep{}
	}
	in, _ := e.input()
	var n int
	var ok bool
	switch in.Kind {
	case deck.InputNumber:
		n, ok = e.readNumber(km, k, in)
	case deck.InputChoice:
		n, ok = e.readChoice(km, k, in)
	case deck.InputShow:
		ok = key.Matches(km, k.Confirm)
	case deck.InputChoices:
		n, ok = e.readTicks(km, k)
	}
	if !ok {
		return entryStep{}
	}
	return e.push(in, n)
}

// readNumber types a number's digits: one is enough when no longer number
// fits; enter takes the digits typed.
func (e *actionEntry) readNumber(km tea.KeyMsg, k common.EntryKeys, in deck.Input) (int, bool) {
	switch {
	case key.Matches(km, k.Answer.Digit):
		if len(e.typed) < 3 {
			e.typed += km.String()
		}
		n, _ := strconv.Atoi(e.typed)
		return n, in.Max < 10 || n*10 > in.Max
	case key.Matches(km, k.Answer.Backspace) && e.typed != "":
		e.typed = e.typed[:len(e.typed)-1]
	case key.Matches(km, k.Confirm) && e.typed != "":
		n, _ := strconv.Atoi(e.typed)
		return n, true
	}
	return 0, false
}

// readChoice types a choice's number: one digit is enough when no longer
// number fits, so a stack of 14 cards takes "1", "4" for the 14th. The
// value is the choice's index.
func (e *actionEntry) readChoice(km tea.KeyMsg, k common.EntryKeys, in deck.Input) (int, bool) {
	switch {
	case key.Matches(km, k.Answer.Digit):
		e.typed += km.String()
		n, _ := strconv.Atoi(e.typed)
		return n - 1, n == 0 || n*10 > len(in.Choices) || len(e.typed) >= len(strconv.Itoa(len(in.Choices)))
	case key.Matches(km, k.Answer.Backspace) && e.typed != "":
		e.typed = e.typed[:len(e.typed)-1]
	case key.Matches(km, k.Confirm) && e.typed != "":
		n, _ := strconv.Atoi(e.typed)
		return n - 1, true
	}
	return 0, false
}

// readTicks ticks and unticks choices by their digit; enter takes the
// ticked, one bit each.
func (e *actionEntry) readTicks(km tea.KeyMsg, k common.EntryKeys) (int, bool) {
	switch {
	case key.Matches(km, k.Answer.Digit):
		if i := int(km.String()[0]-'0') - 1; i >= 0 && i < len(e.picked) {
			e.picked[i] = !e.picked[i]
		}
	case key.Matches(km, k.Confirm):
		bits := 0
		for i, p := range e.picked {
			if p {
				bits |= 1 << i
			}
		}
		return bits, true
	}
	return 0, false
}

// push takes a value for the current input if it is in range; with the
// last, the action is ready to do.
func (e *actionEntry) push(in deck.Input, n int) entryStep {
	if problem := e.Check(in, n); problem != "" {
		e.typed = ""
		return entryStep{problem: problem}
	}
	e.Values = append(e.Values, n)
	e.reset()
	if _, more := e.input(); more {
		return entryStep{}
	}
	spec := e.Spec
	return entryStep{in: Intent{Do: session.DoAct, Action: spec.ID, Values: e.Values, Entered: &spec}}
}

// Check says what is wrong with value n for input in, "" when nothing.
func (e *actionEntry) Check(in deck.Input, n int) string {
	switch in.Kind {
	case deck.InputNumber:
		if n < in.Min || n > in.Max {
			return fmt.Sprintf("%d is not from %d to %d.", n, in.Min, in.Max)
		}
	case deck.InputChoice:
		if n < 0 || n >= len(in.Choices) {
			return fmt.Sprintf("Pick 1 to %d.", len(in.Choices))
		}
		if n < len(in.Limits) && in.Limits[n] > 0 && e.timesPicked(n) >= in.Limits[n] {
			name, _, _ := strings.Cut(in.Choices[n], " ×")
			return fmt.Sprintf("No more of %s: all %d picked.", name, in.Limits[n])
		}
	}
	return ""
}

// acted is told how doing action a went. A private action is done while
// the player still holds the laptop: a refusal (a card the rules do not
// allow) is said to them alone, and they enter again; the table sees
// neither the choice nor the refusal. Any other goes back to the table,
// saying what was done: "Set production die: 5."
func (e *actionEntry) acted(a deck.Action, err error) entryStep {
	switch {
	case e.Spec.Private && err != nil:
		e.Values = nil
		e.reset()
		return entryStep{problem: err.Error()}
	case e.Spec.Private:
		e.Done = true
		return entryStep{}
	case err != nil:
		return entryStep{problem: err.Error(), close: true}
	}
	said := make([]string, 0, len(a.Values))
	for i, v := range a.Values {
		if in := e.Spec.Inputs[i]; (in.Kind == deck.InputChoice || in.Kind == deck.InputChoices) && v >= 0 && v < len(in.Choices) {
			said = append(said, in.Choices[v])
		} else {
			said = append(said, strconv.Itoa(v))
		}
	}
	return entryStep{note: common.Capital(e.Spec.Label) + ": " + strings.Join(said, ", ") + ".", close: true}
}

// holder is the name of the player an action is for: the one it
// names, else the one whose turn it is — the open turn's player (a Rivals
// look comes after the roll, in the roller's turn), else the one to play.
func (e *actionEntry) holder() string {
	s := e.Now()
	switch a := e.Spec; {
	case a.Player > 0 && a.Player <= len(s.Players):
		return s.Players[a.Player-1].Name
	case s.Open != nil:
		return s.Players[s.Open.Player].Name
	}
	return s.Players[s.Current].Name
}

// lines show the action being entered in at most w × h: the choices go
// in two columns when one does not fit.
func (e *actionEntry) lines(w, h int) []string {
	st := e.ctx.Styles
	who := e.holder()
	title := st.Header.Render(common.Capital(e.Spec.Label))
	if a := e.Spec; a.Player > 0 && !a.Private && !a.Named { // a field, not the label's first word (issue 36 item 5)
		title += st.Dim.Render(" · " + who + "'s turn") // Alchemy: the turn it starts is Bob's, though the last was Ann's
	}
	switch {
	case !e.handed:
		return []string{title, st.Notice.Render("Pass the laptop to " + who + "."), st.Dim.Render("Only " + who + " looks: enter when ready · esc cancels")}
	case e.Done:
		if e.Remote { // their own screen: nothing to hand back
			return []string{title, st.Notice.Render("Done."), st.Dim.Render("enter: back to the table")}
		}
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
			lines = append(lines, common.WrapLines("· "+c, w)...)
		}
		lines = append(lines, st.Dim.Render("enter: done · esc cancels"))
	case deck.InputChoice, deck.InputChoices:
		lines = e.choiceLines(lines, in, w, h)
	}
	return lines
}

// choiceLines add a choice's or a set's lines to lines, in w × h: what was
// picked so far, the choices, and how to pick, last. The block keeps its
// width while picks are made, so that it keeps its place on the screen:
// each choice counts as wide as its copies left can make it, the lines
// are padded to that width, and the Picked line wraps within it.
func (e *actionEntry) choiceLines(lines []string, in deck.Input, w, h int) []string {
	st := e.ctx.Styles
	hint := "a number picks · esc cancels"
	switch {
	case in.Kind == deck.InputChoices:
		hint = "numbers tick · enter confirms · esc cancels"
	case len(in.Choices) > 9:
		hint = fmt.Sprintf("type a number, 1 to %d · esc cancels", len(in.Choices))
	}
	bw := common.CellWidth(hint)
	if len(in.Choices) > 9 { // a number typed in part goes before the hint: "[1_] "
		bw += len(strconv.Itoa(len(in.Choices))) - 1 + len("[_] ")
	}
	for _, l := range lines {
		bw = max(bw, common.CellWidth(l))
	}
	choices := make([]string, 0, len(in.Choices))
	for i, c := range in.Choices {
		mark := strconv.Itoa(i+1) + " "
		if in.Kind == deck.InputChoices {
			box := "[ ] "
			if e.picked[i] {
				box = "[x] "
			}
			mark += box
		}
		if in.Kind == deck.InputChoice && i < len(in.Limits) && in.Limits[i] > 0 {
			for n := range in.Limits[i] + 1 {
				bw = max(bw, common.CellWidth(mark+copiesLeft(c, in.Limits[i], n)))
			}
			c = copiesLeft(c, in.Limits[i], e.timesPicked(i))
		}
		bw = max(bw, common.CellWidth(mark+c))
		choices = append(choices, mark+c)
	}
	bw = min(bw, w)
	if so := e.pickedSoFar(); len(so) > 0 {
		for _, l := range common.WrapLines("Picked: "+strings.Join(so, ", "), bw) {
			lines = append(lines, st.Dim.Render(l))
		}
	}
	if e.typed != "" {
		hint = st.Focused.Render("["+e.typed+"_] ") + st.Dim.Render(hint)
	} else {
		hint = st.Dim.Render(hint)
	}
	for _, l := range choiceColumns(choices, w, h-len(lines)-lipgloss.Height(hint)) {
		lines = append(lines, l+strings.Repeat(" ", max(bw-common.CellWidth(l), 0)))
	}
	return append(lines, hint)
}

// copiesLeft is choice c as it reads after picked of its limit copies are
// picked: as offered ("Raid ×2") before any, then the copies left ("Raid
// ×1 left"), and "(none left)" after the last.
func copiesLeft(c string, limit, picked int) string {
	if picked == 0 {
		return c
	}
	name, _, _ := strings.Cut(c, " ×") // the copies in the deck, said again below
	if left := limit - picked; left > 0 {
		return name + " ×" + strconv.Itoa(left) + " left"
	}
	return name + " (none left)"
}

// choiceColumns lays choices out in w columns: one under the other when
// they fit in h lines, else in two columns, each cut to half the width.
func choiceColumns(choices []string, w, h int) []string {
	if len(choices) <= h || w < 20 {
		var out []string
		for _, c := range choices {
			out = append(out, common.WrapLines(c, w)...)
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
			out[i] += strings.Repeat(" ", colW+2-common.CellWidth(left)) + ansi.Truncate(choices[j], colW, "…")
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
	for i, v := range e.Values {
		if v == n && slices.Equal(e.Spec.Inputs[i].Choices, cur.Choices) {
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
	for i, v := range e.Values {
		if in := e.Spec.Inputs[i]; in.Kind == deck.InputChoice && slices.Equal(in.Choices, cur.Choices) && v >= 0 && v < len(in.Choices) {
			name, _, _ := strings.Cut(in.Choices[v], " ×") // the copies are the deck's, not the pick's
			out = append(out, name)
		}
	}
	return out
}
