package players

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/textfield"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Model changes the table mid-game without a new game: rename a
// player, change their colour, move them, add or remove one, and change
// the options that may change (a hand limit). Every change is an undoable
// action on the game and a line in the history.
type Model struct {
	common.Size
	ctx      *common.Context
	rules    expansions.Ruleset
	hand     *session.Hand
	cursor   int             // a player's seat, then the live options
	typing   int             // typeRename or typeAdd while a name is typed
	Removing bool            // - was pressed: y removes
	name     textfield.Model // the name being typed
	err      string
	left     string // who the last key took off the table, said until the next key

	away sendAway // the screens joined (eventdeck serve), and x to send one away
}

// What is being typed on the players screen.
const (
	typeNone = iota
	typeRename
	typeAdd
)

// New is the players page of the game hand holds; hub lists the screens
// that joined (nil without them).
func New(ctx *common.Context, hand *session.Hand, hub *session.Hub) *Model {
	return &Model{ctx: ctx, rules: hand.Rules(), hand: hand, name: textfield.New(ctx.Styles, "", "", 2*deck.MaxName, ""), away: sendAway{hub: hub}}
}

// live are the ruleset's options that may change mid-game.
func (m Model) live() []deck.Option {
	var out []deck.Option
	for _, o := range m.rules.Options() {
		if o.Live {
			out = append(out, o)
		}
	}
	return out
}

func (m Model) rows() int { return len(m.hand.Now().Players) + len(m.live()) }

// IsTyping reports whether keys go to the name being typed.
func (m Model) IsTyping() bool { return m.typing != typeNone }

// Typing reports whether letters are a name being typed.
func (m *Model) Typing() bool { return m.IsTyping() }

// tell shows why a change could not be made, if it could not.
func (m *Model) tell(err error) {
	if err != nil {
		m.err = err.Error()
	}
}

// Update changes the table: names, colours, seats and live options. Every
// change is an intent to the table session, undoable like any other; the
// turn being resolved stays open. esc or q goes back to the table.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.err, m.left = "", ""
	switch {
	case m.IsTyping():
		return m, m.typeName(km)
	case m.Removing:
		m.Removing = false
		if key.Matches(km, m.keys().Yes) {
			m.remove()
		}
	case m.away.key(m.ctx, km):
	case key.Matches(km, m.ctx.Keys.Pager.Back, m.ctx.Keys.Pager.Quit):
		return nil, nil
	default:
		m.tableKey(km)
	}
	return m, nil
}

// typeName takes a key while a name is typed: enter renames or adds, esc
// cancels, other keys edit the name.
func (m *Model) typeName(km tea.KeyMsg) tea.Cmd {
	k := m.keys()
	switch {
	case key.Matches(km, k.Cancel):
		m.typing = typeNone
	case key.Matches(km, k.Confirm):
		name := m.name.Value()
		if m.typing == typeRename {
			m.tell(m.hand.Rename(m.cursor, name))
		} else {
			m.tell(m.hand.Join(deck.Player{Name: name}))
		}
		if m.err != "" {
			return nil // the name stays to be put right
		}
		if m.typing == typeAdd {
			m.cursor = len(m.hand.Now().Players) - 1
		}
		m.typing = typeNone
	default:
		var cmd tea.Cmd
		m.name, cmd = m.name.Update(km)
		return cmd
	}
	return nil
}

// remove takes the player under the cursor off the table.
func (m *Model) remove() {
	seat, n := m.cursor, len(m.hand.Now().Players)
	perm := make([]int, n)
	for i := range perm {
		switch {
		case i < seat:
			perm[i] = i
		case i == seat:
			perm[i] = -1
		default:
			perm[i] = i - 1
		}
	}
	who := m.hand.Now().Players[seat].Name
	m.tell(m.hand.Reseat(perm, who+" leaves the table"))
	if m.err == "" {
		m.left = who
	}
	m.cursor = min(m.cursor, len(m.hand.Now().Players)-1)
}

// tableKey takes a key on the list of seats and options.
func (m *Model) tableKey(km tea.KeyMsg) {
	k := m.keys()
	onPlayer := m.cursor < len(m.hand.Now().Players)
	switch {
	case key.Matches(km, k.Up):
		m.cursor = (m.cursor + m.rows() - 1) % m.rows()
	case key.Matches(km, k.Down):
		m.cursor = (m.cursor + 1) % m.rows()
	case key.Matches(km, k.Undo):
		_, err := m.hand.Undo()
		m.tell(err) // said as the screen's other errors are (issue 36)
		m.cursor = min(m.cursor, m.rows()-1)
	case key.Matches(km, k.Left):
		m.change(-1)
	case key.Matches(km, k.Right):
		m.change(1)
	case onPlayer && key.Matches(km, k.Rename):
		m.startTyping(typeRename, m.hand.Now().Players[m.cursor].Name)
	case key.Matches(km, k.Add):
		m.startTyping(typeAdd, "")
	case onPlayer && key.Matches(km, k.Remove):
		m.Removing = true
	case !k.Add.Enabled() && slices.Contains(k.Add.Keys(), km.String()),
		!k.Remove.Enabled() && onPlayer && slices.Contains(k.Remove.Keys(), km.String()):
		m.err = m.fixedSeats() // a key the table knows, refused: say why
	case onPlayer && key.Matches(km, k.MoveUp):
		m.move(-1)
	case onPlayer && key.Matches(km, k.MoveDown):
		m.move(1)
	}
}

// change steps the colour of the player under the cursor, or the value of
// the live option there, by step.
func (m *Model) change(step int) {
	players := len(m.hand.Now().Players)
	if seat := m.cursor; seat < players {
		colour := m.hand.Now().FreeColour(seat, m.hand.Now().ColourOf(seat), step)
		m.tell(m.hand.Recolour(seat, colour))
		return
	}
	o := m.live()[m.cursor-players]
	m.tell(m.hand.SetLive(o, common.Cycle(o.Values, m.hand.Now().Options[o.Key], step)))
}

// startTyping opens the name field on text, for a rename or a new player.
func (m *Model) startTyping(what int, text string) {
	m.typing = what
	m.name.SetValue(text)
	m.name.Focus()
}

// move swaps the player under the cursor with the next one up (by -1) or
// down (+1), the cursor following.
func (m *Model) move(by int) {
	players := len(m.hand.Now().Players)
	from, to := m.cursor, m.cursor+by
	if to < 0 || to >= players {
		return
	}
	perm := make([]int, players)
	for i := range perm {
		perm[i] = i
	}
	perm[from], perm[to] = to, from
	a, b := m.hand.Now().Players[from].Name, m.hand.Now().Players[to].Name
	m.tell(m.hand.Reseat(perm, fmt.Sprintf("%s and %s change seats", a, b)))
	if m.err == "" {
		m.cursor = to
	}
}

// View lists the seats and the live options.
func (m *Model) View() string {
	st := m.ctx.Styles
	s := m.hand.Now()
	lines := []string{st.Header.Render("The table"), st.Dim.Render("Change the table mid-game; the history keeps every change."), ""}
	// The names column fits the longest name, and the one being typed with
	// its cursor, up to the limit: this screen is where names are checked.
	nw := common.NameWidth
	for _, p := range s.Players {
		nw = max(nw, common.CellWidth(p.Name))
	}
	if m.IsTyping() {
		nw = max(nw, common.CellWidth(m.name.Value())+1)
	}
	nw = min(nw, 2*deck.MaxName+1) // a name too long is typed in full, then refused
	for i, p := range s.Players {
		marker, label := "  ", st.Label
		if i == m.cursor && m.typing != typeAdd {
			marker, label = "▸ ", st.Focused
		}
		name := st.PlayerIn(s.ColourOf(i)).Render(common.PadName(p.Name, nw))
		if i == m.cursor && m.typing == typeRename {
			m.name.SetWidth(nw)
			name = common.PadName(m.name.View(), nw)
		}
		lines = append(lines, marker+label.Render(fmt.Sprintf("%d ", i+1))+name+"  "+st.Dim.Render(s.ColourOf(i)))
	}
	if m.typing == typeAdd {
		m.name.SetWidth(nw)
		lines = append(lines, "▸ + "+m.name.View())
	}
	for j, o := range m.live() {
		marker, label := "  ", st.Label
		if len(s.Players)+j == m.cursor {
			marker, label = "▸ ", st.Focused
		}
		lines = append(lines, marker+label.Render(common.PadName(o.Label, max(nw+2, len(o.Label))))+"  "+st.Value.Render(s.Options[o.Key]))
	}
	lines = append(lines, "")
	switch {
	case m.err != "":
		lines = append(lines, st.Error.Render("✗ "+m.err))
	case m.Removing:
		lines = append(lines, st.Error.Render(fmt.Sprintf("Remove %s? y removes (u undoes); any other key keeps.", s.Players[m.cursor].Name)))
	case m.IsTyping():
		lines = append(lines, st.Dim.Render("type the name · enter · esc cancels"))
	case !expansions.CanReseat(m.rules):
		lines = append(lines, st.Dim.Render("This game seats a fixed table: names and colours change."))
	}
	if m.left != "" {
		lines = append(lines, st.Dim.Render("Left the table: "+m.left))
	}
	lines = append(lines, m.away.lines(m.ctx, m.W)...)
	return strings.Join(lines, "\n")
}

// keys are the players screen's keys, with what does not apply disabled.
func (m Model) keys() common.PlayersKeys {
	k := m.ctx.Keys.Players
	reseat := expansions.CanReseat(m.rules)
	_, hi := m.rules.Players()
	k.Add.SetEnabled(reseat && len(m.hand.Now().Players) < hi)
	lo, _ := m.rules.Players()
	k.Remove.SetEnabled(reseat && len(m.hand.Now().Players) > lo)
	k.MoveUp.SetEnabled(reseat)
	k.MoveDown.SetEnabled(reseat)
	k.Undo.SetEnabled(m.hand.Snapshot().CanUndo)
	return k
}

// fixedSeats says why no player may join or leave now.
func (m Model) fixedSeats() string {
	lo, hi := m.rules.Players()
	switch n := len(m.hand.Now().Players); {
	case !expansions.CanReseat(m.rules):
		return "This game's seats cannot change mid-game."
	case n >= hi:
		return fmt.Sprintf("%d players is the most this game takes.", hi)
	case n <= lo:
		return fmt.Sprintf("%d players is the fewest this game takes.", lo)
	}
	return ""
}

// ShortHelp lists the players screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.keys()
	if m.IsTyping() {
		return []key.Binding{k.Confirm, k.Cancel}
	}
	// Adding and removing a seat before the rest: the line drops keys from
	// its end to fit.
	return []key.Binding{k.Back, k.Rename, k.Add, k.Remove, m.away.binding(m.ctx), k.MoveDown, k.Left, k.Undo}
}

// FullHelp lists the players screen's keys in columns.
func (m Model) FullHelp() [][]key.Binding {
	k := m.keys()
	return [][]key.Binding{{k.Up, k.Down, k.Left}, {k.Rename, k.Add, k.Remove}, {k.MoveUp, k.MoveDown, k.Undo, k.Back}, {m.away.binding(m.ctx)}}
}
