package resume

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// Model is the first screen when a game is saved: resume it (enter)
// or start a new one. It also says plainly when the save was broken.
type Model struct {
	common.Size
	common.NotTyping
	ctx    *common.Context
	loaded deck.Loaded
	Rules  expansions.Ruleset // the saved game's ruleset, nil if none loaded
	waits  string             // what the saved game waits for (whatWaits), found once
	// The archived games offered besides the save (resumegames.go):
	// ↑/↓ choose; sel 0 is the save, i the archive choices[i-1].
	choices []resumeChoice
	sel     int
	save    resumeChoice // the save as loaded, to come back to
	// Fresh is the game n starts when the command line gave one (a quick
	// start): its title and players, said beside the save so that the
	// table knows which game each key starts; "" when n opens the setup.
	Fresh string
	// FreshFirst: the command line named another game than the save, so
	// enter starts that one, and r resumes (issue 30).
	FreshFirst bool
}

// New is the resume screen for what was loaded: what the game waits
// for is worked out here, not on every frame.
func New(ctx *common.Context, loaded deck.Loaded, rules expansions.Ruleset) *Model {
	m := &Model{ctx: ctx, loaded: loaded, Rules: rules}
	if m.CanResume() {
		m.waits = m.whatWaits(loaded.Game.Now)
	}
	return m
}

// CanResume reports whether the game loaded can be resumed: it was read
// and its game is on offer.
func (m Model) CanResume() bool { return m.loaded.Game != nil && m.Rules != nil }

// Update takes enter (resume), n (a new game) and q.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	k := m.ctx.Keys.Resume
	switch {
	case len(m.choices) > 0 && key.Matches(km, m.ctx.Keys.Pager.Up, m.ctx.Keys.Pager.Down):
		*m = m.choose(km)
		return m, nil
	case m.FreshFirst && key.Matches(km, k.Start):
		return m, func() tea.Msg { return common.NewGameMsg{} }
	case m.FreshFirst && key.Matches(km, resumeKey()) && m.CanResume():
		r, g, archived := m.Rules, m.loaded.Game, m.archived()
		return m, func() tea.Msg { return common.ResumeMsg{Rules: r, Game: g, Archived: archived} }
	case key.Matches(km, k.Start):
		if m.CanResume() {
			r, g, archived := m.Rules, m.loaded.Game, m.archived()
			return m, func() tea.Msg { return common.ResumeMsg{Rules: r, Game: g, Archived: archived} }
		}
		return m, func() tea.Msg { return common.NewGameMsg{} }
	case key.Matches(km, k.NewGame):
		return m, func() tea.Msg { return common.NewGameMsg{} }
	case key.Matches(km, k.Quit):
		return m, tea.Quit
	}
	return m, nil
}

// View says what was saved and what it waits for.
func (m *Model) View() string {
	st := m.ctx.Styles
	var b strings.Builder
	b.WriteString(st.Header.Render("eventdeck · saved game") + "\n\n")
	if p := m.loaded.Problem; p != nil {
		w := max(m.W, 20)
		b.WriteString(st.Error.Render(strings.Join(common.WrapLines("✗ The saved game could not be read: "+p.Error(), w), "\n")) + "\n")
		b.WriteString(st.Text.Render(strings.Join(common.WrapLines("It was moved to "+m.loaded.MovedTo+"; nothing was deleted.", w), "\n")) + "\n\n")
		if m.CanResume() {
			b.WriteString(st.Text.Render("The backup (the save before it) is good.") + "\n\n")
		} else {
			b.WriteString(st.Text.Render("There is no good backup: enter starts a new game.") + "\n")
			return b.String() + m.freshView() + m.choicesView()
		}
	}
	if !m.CanResume() {
		return b.String() + m.freshView() + m.choicesView()
	}
	s := m.loaded.Game.Now
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = st.PlayerIn(s.ColourOf(i)).Render(p.Name)
	}
	b.WriteString(st.Text.Render("Players: ") + strings.Join(names, ", ") + "\n")
	b.WriteString(st.Dim.Render(gameTitle(m.Rules, s)) + "\n")
	line := fmt.Sprintf("%d turns", s.Turns())
	if c, ok := m.Rules.(expansions.Progresser); ok {
		line = c.Progress(s)
	}
	if t, ok := m.Rules.Turn(s, -1); ok {
		line += fmt.Sprintf(" · last: %d (%s)", t.Number, s.PlayerName(t.Player))
	}
	b.WriteString(st.Text.Render(line) + "\n")
	b.WriteString(m.waits + "\n")
	b.WriteString(m.freshView())
	return b.String() + m.choicesView()
}

// freshView says, after a quick start, what enter and n start: the game
// above, or the command line's.
func (m Model) freshView() string {
	if m.Fresh == "" {
		return ""
	}
	st, w := m.ctx.Styles, max(m.W, common.MinWidth)
	var b strings.Builder
	b.WriteString("\n")
	say := func(text string) {
		for _, l := range common.WrapLines(text, w) {
			b.WriteString(st.Text.Render(l) + "\n")
		}
	}
	switch {
	case m.FreshFirst && m.CanResume():
		say("enter: new game — " + m.Fresh)
		say("r: resume " + gameTitle(m.Rules, m.loaded.Game.Now) + ", with " + playerNames(m.loaded.Game.Now))
	case m.CanResume():
		say("enter: resume this game")
		say("n: new game — " + m.Fresh)
	default:
		say("n: new game — " + m.Fresh)
	}
	return b.String()
}

// resumeKey resumes the saved game when enter starts the command line's.
func resumeKey() key.Binding {
	return key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resume"))
}

// FreshGame is how the resume screen names the command line's new game of
// rules: its title and players.
func FreshGame(rules expansions.Ruleset, s *deck.State) string {
	return gameTitle(rules, s) + ", from your command line, with " + playerNames(s)
}

// gameTitle names a game and its options in one line: the ruleset's
// description, after the game's name unless the description begins with
// it ("Catan · Cities & Knights · …", "The Rivals for Catan · goal 7 · …").
func gameTitle(rules expansions.Ruleset, s *deck.State) string {
	d, ok := rules.(expansions.Describer)
	if !ok {
		return rules.Name()
	}
	desc := d.Describe(s)
	if first, _, _ := strings.Cut(desc, " · "); first != "" && strings.HasPrefix(rules.Name(), first) {
		return desc
	}
	return rules.Name() + " · " + desc
}

// whatWaits says what the game waits for: the open turn's question, a
// player's private choice, or the next draw.
func (m Model) whatWaits(s *deck.State) string {
	st := m.ctx.Styles
	name := func(seat int) string { return st.PlayerIn(s.ColourOf(seat)).Render(s.PlayerName(seat)) }
	seat, q, a := waitsFor(m.Rules, s)
	switch {
	case q != nil:
		return st.Text.Render("Waiting in ") + name(seat) + st.Text.Render("'s turn: "+q.Prompt)
	case a != nil:
		who, what := s.PlayerName(seat), a.Label // a hand-off: "Bob picks a set"
		if !strings.HasPrefix(what, who) {
			what = who + ": " + what
		}
		return st.Text.Render("Next: " + what)
	}
	return st.Text.Render("Next to draw: ") + name(seat)
}

// NextUp is the seat of whoever the saved game waits for: the player whose
// turn has a question open, a player's own pick, else who draws next. The
// resume screen and eventdeck games say the same.
func NextUp(rules expansions.Ruleset, s *deck.State) int {
	seat, _, _ := waitsFor(rules, s)
	return seat
}

// waitsFor is what the game waits for: the open turn's question and its
// player, a player's pick, or neither and who draws next.
func waitsFor(rules expansions.Ruleset, s *deck.State) (seat int, q *deck.Question, a *deck.ActionSpec) {
	if s.Open != nil {
		if q := session.FirstOpen(rules.Steps(s), s.Open); q != nil {
			t, _ := rules.Turn(s, -1)
			return t.Player, q, nil
		}
	}
	if main, ok := expansions.Main(rules.Actions(s)); ok && main.Player > 0 {
		return main.Player - 1, nil, &main
	}
	return s.Current, nil, nil
}

// ShortHelp lists the resume screen's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys.Resume
	start := k.Start
	if m.CanResume() && !m.FreshFirst {
		start.SetHelp("enter", "resume")
	} else {
		start.SetHelp("enter", "new game")
	}
	keys := []key.Binding{start, k.NewGame, k.Quit}
	if m.FreshFirst && m.CanResume() {
		keys = []key.Binding{start, resumeKey(), k.Quit}
	}
	if len(m.choices) > 0 {
		keys = append(keys, key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "other saved games")))
	}
	return keys
}

// FullHelp lists the resume screen's keys in one column.
func (m Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
