package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// field kinds on the setup screen.
type fieldKind int

const (
	fieldGame fieldKind = iota
	fieldOption
	fieldPlayers
	fieldStarter
	fieldCountAid
	fieldHandOff
	fieldSound
	fieldSpeak
	fieldTimer
)

// timerValues are the turn timer's lengths on offer, in seconds; 0 is off.
var timerValues = [...]int{0, 30, 60, 90, 120, 180, 300}

type setupField struct {
	kind   fieldKind
	option deck.Option // for fieldOption
}

// setupModel is the setup screen: the game, its options, the players, who
// starts. Up and down move between fields, left and right change a value,
// enter starts.
type setupModel struct {
	size
	ctx      *Context
	rulesets []expansions.Ruleset
	setup    Setup
	fields   []setupField
	focus    int                // the row in focus, as the form's
	names    textField          // the names as typed
	form     *huh.Form          // the rows, bound to setup and names
	optVals  map[string]*string // the options' values, bound to the form
	shape    string             // the form's rows, as formShape names them
	err      string
}

func newSetup(ctx *Context, rulesets []expansions.Ruleset, s Setup) *setupModel {
	m := &setupModel{ctx: ctx, rulesets: rulesets, setup: s, size: size{ctx.Width, ctx.bodyHeight()}}
	if m.ruleset() == nil {
		m.setup.Game = rulesets[0].ID()
	}
	m.setup.Options = m.cleanOptions(m.setup.Options)
	// Room for the most players, each with the longest name and colour;
	// a pasted list, a name a line, becomes names by commas.
	limit := deck.MaxPlayers * (deck.MaxName + len(":orange, "))
	m.names = newTextField(ctx.Styles, "", "", limit, ", ")
	m.names.SetValue(strings.Join(s.Players, ", "))
	m.buildFields()
	m.focus = m.fieldIndex(fieldPlayers)
	m.buildForm()
	return m
}

// ruleset is the game chosen, nil if it is not on offer.
func (m *setupModel) ruleset() expansions.Ruleset {
	r, _ := expansions.Find(m.rulesets, m.setup.Game)
	return r
}

// cleanOptions keeps the remembered options the ruleset still knows and
// fills the rest with defaults.
func (m *setupModel) cleanOptions(in map[string]string) map[string]string {
	out := map[string]string{}
	for _, o := range m.ruleset().Options() {
		out[o.Key] = o.Default
		if v, ok := in[o.Key]; ok && slices.Contains(o.Values, v) {
			out[o.Key] = v
		}
	}
	return out
}

// buildFields lists the fields on offer now: an option that needs another
// one's value shows only with it (and only while that one shows), and the
// 5–6 player rule only for 5 or 6.
func (m *setupModel) buildFields() {
	var focused fieldKind
	var focusKey string
	if m.focus < len(m.fields) {
		focused, focusKey = m.fields[m.focus].kind, m.fields[m.focus].option.Key
	}
	m.fields = []setupField{{kind: fieldGame}}
	opts := m.ruleset().Options()
	unmet := deck.Unmet(opts, m.setup.Options) // an option that needs a hidden one hides too
	for _, o := range opts {
		if slices.Contains(unmet, o.Key) || o.MinPlayers > 0 && len(m.players()) < o.MinPlayers {
			continue
		}
		m.fields = append(m.fields, setupField{kind: fieldOption, option: o})
	}
	m.fields = append(m.fields, setupField{kind: fieldPlayers}, setupField{kind: fieldStarter},
		setupField{kind: fieldCountAid}, setupField{kind: fieldHandOff},
		setupField{kind: fieldSound}, setupField{kind: fieldSpeak}, setupField{kind: fieldTimer})
	m.focus = min(m.focus, len(m.fields)-1)
	for i, f := range m.fields { // keep the focus on the same field
		if f.kind == focused && f.option.Key == focusKey {
			m.focus = i
		}
	}
}

func (m *setupModel) fieldIndex(k fieldKind) int {
	for i, f := range m.fields {
		if f.kind == k {
			return i
		}
	}
	return 0
}

// typing reports whether keys go to the names field, so that q and ? type.
func (m setupModel) typing() bool { return m.fields[m.focus].kind == fieldPlayers }

// players reads the names field: comma-separated, in seating order.
func (m setupModel) players() []string {
	var out []string
	for _, p := range strings.Split(m.names.Value(), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (m setupModel) starterValues() []string {
	vals := []string{StarterRandom}
	for _, n := range m.players() {
		p, _ := nameAndColour(n)
		vals = append(vals, p.Name)
	}
	return vals
}

func (m setupModel) starter() string {
	vals := m.starterValues()
	if slices.Contains(vals, m.setup.Starter) {
		return m.setup.Starter
	}
	if len(vals) > 1 {
		return vals[1]
	}
	return "" // no names yet: the first one typed starts
}

// Typing reports whether letters go to the players' names.
func (m *setupModel) Typing() bool { return m.typing() }

// Update moves between the rows and starts the game itself (enter, a
// startMsg, from any row; ↑/↓ wrap around); the huh form changes the
// values. q quits where it is not typed.
func (m *setupModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		m.form.Update(msg)
		return m, nil
	}
	keys := m.ctx.Keys.Setup
	switch {
	case !m.typing() && key.Matches(km, keys.Quit):
		return m, tea.Quit
	case key.Matches(km, keys.Start):
		return m, m.start()
	case key.Matches(km, keys.Down):
		m.focusOn((m.focus + 1) % len(m.fields))
	case key.Matches(km, keys.Up):
		m.focusOn((m.focus + len(m.fields) - 1) % len(m.fields))
	default:
		m.edit(km)
	}
	m.layout()
	return m, nil
}

// start checks the names and starts the game, or says what is wrong.
func (m *setupModel) start() tea.Cmd {
	names := m.players()
	if e := checkPlayers(m.ruleset(), names); e != "" {
		m.err = e
		m.focusOn(m.fieldIndex(fieldPlayers))
		m.layout()
		return nil
	}
	s := m.setup
	s.Players = names
	s.Starter = m.starter()
	return func() tea.Msg { return startMsg{setup: s} }
}

// edit passes a key to the form: letters typed on a row of choices are
// names and go to the names' row, at its end, instead of being lost;
// space steps a choice on.
func (m *setupModel) edit(km tea.KeyMsg) {
	if m.fields[m.focus].kind != fieldPlayers && km.Type == tea.KeyRunes && !km.Alt {
		m.focusOn(m.fieldIndex(fieldPlayers))
		m.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
	}
	switch {
	case m.fields[m.focus].kind == fieldPlayers:
		m.err = ""
	case km.Type == tea.KeySpace:
		km = tea.KeyMsg{Type: tea.KeyRight}
	}
	game := m.setup.Game
	m.form.Update(km)
	if m.setup.Game != game {
		m.setup.Options = m.cleanOptions(m.setup.Options)
	}
	for k, v := range m.optVals {
		m.setup.Options[k] = *v
	}
	m.buildFields()
	if m.formShape() != m.shape {
		m.buildForm()
	}
}

// SetSize lays the form out for the room.
func (m *setupModel) SetSize(w, h int) {
	m.size.SetSize(w, h)
	m.layout()
}

// tail is the error, wrapped, or the focused row's hint.
func (m setupModel) tail() []string {
	st := m.ctx.Styles
	var tail []string
	if m.err != "" {
		for _, l := range wrapLines("✗ "+m.err, max(m.w, MinWidth)) {
			tail = append(tail, st.Error.Render(l))
		}
		return tail
	}
	for _, l := range wrapLines(m.hint(), max(m.w, MinWidth)) {
		tail = append(tail, st.Dim.Render(l))
	}
	return tail
}

// room is how many rows show: the screen less the header, the lines
// around the rows and the tail.
func (m setupModel) room() int {
	return min(max(m.ctx.Height-5-len(m.tail()), 3), len(m.fields))
}

// View is the form between the header and the hint; the lines around the
// rows say when there are more above or below.
func (m setupModel) View() string {
	st := m.ctx.Styles
	room := m.room()
	first := min(m.focus, len(m.fields)-room) // the form scrolls the focus to its top
	above, below := "", ""
	if first > 0 {
		above = st.Dim.Render("  ↑ more")
	}
	if first+room < len(m.fields) {
		below = st.Dim.Render("  ↓ more")
	}
	rows := []string{st.Header.Render("eventdeck · new game"), above, m.form.View(), below}
	return lipgloss.JoinVertical(lipgloss.Left, append(rows, m.tail()...)...)
}

// labelWidth is the width of the labels' column.
func (m setupModel) labelWidth() int {
	w := 0
	for _, f := range m.fields {
		w = max(w, lipgloss.Width(m.label(f)))
	}
	return w
}

func (m setupModel) label(f setupField) string {
	switch f.kind {
	case fieldGame:
		return "Game"
	case fieldOption:
		return f.option.Label
	case fieldPlayers:
		return "Players"
	case fieldStarter:
		return "Who starts"
	case fieldHandOff:
		return "Pass-and-play"
	case fieldSound:
		return "Sound"
	case fieldSpeak:
		return "Read aloud"
	case fieldTimer:
		return "Turn timer"
	}
	return "Card counting aid"
}

func (m setupModel) hint() string {
	f := m.fields[m.focus]
	switch f.kind {
	case fieldPlayers:
		if lo, hi := m.ruleset().Players(); lo != hi {
			return fmt.Sprintf("%d–%d names in seating order, by commas; Ann:blue picks a colour.", lo, hi)
		}
		lo, _ := m.ruleset().Players()
		return fmt.Sprintf("%d names in seating order, by commas; Ann:blue picks a colour.", lo)
	case fieldOption:
		return f.option.Help
	case fieldStarter:
		return "The first player draws the first card."
	case fieldCountAid:
		return "Off by default: the table keeps its own count."
	case fieldHandOff:
		return "For one laptop passed around the table."
	case fieldSound:
		return "The terminal's bell on a 7, an attack, and when a turn's time is up."
	case fieldSpeak:
		return "Reads the number and the event aloud (espeak-ng, espeak, say or spd-say)."
	case fieldTimer:
		return "A countdown beside the turn; . pauses it."
	}
	return "The game eventdeck draws for."
}

// ShortHelp lists the keys of the setup screen.
func (m setupModel) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Setup
	if m.typing() { // "?" is text in the names field, and ←/→ move in it
		return []key.Binding{k.Start, k.Down, m.ctx.Keys.Global.ForceQuit, m.ctx.Keys.Global.HelpTyping}
	}
	return []key.Binding{k.Start, k.Down, k.Left, m.ctx.Keys.Global.ForceQuit, m.ctx.Keys.Global.Help}
}

// FullHelp lists the keys of the setup screen in columns.
func (m setupModel) FullHelp() [][]key.Binding {
	return [][]key.Binding{m.ShortHelp()}
}
