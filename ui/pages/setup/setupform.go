package setup

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/textfield"
)

// setupRow is one field of the setup form on one line: its label, then
// the huh field (an inline select, or the names) with no title of its own.
type setupRow struct {
	huh.Field
	on, off string // the label focused and not
	focused bool
}

// Update passes msg to the field, keeping the row around it.
func (r *setupRow) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	f, cmd := r.Field.Update(msg)
	r.Field = f.(huh.Field)
	return r, cmd
}

// Focus focuses the field.
func (r *setupRow) Focus() tea.Cmd {
	r.focused = true
	return r.Field.Focus()
}

// Blur leaves the field.
func (r *setupRow) Blur() tea.Cmd {
	r.focused = false
	return r.Field.Blur()
}

// WithWidth gives the field the width beside its label.
func (r *setupRow) WithWidth(w int) huh.Field {
	r.Field.WithWidth(max(w-lipgloss.Width(r.on), 1))
	return r
}

// View is the label and the field.
func (r *setupRow) View() string {
	if r.focused {
		return r.on + r.Field.View()
	}
	return r.off + r.Field.View()
}

// namesField is the names' row in the form: our textField (whole
// characters, a pasted list of names a line each, a cursor that never
// blinks) as a huh field; the huh input under it answers the rest of
// what a field is asked (its key, its position, accessible mode).
type namesField struct {
	huh.Field
	text *textfield.Model
}

// Update types keys into the names.
func (n *namesField) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	*n.text, cmd = n.text.Update(msg)
	return n, cmd
}

// View is the names, or the placeholder.
func (n *namesField) View() string { return n.text.View() }

// Focus lets the names take keys.
func (n *namesField) Focus() tea.Cmd { return n.text.Focus() }

// Blur hides the cursor.
func (n *namesField) Blur() tea.Cmd {
	n.text.Blur()
	return nil
}

// WithWidth gives the names their room.
func (n *namesField) WithWidth(w int) huh.Field {
	n.text.SetWidth(w)
	return n
}

// GetValue is the names as typed.
func (n *namesField) GetValue() any { return n.text.Value() }

// setupTheme is the huh theme of the setup form, from our styles: the
// focused row's value between ‹ and ›, values bold, no frames.
func setupTheme(st common.Styles) *huh.Theme {
	t := huh.ThemeBase()
	plain := st.Text
	t.Form.Base, t.Group.Base = plain, plain
	t.FieldSeparator = plain.SetString("\n")
	t.Focused.Base = plain
	t.Focused.SelectedOption = st.Value
	t.Focused.PrevIndicator = st.Focused.SetString("‹ ")
	t.Focused.NextIndicator = st.Focused.SetString(" ›")
	t.Focused.TextInput = huh.TextInputStyles{Cursor: st.Cursor, CursorText: plain, Placeholder: st.Dim, Prompt: plain, Text: plain}
	t.Blurred = t.Focused
	t.Blurred.PrevIndicator, t.Blurred.NextIndicator = plain.SetString(""), plain.SetString("")
	return t
}

// choice is an option of a row: what it shows and its value.
func hopt[T comparable](show string, v T) huh.Option[T] { return huh.NewOption(show, v) }

// buildForm makes the huh form of the fields on offer, bound to the
// setup, focused on m.focus. The form never moves by its own keys: the
// screen moves the focus, so that ↑/↓ wrap around and enter starts from
// any row.
func (m *Model) buildForm() {
	st := m.ctx.Styles
	labelW := m.labelWidth()
	m.optVals = map[string]*string{}
	var rows []huh.Field
	for _, f := range m.Fields {
		row := &setupRow{Field: m.formField(f),
			on:  "▸ " + st.Focused.Render(fmt.Sprintf("%-*s", labelW, m.Label(f))) + "  ",
			off: "  " + st.Label.Render(fmt.Sprintf("%-*s", labelW, m.Label(f))) + "  ",
		}
		rows = append(rows, row)
	}
	m.form = huh.NewForm(huh.NewGroup(rows...)).WithTheme(setupTheme(st)).
		WithShowHelp(false).WithShowErrors(false)
	m.form.SubmitCmd, m.form.CancelCmd = nil, nil
	m.form.Init()
	focus := m.Focus
	m.Focus = 0
	m.focusOn(focus)
	m.shape = m.formShape()
	m.layout()
}

// formField is the huh field for one of the setup's fields.
func (m *Model) formField(f setupField) huh.Field {
	onOff := func(on string, v *bool) huh.Field {
		return huh.NewSelect[bool]().Inline(true).Options(hopt("off", false), hopt(on, true)).Value(v)
	}
	switch f.Kind {
	case fieldGame:
		var opts []huh.Option[string]
		for _, r := range m.rulesets {
			opts = append(opts, hopt(r.Name(), r.ID()))
		}
		return huh.NewSelect[string]().Inline(true).Options(opts...).Value(&m.setup.Game)
	case fieldOption:
		v := new(string)
		*v = m.setup.Options[f.Option.Key]
		m.optVals[f.Option.Key] = v
		return huh.NewSelect[string]().Inline(true).Options(huh.NewOptions(f.Option.Values...)...).Value(v)
	case FieldPlayers:
		example := "(type names: e.g. Ann, Bob, Cy)"
		if lo, hi := m.ruleset().Players(); hi == 2 && lo == 2 { // the example fits the game
			example = "(type names: e.g. Ann, Bob)"
		}
		m.Names.Placeholder = example
		return &namesField{Field: huh.NewInput(), text: &m.Names}
	case fieldStarter:
		m.setup.Starter = m.starter()
		opts := []huh.Option[string]{hopt("the first name", "")}
		if len(m.players()) > 0 {
			opts = []huh.Option[string]{hopt("pick at random", common.StarterRandom)}
			for _, v := range m.starterValues()[1:] {
				opts = append(opts, hopt(v, v))
			}
		}
		return huh.NewSelect[string]().Inline(true).Options(opts...).Value(&m.setup.Starter)
	case fieldCountAid:
		return onOff("on: show the numbers left this year", &m.setup.CountAid)
	case fieldHandOff:
		return onOff("on: \"Pass to …\" between turns", &m.setup.HandOff)
	case fieldSound:
		return onOff("on", &m.setup.Sound)
	case fieldSpeak:
		return onOff("on", &m.setup.Speak)
	}
	opts := []huh.Option[int]{hopt("off", 0)}
	for _, v := range timerValues[1:] {
		opts = append(opts, hopt(common.Clock(v)+" a turn", v))
	}
	return huh.NewSelect[int]().Inline(true).Options(opts...).Value(&m.setup.Timer)
}

// formShape names the rows and the choices that depend on other rows: the
// form is built again when it changes.
func (m *Model) formShape() string {
	var b strings.Builder
	for _, f := range m.Fields {
		fmt.Fprintf(&b, "%d:%s,", f.Kind, f.Option.Key)
	}
	b.WriteString(strings.Join(m.starterValues(), ","))
	return b.String()
}

// focusOn moves the form's focus to row i, a row at a time.
func (m *Model) focusOn(i int) {
	for ; m.Focus < i; m.Focus++ {
		m.form.NextField()
	}
	for ; m.Focus > i; m.Focus-- {
		m.form.PrevField()
	}
}

// layout sizes the form: the rows that fit between the header and the
// hint, the form scrolling to the focus.
func (m *Model) layout() {
	if m.form == nil {
		return
	}
	m.form.WithWidth(max(m.W, common.MinWidth)).WithHeight(m.room())
	m.form.Update(setupLayoutMsg{})
}

// setupLayoutMsg has the form lay its rows out again.
type setupLayoutMsg struct{}
