package table

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// The table's keys: where each goes, and what it asks of the game.

// update routes a key: to the screen it opens; to the quit question; to
// the action being entered; to the table's own keys; to the number; to
// the step walker; else to the keys of a quiet turn.
func (m *Model) update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.flash, m.err, m.heldErr = "", "", false
	if !common.KeyIs(km, m.ctx.Keys.Table.Draw) {
		m.ending = "" // only a second space ends a look
	}
	if s, cmd := m.opens(km); s != nil {
		return s, cmd
	} else if m.err != "" { // a key opens refused says why, and goes no further
		return m, nil
	}
	switch {
	case m.quitting:
		m.quitting = false
		if common.KeyIs(km, m.ctx.Keys.Table.Walker.Answer.Yes) {
			return m, tea.Quit
		}
		return m, nil
	case m.Entry != nil:
		m.enterKey(km)
		return m, nil
	}
	if cmd, done := m.tableKey(km); done {
		return m, cmd
	}
	if m.Number.Update(km) {
		return m, nil
	}
	if m.ownKey(km) {
		return m, nil
	}
	if in, problem, mine := m.StepWalker.Update(km); mine {
		m.err = problem
		m.do(in)
		return m, nil
	}
	m.quietKey(km)
	return m, nil
}

// tableKey handles the table's own keys: undo, redo, the timer, quit.
func (m *Model) tableKey(km tea.KeyMsg) (cmd tea.Cmd, done bool) {
	keys := m.ctx.Keys.Table
	switch {
	case common.KeyIs(km, keys.Undo):
		// Ticks and digits not yet entered are not changes to the game:
		// undo puts them back first.
		if m.StepWalker.untype() {
			m.flash = "Undone: the question is back as it opened."
		} else {
			m.undo(session.DoUndo, "Undone: back as it was before the last key.")
		}
	case common.KeyIs(km, keys.Redo) && m.StepWalker.Typed():
		// Redo would bring back an old answer over what was just ticked.
		m.err = "Enter takes what you typed or ticked; u clears it, then ctrl+r redoes."
	case common.KeyIs(km, keys.Redo):
		m.undo(session.DoRedo, "Redone.")
	case common.KeyIs(km, keys.Pause) && m.Clock.shown.Left > 0:
		in := Intent{Do: session.DoPause}
		if m.Clock.shown.Paused {
			in.Do = session.DoResume
		}
		m.do(in) // every screen pauses: the session tells them
	case common.KeyIs(km, keys.Quit):
		if m.Resolving() || m.othersJoined() > 0 {
			// The game is saved, but a turn half walked is easy to lose
			// track of, and the host's q ends every joined screen.
			m.quitting = true
			return nil, true
		}
		return tea.Quit, true
	default:
		return nil, false
	}
	return nil, true
}

// quietKey handles a key while no question waits: the main action, a
// game's action by its key, the next or previous player.
func (m *Model) quietKey(km tea.KeyMsg) {
	keys := m.ctx.Keys.Table
	if common.KeyIs(km, keys.Draw) {
		if m.endLook() {
			return
		}
		if a, ok := m.mainAction(); ok && len(a.Inputs) > 0 {
			m.startAction(a) // typed dice: the table types what it rolled
		} else if ok {
			m.do(Intent{Do: session.DoAct, Action: a.ID})
		}
		return
	}
	if a, ok := m.actionFor(common.KeyName(km)); ok {
		m.startAction(a)
		return
	}
	if km.Type == tea.KeyEnter {
		if a, ok := m.mainAction(); ok {
			m.flash = "Space " + common.Says(a.Label) + "; enter only answers a question."
		}
		return
	}
	if common.KeyIs(km, keys.Next, keys.Prev) {
		if _, ok := m.mainAction(); !ok { // the game is over: no turn to pass
			m.err = "No turn comes next: nothing is left to play."
			return
		}
		m.do(Intent{Do: session.DoPass, Next: common.KeyIs(km, keys.Next)})
		s := m.Now()
		m.flash = s.Players[s.Current].Name + " plays next."
		if a, ok := m.mainAction(); ok {
			m.flash = s.Players[s.Current].Name + " " + common.Says(a.Label) + " next."
		}
	}
}

// do applies an intent, saying why when the game refuses it.
func (m *Model) do(in Intent) {
	if _, err := m.Apply(in); err != nil {
		m.err = common.Capital(err.Error()) // the session's refusals begin lower case
		m.heldBy(err)
	}
}

// startAction begins a game's action: done at once without inputs, else
// entered by the action entry.
func (m *Model) startAction(a deck.ActionSpec) {
	if err := m.Hand.MayStart(a); err != nil {
		m.err = common.Capital(err.Error()) + "." // a secret shown on its player's own screen only
		return
	}
	if len(a.Inputs) == 0 && !a.Private {
		m.do(Intent{Do: session.DoAct, Action: a.ID})
		m.flash = common.Capital(a.Label) + "."
		return
	}
	m.Entry = newEntry(m.State, a)
	if !m.who.Host {
		m.Entry.handed = true // their own screen: nothing to hand over
	}
}

// enterKey gives a key to the action being entered, and does the action
// once its inputs are in.
func (m *Model) enterKey(km tea.KeyMsg) {
	step := m.Entry.Update(km)
	if step.in.Do != session.DoNothing {
		_, err := m.Apply(step.in)
		step = m.Entry.acted(deck.Action{ID: step.in.Action, Values: step.in.Values}, err)
	}
	m.err, m.flash = step.problem, step.note
	if step.close {
		m.Entry = nil
	}
}

// opens is the screen a key of the table opens (history, statistics,
// facts, players, simulator, reference), or nil.
func (m *Model) opens(km tea.KeyMsg) (common.Screen, tea.Cmd) {
	keys := m.ctx.Keys.Table
	switch {
	case common.KeyIs(km, keys.History):
		return m.openPage(common.PageHistory)
	case common.KeyIs(km, keys.Stats):
		return m.openPage(common.PageStats)
	case common.KeyIs(km, keys.Facts, keys.Players) && !m.who.Host:
		m.err = "Only the host changes the table and what it remembers."
		return nil, nil
	case common.KeyIs(km, keys.Facts):
		if _, ok := m.Rules.(expansions.FactKeeper); ok {
			return m.openPage(common.PageFacts)
		}
	case common.KeyIs(km, keys.Players):
		return m.openPage(common.PagePlayers)
	case common.KeyIs(km, keys.Join) && m.set.Join != nil:
		return m.openPage(common.PageJoin)
	case common.KeyIs(km, keys.Simulate):
		if _, ok := m.Rules.(expansions.Simulator); ok {
			return m.openPage(common.PageSimulate)
		}
	case common.KeyIs(km, keys.Reference):
		return m.openPage(common.PageReference)
	}
	return nil, nil
}

// openPage asks the root for page p, about the game on show.
func (m *Model) openPage(p common.Page) (common.Screen, tea.Cmd) {
	if m.set.Open == nil {
		return nil, nil
	}
	return m.set.Open(common.OpenMsg{Page: p, Rules: m.Rules, State: m.Now(), Hand: m.Hand})
}
