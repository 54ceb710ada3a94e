package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// startMsg asks the root to start the game the setup screen made.
type startMsg struct{ setup Setup }

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
	focus    int
	names    textField
	err      string
}

func newSetup(ctx *Context, rulesets []expansions.Ruleset, s Setup) *setupModel {
	m := &setupModel{ctx: ctx, rulesets: rulesets, setup: s, size: size{ctx.Width, ctx.bodyHeight()}}
	if m.ruleset() == nil {
		m.setup.Game = rulesets[0].ID()
	}
	m.setup.Options = m.cleanOptions(m.setup.Options)
	// Room for the most players, each with the longest name and colour.
	limit := deck.MaxPlayers * (deck.MaxName + len(":orange, "))
	m.names = newTextField(ctx.Styles, "", "(type names: e.g. Ann, Bob, Cy)", limit, ", ") // a pasted list, a name a line
	m.names.SetValue(strings.Join(s.Players, ", "))
	m.buildFields()
	m.focus = m.fieldIndex(fieldPlayers)
	m.names.Focus()
	return m
}

func (m *setupModel) ruleset() expansions.Ruleset {
	for _, r := range m.rulesets {
		if r.ID() == m.setup.Game {
			return r
		}
	}
	return nil
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
	if lo, hi := m.ruleset().Players(); hi == 2 && lo == 2 { // the example fits the game
		m.names.Placeholder = "(type names: e.g. Ann, Bob)"
	} else {
		m.names.Placeholder = "(type names: e.g. Ann, Bob, Cy)"
	}
	m.fields = append(m.fields, setupField{kind: fieldPlayers}, setupField{kind: fieldStarter},
		setupField{kind: fieldCountAid}, setupField{kind: fieldHandOff},
		setupField{kind: fieldSound}, setupField{kind: fieldSpeak}, setupField{kind: fieldTimer})
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

// nameAndColour reads a player as typed: "Ann", or "Ann:blue" with one of
// the Catan colours.
func nameAndColour(typed string) (deck.Player, error) {
	name, colour, ok := strings.Cut(typed, ":")
	p := deck.Player{Name: strings.TrimSpace(name), Colour: strings.ToLower(strings.TrimSpace(colour))}
	if ok && !slices.Contains(deck.Colours(), p.Colour) {
		return p, fmt.Errorf("%q is not a Catan colour (%s)", colour, strings.Join(deck.Colours(), ", "))
	}
	return p, nil
}

// checkPlayers says what is wrong with the names for the game r, or "".
func checkPlayers(r expansions.Ruleset, names []string) string {
	lo, hi := r.Players()
	if len(names) < lo || len(names) > hi {
		if lo == hi {
			return fmt.Sprintf("Players: %d names, separated by commas (now %d).", lo, len(names))
		}
		return fmt.Sprintf("Players: %d to %d names, separated by commas (now %d).", lo, hi, len(names))
	}
	seen := map[string]bool{}
	colours := map[string]string{}
	for _, n := range names {
		p, err := nameAndColour(n)
		if err == nil {
			err = deck.CheckName(p.Name)
		}
		if err != nil {
			return "Players: " + err.Error() + "."
		}
		k := strings.ToLower(p.Name)
		if seen[k] {
			return fmt.Sprintf("Players: %q appears twice.", p.Name)
		}
		seen[k] = true
		if other, ok := colours[p.Colour]; ok && p.Colour != "" {
			return fmt.Sprintf("Players: %s and %s both play %s.", other, p.Name, p.Colour)
		}
		colours[p.Colour] = p.Name
	}
	return ""
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

// cycle moves value v by step through vals, wrapping around.
func cycle(vals []string, v string, step int) string {
	if len(vals) == 0 {
		return v
	}
	i := slices.Index(vals, v)
	if i < 0 {
		return vals[0]
	}
	return vals[(i+step+len(vals))%len(vals)]
}

// Typing reports whether letters go to the players' names.
func (m *setupModel) Typing() bool { return m.typing() }

// Update moves between the fields and changes them; enter starts the game
// (a startMsg), q quits where it is not typed.
func (m *setupModel) Update(msg tea.Msg) (Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		m.names, cmd = m.names.Update(msg)
		return m, cmd
	}
	keys := m.ctx.Keys.Setup
	switch {
	case !m.typing() && key.Matches(km, keys.Quit):
		return m, tea.Quit
	case key.Matches(km, keys.Start):
		names := m.players()
		if e := checkPlayers(m.ruleset(), names); e != "" {
			m.err = e
			m.setFocus(m.fieldIndex(fieldPlayers))
			return m, nil
		}
		s := m.setup
		s.Players = names
		s.Starter = m.starter()
		return m, func() tea.Msg { return startMsg{setup: s} }
	case key.Matches(km, keys.Down):
		m.setFocus((m.focus + 1) % len(m.fields))
		return m, nil
	case key.Matches(km, keys.Up):
		m.setFocus((m.focus + len(m.fields) - 1) % len(m.fields))
		return m, nil
	}
	f := m.fields[m.focus]
	if f.kind != fieldPlayers && km.Type == tea.KeyRunes && !km.Alt {
		// Letters typed on a row of choices are names: they go to the
		// names field, at its end, instead of being lost.
		m.setFocus(m.fieldIndex(fieldPlayers))
		m.names.CursorEnd()
		f = m.fields[m.focus]
	}
	if f.kind == fieldPlayers {
		var cmd tea.Cmd
		m.names, cmd = m.names.Update(msg)
		m.err = ""
		m.buildFields()
		return m, cmd
	}
	step := 0
	switch {
	case key.Matches(km, keys.Left):
		step = -1
	case key.Matches(km, keys.Right), km.String() == " ":
		step = 1
	}
	if step == 0 {
		return m, nil
	}
	switch f.kind {
	case fieldGame:
		ids := make([]string, len(m.rulesets))
		for i, r := range m.rulesets {
			ids[i] = r.ID()
		}
		m.setup.Game = cycle(ids, m.setup.Game, step)
		m.setup.Options = m.cleanOptions(m.setup.Options)
		m.buildFields()
	case fieldOption:
		m.setup.Options[f.option.Key] = cycle(f.option.Values, m.setup.Options[f.option.Key], step)
		m.buildFields()
	case fieldStarter:
		m.setup.Starter = cycle(m.starterValues(), m.starter(), step)
	case fieldCountAid:
		m.setup.CountAid = !m.setup.CountAid
	case fieldHandOff:
		m.setup.HandOff = !m.setup.HandOff
	case fieldSound:
		m.setup.Sound = !m.setup.Sound
	case fieldSpeak:
		m.setup.Speak = !m.setup.Speak
	case fieldTimer:
		i := 0
		for j, v := range timerValues {
			if v == m.setup.Timer {
				i = j
			}
		}
		m.setup.Timer = timerValues[(i+step+len(timerValues))%len(timerValues)]
	}
	return m, nil
}

func (m *setupModel) setFocus(i int) {
	m.focus = i
	if m.fields[i].kind == fieldPlayers {
		m.names.Focus()
	} else {
		m.names.Blur()
	}
}

func (m setupModel) View() string {
	st := m.ctx.Styles
	labelW := m.labelWidth()
	var rows []string
	// A window of fields around the focus when they do not all fit; the
	// blank lines around it say when there are more above or below.
	var tail []string // the error, wrapped, or the hint on one line
	if m.err != "" {
		for _, l := range wrapLines("✗ "+m.err, max(m.w, MinWidth)) {
			tail = append(tail, st.Error.Render(l))
		}
	} else {
		for _, l := range wrapLines(m.hint(), max(m.w, MinWidth)) {
			tail = append(tail, st.Dim.Render(l))
		}
	}
	room := max(m.ctx.Height-5-len(tail), 3) // header, blank, blank, help
	from := min(max(m.focus-room/2, 0), max(len(m.fields)-room, 0))
	to := min(from+room, len(m.fields))
	above, below := "", ""
	if from > 0 {
		above = st.Dim.Render("  ↑ more")
	}
	if to < len(m.fields) {
		below = st.Dim.Render("  ↓ more")
	}
	rows = append(rows, st.Header.Render("eventdeck · new game"), above)
	for i := from; i < to; i++ {
		f := m.fields[i]
		marker, label := "  ", st.Label
		if i == m.focus {
			marker, label = "▸ ", st.Focused
		}
		l := label.Render(fmt.Sprintf("%-*s", labelW, m.label(f)))
		rows = append(rows, marker+l+"  "+m.value(f, i == m.focus))
	}
	rows = append(append(rows, below), tail...)
	return lipgloss.JoinVertical(lipgloss.Left, rows...)
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

func (m setupModel) value(f setupField, focused bool) string {
	st := m.ctx.Styles
	var v string
	switch f.kind {
	case fieldGame:
		v = m.ruleset().Name()
	case fieldOption:
		v = m.setup.Options[f.option.Key]
	case fieldPlayers:
		room := 0 // not sized yet
		if m.w > 0 {
			room = max(m.w-2-m.labelWidth()-2, 1) // marker, label, gap
		}
		m.names.SetWidth(room)
		return m.names.View()
	case fieldStarter:
		v = m.starter()
		switch v {
		case StarterRandom:
			v = "pick at random"
		case "":
			v = "the first name"
		}
	case fieldCountAid:
		v = "off"
		if m.setup.CountAid {
			v = "on: show the numbers left this year"
		}
	case fieldHandOff:
		v = "off"
		if m.setup.HandOff {
			v = "on: \"Pass to …\" between turns"
		}
	case fieldSound:
		v = onOff(m.setup.Sound)
	case fieldSpeak:
		v = onOff(m.setup.Speak)
	case fieldTimer:
		v = "off"
		if m.setup.Timer > 0 {
			v = clock(m.setup.Timer) + " a turn"
		}
	}
	if focused {
		return st.Focused.Render("‹ ") + st.Value.Render(v) + st.Focused.Render(" ›")
	}
	return st.Value.Render(v)
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

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
