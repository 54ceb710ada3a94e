package table

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/answer"
	"github.com/eventdeck/eventdeck/ui/session"
)

// StepWalker is the table's step walker: after a draw the table sees
// every step of the turn as a checklist. Steps that only tell never wait;
// only questions do. Enter takes the shown default, digits pick or type,
// y and n answer yes/no, x skips, a accepts every default left. Each
// answer is an intent for the game: undone by u, saved at once. With no
// question left, the main key finishes the turn and starts the next in
// one press.
type StepWalker struct {
	*State
	room   common.Size  // the room View fills
	Input  answer.Input // the answer being typed or picked for the question
	Scroll int          // the first line of the steps in view, when they overflow
	Checks *CheckCache  // the checklist laid out, until the game changes
}

// Reset follows a change to the game: the question waiting starts afresh,
// the steps from the top.
func (w *StepWalker) Reset() {
	w.Scroll = 0
	w.Checks = &CheckCache{}
	w.Input = answer.Input{}
	if q := w.Question(); q != nil {
		w.Input.Start(q, len(w.Now().Players))
		if q.Kind == deck.AskPlayers {
			for seat, yes := range w.said { // said on their own screens: ticked
				if yes && seat < len(w.Input.Picked) {
					w.Input.Picked[seat] = true
				}
			}
		}
	}
}

// SetSize is the room View fills; the table gives the panel its room as
// it lays the number and the status out.
func (w *StepWalker) SetSize(width, height int) { w.room.SetSize(width, height) }

// View is the event and the steps in the walker's room.
func (w StepWalker) View() string { return strings.Join(w.panel(w.room.W, w.room.H), "\n") }

// keys are the walker's keys that apply now.
func (w StepWalker) keys() common.WalkerKeys {
	k := w.ctx.Keys.Table.Walker
	resolving := w.Resolving()
	k.Confirm.SetEnabled(resolving)
	k.Skip.SetEnabled(resolving)
	k.AcceptAll.SetEnabled(resolving && w.defaultsLeft() > 1)
	w.onlyMine(&k)
	return k
}

// ShortHelp is the keys that answer the question waiting.
func (w StepWalker) ShortHelp() []key.Binding { return w.answering(nil, w.keys()) }

// answering adds to out the keys of k that answer the question waiting:
// on a player's own screen, their own question's y and n (and x for the
// turn's player).
func (w StepWalker) answering(out []key.Binding, k common.WalkerKeys) []key.Binding {
	if w.ownQuestion() != nil {
		return append(out, k.Answer.Yes, k.Answer.No, k.Skip)
	}
	return append(out, k.Confirm, k.AcceptAll, k.Skip)
}

// FullHelp is every key of the walker.
func (w StepWalker) FullHelp() [][]key.Binding {
	k := w.keys()
	return [][]key.Binding{w.answering(nil, k), {k.Up, k.Answer.Digit, k.Answer.Yes, k.Answer.No, k.Answer.Several}}
}

// untype puts the question back as it opened when keys have ticked or
// typed something not yet entered: undo does that first. It reports
// whether there was anything to put back.
func (w *StepWalker) untype() bool {
	if !w.Typed() {
		return false
	}
	w.Input.Start(w.Question(), len(w.Now().Players))
	return true
}

// Typed reports whether keys have ticked or typed an answer not yet
// entered.
func (w *StepWalker) Typed() bool {
	q := w.Question()
	return q != nil && w.Input.Changed(q, len(w.Now().Players))
}

// Update takes a key: ↑ and ↓ scroll the steps; while a question waits,
// every other key is the walker's. It returns the intent the key makes
// (an answer), what to tell the table when the key cannot be taken, and
// whether the key was the walker's.
func (w *StepWalker) Update(km tea.KeyMsg) (in Intent, problem string, mine bool) {
	k := w.ctx.Keys.Table.Walker
	switch {
	case common.KeyIs(km, k.Up):
		w.Scroll = max(w.Scroll-1, 0)
		return in, "", true
	case common.KeyIs(km, k.Down):
		w.Scroll++ // the panel keeps it in range
		return in, "", true
	case !w.Resolving():
		return in, "", false
	}
	if a, ok := w.actionFor(common.KeyName(km)); ok {
		// Not an answer: say why the key waits, not nothing.
		if err := w.mayDo(a.ID); err != nil {
			return in, common.Capital(err.Error()) + ".", true
		}
		return in, "First answer the question (x skips it); then " + a.Key + " for " + a.Label + ".", true
	}
	if problem := w.refusal(km, k); problem != "" {
		return in, problem, true // not this reader's to answer: before anything is ticked
	}
	in, problem = w.Walk(km, k)
	return in, problem, true
}

// Walk reads a key for the question waiting.
func (w *StepWalker) Walk(km tea.KeyMsg, k common.WalkerKeys) (Intent, string) {
	q := w.Question()
	switch {
	case common.KeyIs(km, k.Skip):
		return Intent{Do: session.DoAnswer, Key: q.Key, Value: deck.AnswerSkip}, ""
	case common.KeyIs(km, k.AcceptAll):
		if w.defaultsLeft() == 0 {
			return Intent{}, "No remembered answers left to accept."
		}
		return Intent{Do: session.DoAcceptAll}, ""
	}
	v, err := w.Input.Read(k.Answer, k.Confirm, km, q, len(w.Now().Players))
	switch {
	case err != nil:
		return Intent{}, err.Error()
	case v != "":
		return Intent{Do: session.DoAnswer, Key: q.Key, Value: v}, ""
	case common.KeyIs(km, w.ctx.Keys.Table.Next, w.ctx.Keys.Table.Prev):
		return Intent{}, "The turn moves by hand once its questions are answered."
	case !common.KeyIs(km, k.Confirm):
		return Intent{}, ""
	}
	// One key, one meaning on every question (issue 23): space and enter
	// take the answer shown, the default or what is ticked or typed. On a
	// question of players nothing picked is nobody, whether it asks for one
	// player or ticks several; a number or yes/no has no such answer, so
	// the key says what to type.
	switch {
	case q.Kind == deck.AskPlayers && !(q.One && !w.Input.Several):
		return Intent{}, "" // a set of players: read confirms it
	case q.Default != "":
		return Intent{Do: session.DoAnswer, Key: q.Key, Value: q.Default}, ""
	case q.Kind == deck.AskPlayer || q.Kind == deck.AskPlayers:
		return Intent{Do: session.DoAnswer, Key: q.Key, Value: deck.AnswerNobody}, ""
	case q.Kind == deck.AskNumber:
		return Intent{}, "Type a number, or x to skip."
	}
	return Intent{}, "Press y or n, or x to skip."
}

// Ask is the question waiting and how to answer it, for the big number;
// nil when none waits.
func (w StepWalker) Ask(width int) []string {
	q := w.Question()
	if q == nil {
		return nil
	}
	prompt, hint := w.asked(q)
	return askLines(&w.ctx.Styles, prompt, hint, width)
}

// asked is the question waiting as this screen's reader is asked it, and
// how they answer it: on a player's own screen their own question, y or
// n; a question that is another's says whose it is; else the question
// and its keys.
func (w StepWalker) asked(q *deck.Question) (prompt, hint string) {
	st := &w.ctx.Styles
	switch {
	case w.ownQuestion() != nil:
		return q.Own, w.ownHint(st)
	case w.may.answer != nil:
		return q.Prompt, st.Dim.Render(common.Capital(w.may.answer.Error()) + ".")
	}
	return q.Prompt, w.Input.Hint(*st, q, w.Now().Players)
}

// Scrolled is a window of room lines of lines at the walker's scroll, the
// last saying how many more there are and how to see them. The window
// ends with a step's last line, so no sentence is cut at its edge, unless
// one step alone is longer than the window.
func (w StepWalker) Scrolled(lines checkLines, room int) []string {
	st := &w.ctx.Styles
	if room < 2 { // no room for a line and its marker: the marker alone
		if w.Question() != nil { // the question has the room; ↑/↓ would show nothing
			return []string{st.Notice.Render(fmt.Sprintf("… %d more lines once this is answered", len(lines)))}
		}
		return []string{st.Notice.Render(fmt.Sprintf("↕ %d more lines: ↑/↓", len(lines)))}
	}
	from := min(max(w.Scroll, 0), len(lines)-(room-1))
	for from < len(lines) && lines[from].Cont {
		from++ // a step's first line starts the window
	}
	for from == len(lines) || from > 0 && lines[from].Cont {
		from-- // past the last step's start: that start
	}
	to := min(from+room-1, len(lines))
	for end := to; end > from; end-- {
		if end == len(lines) || !lines[end].Cont {
			to = end
			break
		}
	}
	more := fmt.Sprintf("↕ lines %d–%d of %d: ↑/↓", from+1, to, len(lines))
	return append(lines[from:to].lines(), st.Notice.Render(more))
}

// stepsSay reports whether a step already says text: the event is then not
// told twice.
func (w StepWalker) stepsSay(text string) bool {
	for _, s := range w.Steps {
		if s.Text == text {
			return true
		}
	}
	return false
}
