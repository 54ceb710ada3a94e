package table

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Keys is the table's own key map with what does not apply now disabled,
// and the main key named for what it does now.
func (m Model) Keys() common.TableKeys {
	k := m.ctx.Keys.Table
	k.Undo.SetEnabled(m.Snap.CanUndo)
	k.Redo.SetEnabled(m.Snap.CanRedo)
	resolving := m.Resolving()
	// With nothing on offer to start a turn (a game declared over) there
	// is no next player to name (play-test: n was offered after game over).
	_, turns := m.mainAction()
	k.Next.SetEnabled(!resolving && turns)
	k.Prev.SetEnabled(!resolving && turns)
	// A key the game has not is unbound, not disabled: the full help lists
	// disabled keys as "not now".
	if _, facts := m.Rules.(expansions.FactKeeper); !facts {
		k.Facts = key.Binding{}
	}
	c := m.Clock.shown // only a timer on screen, paused by its player or the host
	k.Pause.SetEnabled(c.Left > 0 && m.Shown && (m.who.Host || m.Me().Seat == c.Player))
	if _, simulates := m.Rules.(expansions.Simulator); !simulates {
		k.Simulate = key.Binding{}
	}
	if m.Me().IsViewer() { // a viewer's screen: nothing to press that changes the game
		for _, b := range []*key.Binding{&k.Draw, &k.Undo, &k.Redo, &k.Pause} {
			*b = key.Binding{}
		}
	}
	if !m.who.Host { // another's screen: the host changes the table, never this one
		for _, b := range []*key.Binding{&k.Facts, &k.Players, &k.Next, &k.Prev} {
			*b = key.Binding{}
		}
	}
	if m.set.Join == nil || !m.who.Host || m.Remote { // no page served, or another's screen
		k.Join = key.Binding{}
	}
	if c.Paused {
		k.Pause.SetHelp(".", "resume timer")
	}
	switch a, ok := m.mainAction(); {
	case resolving: // enter answers: the walker's key
		k.Draw.SetEnabled(false)
	case ok && m.set.HandOff && m.Shown:
		k.Draw.SetHelp("space", m.Now().Players[m.Now().Current].Name+": "+a.Label)
	case ok:
		k.Draw.SetHelp("space", a.Label)
	default:
		k.Draw.SetEnabled(false)
	}
	k.Number, k.Walker = m.Number.keys(), m.StepWalker.keys()
	m.onlyMine(&k)
	return k
}

// actionKeys are the ruleset's actions that have a key, as bindings.
func (m Model) actionKeys() []key.Binding {
	var out []key.Binding
	for i, a := range m.Actions {
		if a.Key == "" || m.may.act(i) != nil { // not this reader's (or not now on another's screen): not offered
			continue
		}
		b := key.NewBinding(key.WithKeys(a.Key), key.WithHelp(a.Key, a.Label))
		b.SetEnabled(!m.Resolving() && a.NotNow == "") // the game offers it later: "not now"
		out = append(out, b)
	}
	return out
}

// ShortHelp is the keys that apply now: the action entry's while one is
// entered, else the main key and the walker's, then the table's.
func (m Model) ShortHelp() []key.Binding {
	if m.Entry != nil {
		return m.Entry.ShortHelp()
	}
	k := m.Keys()
	out := m.StepWalker.answering(append(make([]key.Binding, 0, 16+len(m.Actions)), k.Draw), k.Walker)
	out = append(out, k.Undo, k.Redo, k.Quit, k.Pause)
	out = append(out, m.actionKeys()...)
	// What a new player looks for first: the rules, the players; then the rest.
	out = append(out, k.Reference, k.Players, k.Join, k.Facts, k.Next)
	return append(append(out, m.Number.ShortHelp()...), k.Simulate)
}

// FullHelp is every key of the table, in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.Keys()
	g := m.ctx.Keys.Global
	first := append(m.StepWalker.answering([]key.Binding{k.Draw}, k.Walker), k.Undo, k.Redo)
	return [][]key.Binding{first, append([]key.Binding{k.Next, k.Prev, k.Facts}, m.actionKeys()...),
		{k.History, k.Stats, k.Simulate, k.Reference, k.Players, k.Join, k.Number.Focus, k.Walker.Up, k.Pause}, {g.Help, k.Quit, g.ForceQuit}}
}

// undo takes back (or makes again) the last change, saying done, or why
// not in one line: nothing to take back, or not this reader's.
func (m *Model) undo(verb session.Verb, done string) {
	switch changed, err := m.Apply(Intent{Do: verb}); {
	case err != nil:
		m.err = common.Capital(err.Error()) + "."
	case changed:
		m.flash = done
	case verb == session.DoRedo:
		m.flash = "Nothing to redo."
	default:
		m.flash = "Nothing to undo."
	}
}
