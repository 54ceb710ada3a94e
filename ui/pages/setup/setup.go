package setup

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
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/textfield"
	"github.com/eventdeck/eventdeck/ui/speech"
)

// field kinds on the setup screen.
type fieldKind int

const (
	fieldGame fieldKind = iota
	fieldOption
	FieldPlayers // the players' names
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
	Kind   fieldKind
	Option deck.Option // for fieldOption
}

// Model is the setup screen: the game, its options, the players, who
// starts. Up and down move between fields, left and right change a value,
// enter starts.
type Model struct {
	common.Size
	ctx      *common.Context
	rulesets []expansions.Ruleset
	setup    common.Setup
	Fields   []setupField       // the form's rows
	Focus    int                // the row in focus, as the form's
	Names    textfield.Model    // the names as typed
	form     *huh.Form          // the rows, bound to setup and names
	optVals  map[string]*string // the options' values, bound to the form
	shape    string             // the form's rows, as formShape names them
	Err      string             // why the game could not start; "" when it could
}

// New is the setup page over the games on offer, starting from setup s.
func New(ctx *common.Context, rulesets []expansions.Ruleset, s common.Setup) *Model {
	m := &Model{ctx: ctx, rulesets: rulesets, setup: s, Size: common.Size{W: ctx.Width, H: ctx.BodyHeight()}}
	if m.ruleset() == nil {
		m.setup.Game = rulesets[0].ID()
	}
	m.setup.Options = m.cleanOptions(m.setup.Options)
	// Room for the most players, each with the longest name and colour;
	// a pasted list, a name a line, becomes names by commas.
	limit := deck.MaxPlayers * (deck.MaxName + len(":orange, "))
	m.Names = textfield.New(ctx.Styles, "", "", limit, ", ")
	m.Names.SetValue(strings.Join(s.Players, ", "))
	m.buildFields()
	m.Focus = m.fieldIndex(FieldPlayers)
	m.buildForm()
	return m
}

// ruleset is the game chosen, nil if it is not on offer.
func (m *Model) ruleset() expansions.Ruleset {
	r, _ := expansions.Find(m.rulesets, m.setup.Game)
	return r
}

// cleanOptions keeps the remembered options the ruleset still knows and
// fills the rest with defaults.
func (m *Model) cleanOptions(in map[string]string) map[string]string {
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
func (m *Model) buildFields() {
	var focused fieldKind
	var focusKey string
	if m.Focus < len(m.Fields) {
		focused, focusKey = m.Fields[m.Focus].Kind, m.Fields[m.Focus].Option.Key
	}
	m.Fields = []setupField{{Kind: fieldGame}}
	opts := m.ruleset().Options()
	unmet := deck.Unmet(opts, m.setup.Options) // an option that needs a hidden one hides too
	for _, o := range opts {
		if slices.Contains(unmet, o.Key) || o.MinPlayers > 0 && len(m.players()) < o.MinPlayers {
			continue
		}
		m.Fields = append(m.Fields, setupField{Kind: fieldOption, Option: o})
	}
	m.Fields = append(m.Fields, setupField{Kind: FieldPlayers}, setupField{Kind: fieldStarter},
		setupField{Kind: fieldCountAid}, setupField{Kind: fieldHandOff},
		setupField{Kind: fieldSound}, setupField{Kind: fieldSpeak}, setupField{Kind: fieldTimer})
	m.Focus = min(m.Focus, len(m.Fields)-1)
	for i, f := range m.Fields { // keep the focus on the same field
		if f.Kind == focused && f.Option.Key == focusKey {
			m.Focus = i
		}
	}
}

func (m *Model) fieldIndex(k fieldKind) int {
	for i, f := range m.Fields {
		if f.Kind == k {
			return i
		}
	}
	return 0
}

// typing reports whether keys go to the names field, so that q and ? type.
func (m Model) typing() bool { return m.Fields[m.Focus].Kind == FieldPlayers }

// players reads the names field: comma-separated, in seating order.
func (m Model) players() []string {
	var out []string
	for _, p := range strings.Split(m.Names.Value(), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (m Model) starterValues() []string {
	vals := []string{common.StarterRandom}
	for _, n := range m.players() {
		p, _ := common.NameAndColour(n)
		vals = append(vals, p.Name)
	}
	return vals
}

func (m Model) starter() string {
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
func (m *Model) Typing() bool { return m.typing() }

// Update moves between the rows and starts the game itself (enter, a
// startMsg, from any row; ↑/↓ wrap around); the huh form changes the
// values. q quits where it is not typed.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
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
		m.focusOn((m.Focus + 1) % len(m.Fields))
	case key.Matches(km, keys.Up):
		m.focusOn((m.Focus + len(m.Fields) - 1) % len(m.Fields))
	default:
		m.edit(km)
	}
	m.layout()
	return m, nil
}

// start checks the names and starts the game, or says what is wrong.
func (m *Model) start() tea.Cmd {
	names := m.players()
	if e := common.CheckPlayers(m.ruleset(), names); e != "" {
		m.Err = e
		m.focusOn(m.fieldIndex(FieldPlayers))
		m.layout()
		return nil
	}
	s := m.setup
	s.Players = names
	s.Starter = m.starter()
	return func() tea.Msg { return common.StartMsg{Setup: s} }
}

// edit passes a key to the form: letters typed on a row of choices are
// names and go to the names' row, at its end, instead of being lost;
// space steps a choice on.
func (m *Model) edit(km tea.KeyMsg) {
	if m.Fields[m.Focus].Kind != FieldPlayers && km.Type == tea.KeyRunes && !km.Alt {
		m.focusOn(m.fieldIndex(FieldPlayers))
		m.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
	}
	switch {
	case m.Fields[m.Focus].Kind == FieldPlayers:
		m.Err = ""
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
func (m *Model) SetSize(w, h int) {
	m.Size.SetSize(w, h)
	m.layout()
}

// tail is the error, wrapped, or the focused row's hint.
func (m Model) tail() []string {
	st := m.ctx.Styles
	var tail []string
	if m.Err != "" {
		for _, l := range common.WrapLines("✗ "+m.Err, max(m.W, common.MinWidth)) {
			tail = append(tail, st.Error.Render(l))
		}
		return tail
	}
	for _, l := range common.WrapLines(m.hint(), max(m.W, common.MinWidth)) {
		tail = append(tail, st.Dim.Render(l))
	}
	return tail
}

// room is how many rows show: the screen less the header, the lines
// around the rows and the tail.
func (m Model) room() int {
	return min(max(m.ctx.Height-5-len(m.tail()), 3), len(m.Fields))
}

// View is the form between the header and the hint; the lines around the
// rows say when there are more above or below.
func (m Model) View() string {
	st := m.ctx.Styles
	room := m.room()
	first := min(m.Focus, len(m.Fields)-room) // the form scrolls the focus to its top
	above, below := "", ""
	if first > 0 {
		above = st.Dim.Render("  ↑ more")
	}
	if first+room < len(m.Fields) {
		below = st.Dim.Render("  ↓ more")
	}
	rows := []string{st.Header.Render("eventdeck · new game"), above, m.form.View(), below}
	return lipgloss.JoinVertical(lipgloss.Left, append(rows, m.tail()...)...)
}

// labelWidth is the width of the labels' column.
func (m Model) labelWidth() int {
	w := 0
	for _, f := range m.Fields {
		w = max(w, lipgloss.Width(m.Label(f)))
	}
	return w
}

// Label is the name field f shows.
func (m Model) Label(f setupField) string {
	switch f.Kind {
	case fieldGame:
		return "Game"
	case fieldOption:
		return f.Option.Label
	case FieldPlayers:
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

// hint is the line under the form about the field in focus.
func (m Model) hint() string {
	f := m.Fields[m.Focus]
	switch f.Kind {
	case FieldPlayers:
		if lo, hi := m.ruleset().Players(); lo != hi {
			return fmt.Sprintf("%d–%d names in seating order, by commas; Ann:blue picks a colour.", lo, hi)
		}
		lo, _ := m.ruleset().Players()
		return fmt.Sprintf("%d names in seating order, by commas; Ann:blue picks a colour.", lo)
	case fieldOption:
		return f.Option.Help
	case fieldStarter:
		return "The first player draws the first card."
	case fieldCountAid:
		return "Off by default: the table keeps its own count."
	case fieldHandOff:
		return "For one laptop passed around the table."
	case fieldSound:
		return "The terminal's bell on a 7, an attack, and when a turn's time is up."
	case fieldSpeak:
		return "Reads the number and the event aloud (" + strings.Join(speech.Programs, ", ") + ")."
	case fieldTimer:
		return "A countdown beside the turn; . pauses it."
	}
	return "The game eventdeck draws for."
}

// ShortHelp lists the keys of the setup screen.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Setup
	if m.typing() { // "?" is text in the names field, and ←/→ move in it
		return []key.Binding{k.Start, k.Down, m.ctx.Keys.Global.ForceQuit, m.ctx.Keys.Global.HelpTyping}
	}
	return []key.Binding{k.Start, k.Down, k.Left, m.ctx.Keys.Global.ForceQuit, m.ctx.Keys.Global.Help}
}

// FullHelp lists the keys of the setup screen in columns.
func (m Model) FullHelp() [][]key.Binding {
	return [][]key.Binding{m.ShortHelp()}
}
