package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// The table's keys: where each goes, and what it asks of the game.

// update routes a key: to the screen it opens; to the quit question; to
// the action being entered; to the table's own keys; to the number; to
// the step walker; else to the keys of a quiet turn.
func (m *tableModel) update(msg tea.Msg) (Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.flash, m.err, m.heldErr = "", "", false
	if !keyIs(km, m.ctx.Keys.Table.Draw) {
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
		if keyIs(km, m.ctx.Keys.Table.Walker.Answer.Yes) {
			return m, tea.Quit
		}
		return m, nil
	case m.entry != nil:
		m.enterKey(km)
		return m, nil
	}
	if cmd, done := m.tableKey(km); done {
		return m, cmd
	}
	if m.number.Update(km) {
		return m, nil
	}
	if m.ownKey(km) {
		return m, nil
	}
	if in, problem, mine := m.stepWalker.Update(km); mine {
		m.err = problem
		m.do(in)
		return m, nil
	}
	m.quietKey(km)
	return m, nil
}

// tableKey handles the table's own keys: undo, redo, the timer, quit.
func (m *tableModel) tableKey(km tea.KeyMsg) (cmd tea.Cmd, done bool) {
	keys := m.ctx.Keys.Table
	switch {
	case keyIs(km, keys.Undo):
		// Ticks and digits not yet entered are not changes to the game:
		// undo puts them back first.
		if m.stepWalker.untype() {
			m.flash = "Undone: the question is back as it opened."
		} else {
			m.undo(undoIntent, "Undone: back as it was before the last key.")
		}
	case keyIs(km, keys.Redo) && m.stepWalker.typed():
		// Redo would bring back an old answer over what was just ticked.
		m.err = "Enter takes what you typed or ticked; u clears it, then ctrl+r redoes."
	case keyIs(km, keys.Redo):
		m.undo(redoIntent, "Redone.")
	case keyIs(km, keys.Pause) && m.clock.shown.Left > 0:
		in := intent{kind: pauseIntent}
		if m.clock.shown.Paused {
			in.kind = resumeIntent
		}
		m.do(in) // every screen pauses: the session tells them
	case keyIs(km, keys.Quit):
		if m.resolving() || m.othersJoined() > 0 {
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
func (m *tableModel) quietKey(km tea.KeyMsg) {
	keys := m.ctx.Keys.Table
	if keyIs(km, keys.Draw) {
		if m.endLook() {
			return
		}
		if a, ok := m.mainAction(); ok && len(a.Inputs) > 0 {
			m.startAction(a) // typed dice: the table types what it rolled
		} else if ok {
			m.do(intent{kind: actIntent, action: deck.Action{ID: a.ID}})
		}
		return
	}
	if a, ok := m.actionFor(keyName(km)); ok {
		m.startAction(a)
		return
	}
	if km.Type == tea.KeyEnter {
		if a, ok := m.mainAction(); ok {
			m.flash = "Space " + says(a.Label) + "; enter only answers a question."
		}
		return
	}
	if keyIs(km, keys.Next, keys.Prev) {
		if _, ok := m.mainAction(); !ok { // the game is over: no turn to pass
			m.err = "No turn comes next: nothing is left to play."
			return
		}
		m.do(intent{kind: passIntent, next: keyIs(km, keys.Next)})
		s := m.now()
		m.flash = s.Players[s.Current].Name + " plays next."
		if a, ok := m.mainAction(); ok {
			m.flash = s.Players[s.Current].Name + " " + says(a.Label) + " next."
		}
	}
}

// do applies an intent, saying why when the game refuses it.
func (m *tableModel) do(in intent) {
	if _, err := m.apply(in); err != nil {
		m.err = capital(err.Error()) // the session's refusals begin lower case
		m.heldBy(err)
	}
}

// startAction begins a game's action: done at once without inputs, else
// entered by the action entry.
func (m *tableModel) startAction(a deck.ActionSpec) {
	if err := m.hand.MayStart(a); err != nil {
		m.err = capital(err.Error()) + "." // a secret shown on its player's own screen only
		return
	}
	if len(a.Inputs) == 0 && !a.Private {
		m.do(intent{kind: actIntent, action: deck.Action{ID: a.ID}})
		m.flash = capital(a.Label) + "."
		return
	}
	m.entry = newEntry(m.tableState, a)
	if !m.who.Host {
		m.entry.handed = true // their own screen: nothing to hand over
	}
}

// enterKey gives a key to the action being entered, and does the action
// once its inputs are in.
func (m *tableModel) enterKey(km tea.KeyMsg) {
	step := m.entry.Update(km)
	if step.in.kind != noIntent {
		_, err := m.apply(step.in)
		step = m.entry.acted(step.in.action, err)
	}
	m.err, m.flash = step.problem, step.note
	if step.close {
		m.entry = nil
	}
}

// opens is the screen a key of the table opens (history, statistics,
// facts, players, simulator, reference), or nil.
func (m *tableModel) opens(km tea.KeyMsg) (Screen, tea.Cmd) {
	keys := m.ctx.Keys.Table
	switch {
	case keyIs(km, keys.History):
		return m.openPage(PageHistory)
	case keyIs(km, keys.Stats):
		return m.openPage(PageStats)
	case keyIs(km, keys.Facts, keys.Players) && !m.who.Host:
		m.err = "Only the host changes the table and what it remembers."
		return nil, nil
	case keyIs(km, keys.Facts):
		if _, ok := m.rules.(expansions.FactKeeper); ok {
			return m.openPage(PageFacts)
		}
	case keyIs(km, keys.Players):
		return m.openPage(PagePlayers)
	case keyIs(km, keys.Join) && m.set.join != nil:
		return m.openPage(PageJoin)
	case keyIs(km, keys.Simulate):
		if _, ok := m.rules.(expansions.Simulator); ok {
			return m.openPage(PageSimulate)
		}
	case keyIs(km, keys.Reference):
		return m.openPage(PageReference)
	}
	return nil, nil
}

// openPage asks the root for page p, about the game on show.
func (m *tableModel) openPage(p Page) (Screen, tea.Cmd) {
	if m.set.open == nil {
		return nil, nil
	}
	return m.set.open(OpenMsg{Page: p, Rules: m.rules, State: m.now(), Hand: m.hand})
}
