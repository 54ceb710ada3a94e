package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
)

// stepWalker is the table's step walker: after a draw the table sees
// every step of the turn as a checklist. Steps that only tell never wait;
// only questions do. Enter takes the shown default, digits pick or type,
// y and n answer yes/no, x skips, a accepts every default left. Each
// answer is an intent for the game: undone by u, saved at once. With no
// question left, the main key finishes the turn and starts the next in
// one press.
type stepWalker struct {
	*tableState
	room   size        // the room View fills
	input  answerInput // the answer being typed or picked for the question
	scroll int         // the first line of the steps in view, when they overflow
	checks *checkCache // the checklist laid out, until the game changes
}

// reset follows a change to the game: the question waiting starts afresh,
// the steps from the top.
func (w *stepWalker) reset() {
	w.scroll = 0
	w.checks = &checkCache{}
	w.input = answerInput{}
	if q := w.question(); q != nil {
		w.input.start(q, len(w.now().Players))
		if q.Kind == deck.AskPlayers {
			for seat, yes := range w.said { // said on their own screens: ticked
				if yes && seat < len(w.input.picked) {
					w.input.picked[seat] = true
				}
			}
		}
	}
}

// SetSize is the room View fills; the table gives the panel its room as
// it lays the number and the status out.
func (w *stepWalker) SetSize(width, height int) { w.room.SetSize(width, height) }

// View is the event and the steps in the walker's room.
func (w stepWalker) View() string { return strings.Join(w.panel(w.room.w, w.room.h), "\n") }

// keys are the walker's keys that apply now.
func (w stepWalker) keys() WalkerKeys {
	k := w.ctx.Keys.Table.Walker
	resolving := w.resolving()
	k.Confirm.SetEnabled(resolving)
	k.Skip.SetEnabled(resolving)
	k.AcceptAll.SetEnabled(resolving && w.defaultsLeft() > 1)
	w.onlyMine(&k)
	return k
}

// ShortHelp is the keys that answer the question waiting.
func (w stepWalker) ShortHelp() []key.Binding { return w.answering(nil, w.keys()) }

// answering adds to out the keys of k that answer the question waiting:
// on a player's own screen, their own question's y and n (and x for the
// turn's player).
func (w stepWalker) answering(out []key.Binding, k WalkerKeys) []key.Binding {
	if w.ownQuestion() != nil {
		return append(out, k.Answer.Yes, k.Answer.No, k.Skip)
	}
	return append(out, k.Confirm, k.AcceptAll, k.Skip)
}

// FullHelp is every key of the walker.
func (w stepWalker) FullHelp() [][]key.Binding {
	k := w.keys()
	return [][]key.Binding{w.answering(nil, k), {k.Up, k.Answer.Digit, k.Answer.Yes, k.Answer.No, k.Answer.Several}}
}

// untype puts the question back as it opened when keys have ticked or
// typed something not yet entered: undo does that first. It reports
// whether there was anything to put back.
func (w *stepWalker) untype() bool {
	if !w.typed() {
		return false
	}
	w.input.start(w.question(), len(w.now().Players))
	return true
}

// typed reports whether keys have ticked or typed an answer not yet
// entered.
func (w *stepWalker) typed() bool {
	q := w.question()
	return q != nil && w.input.changed(q, len(w.now().Players))
}

// Update takes a key: ↑ and ↓ scroll the steps; while a question waits,
// every other key is the walker's. It returns the intent the key makes
// (an answer), what to tell the table when the key cannot be taken, and
// whether the key was the walker's.
func (w *stepWalker) Update(km tea.KeyMsg) (in intent, problem string, mine bool) {
	k := w.ctx.Keys.Table.Walker
	switch {
	case keyIs(km, k.Up):
		w.scroll = max(w.scroll-1, 0)
		return in, "", true
	case keyIs(km, k.Down):
		w.scroll++ // the panel keeps it in range
		return in, "", true
	case !w.resolving():
		return in, "", false
	}
	if a, ok := w.actionFor(keyName(km)); ok {
		// Not an answer: say why the key waits, not nothing.
		if err := w.mayDo(a.ID); err != nil {
			return in, capital(err.Error()) + ".", true
		}
		return in, "First answer the question (x skips it); then " + a.Key + " for " + a.Label + ".", true
	}
	if problem := w.refusal(km, k); problem != "" {
		return in, problem, true // not this reader's to answer: before anything is ticked
	}
	in, problem = w.walk(km, k)
	return in, problem, true
}

// walk reads a key for the question waiting.
func (w *stepWalker) walk(km tea.KeyMsg, k WalkerKeys) (intent, string) {
	q := w.question()
	switch {
	case keyIs(km, k.Skip):
		return intent{kind: answerIntent, question: *q, value: deck.AnswerSkip}, ""
	case keyIs(km, k.AcceptAll):
		if w.defaultsLeft() == 0 {
			return intent{}, "No remembered answers left to accept."
		}
		return intent{kind: acceptAllIntent}, ""
	}
	v, err := w.input.read(k.Answer, k.Confirm, km, q, len(w.now().Players))
	switch {
	case err != nil:
		return intent{}, err.Error()
	case v != "":
		return intent{kind: answerIntent, question: *q, value: v}, ""
	case keyIs(km, w.ctx.Keys.Table.Next, w.ctx.Keys.Table.Prev):
		return intent{}, "The turn moves by hand once its questions are answered."
	case !keyIs(km, k.Confirm):
		return intent{}, ""
	}
	// One key, one meaning on every question (issue 23): space and enter
	// take the answer shown, the default or what is ticked or typed. On a
	// question of players nothing picked is nobody, whether it asks for one
	// player or ticks several; a number or yes/no has no such answer, so
	// the key says what to type.
	switch {
	case q.Kind == deck.AskPlayers && !(q.One && !w.input.several):
		return intent{}, "" // a set of players: read confirms it
	case q.Default != "":
		return intent{kind: answerIntent, question: *q, value: q.Default}, ""
	case q.Kind == deck.AskPlayer || q.Kind == deck.AskPlayers:
		return intent{kind: answerIntent, question: *q, value: deck.AnswerNobody}, ""
	case q.Kind == deck.AskNumber:
		return intent{}, "Type a number, or x to skip."
	}
	return intent{}, "Press y or n, or x to skip."
}

// ask is the question waiting and how to answer it, for the big number;
// nil when none waits.
func (w stepWalker) ask(width int) []string {
	q := w.question()
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
func (w stepWalker) asked(q *deck.Question) (prompt, hint string) {
	st := &w.ctx.Styles
	switch {
	case w.ownQuestion() != nil:
		return q.Own, w.ownHint(st)
	case w.may.answer != nil:
		return q.Prompt, st.Dim.Render(capital(w.may.answer.Error()) + ".")
	}
	return q.Prompt, w.input.hint(*st, q, w.now().Players)
}

// scrolled is a window of room lines of lines at the walker's scroll, the
// last saying how many more there are and how to see them. The window
// ends with a step's last line, so no sentence is cut at its edge, unless
// one step alone is longer than the window.
func (w stepWalker) scrolled(lines checkLines, room int) []string {
	st := &w.ctx.Styles
	if room < 2 { // no room for a line and its marker: the marker alone
		if w.question() != nil { // the question has the room; ↑/↓ would show nothing
			return []string{st.Notice.Render(fmt.Sprintf("… %d more lines once this is answered", len(lines)))}
		}
		return []string{st.Notice.Render(fmt.Sprintf("↕ %d more lines: ↑/↓", len(lines)))}
	}
	from := min(max(w.scroll, 0), len(lines)-(room-1))
	for from < len(lines) && lines[from].cont {
		from++ // a step's first line starts the window
	}
	for from == len(lines) || from > 0 && lines[from].cont {
		from-- // past the last step's start: that start
	}
	to := min(from+room-1, len(lines))
	for end := to; end > from; end-- {
		if end == len(lines) || !lines[end].cont {
			to = end
			break
		}
	}
	more := fmt.Sprintf("↕ lines %d–%d of %d: ↑/↓", from+1, to, len(lines))
	return append(lines[from:to].lines(), st.Notice.Render(more))
}

// stepsSay reports whether a step already says text: the event is then not
// told twice.
func (w stepWalker) stepsSay(text string) bool {
	for _, s := range w.steps {
		if s.Text == text {
			return true
		}
	}
	return false
}
