package ui

import (
	"io"
	"reflect"
	"slices"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/pages/table"
)

// paint (and dimmed) give what Render gives, for every style of the
// screens in every colour profile, light and dark, and for styles paint
// must leave to Render.
func TestPaintIsRender(t *testing.T) {
	texts := []string{"", "x", "a b", "Year 3 · draw 12", "✓ Ann  ●● ", "漢字 e\u0301 👩\u200d👩", "two\nlines", "a\ttab", "cr\r\nlf", "\x1b[1mbold\x1b[0m"}
	for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		for _, dark := range []bool{true, false} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(profile)
			r.SetHasDarkBackground(dark)
			ctx := &common.Context{Styles: common.NewStyles(r)}
			styles := map[string]*lipgloss.Style{}
			v := reflect.ValueOf(&ctx.Styles).Elem()
			for i := range v.NumField() {
				if f := v.Type().Field(i); f.IsExported() && f.Type == reflect.TypeFor[lipgloss.Style]() {
					styles[f.Name] = v.Field(i).Addr().Interface().(*lipgloss.Style)
				}
			}
			padded, under, wide := r.NewStyle().Padding(0, 1).Bold(true), r.NewStyle().Underline(true), r.NewStyle().Width(12)
			styles["padded"], styles["underlined"], styles["wide"] = &padded, &under, &wide
			if len(styles) < 20 {
				t.Fatalf("%d styles found", len(styles))
			}
			for _, text := range texts {
				if got, want := ctx.Styles.Dimmed(text), ctx.Styles.Dim.Render(text); got != want {
					t.Errorf("profile %v dark %v: dimmed %q: %q, Render %q", profile, dark, text, got, want)
				}
			}
			for name, s := range styles {
				for _, text := range texts {
					if got, want := ctx.Paint(s, text), s.Render(text); got != want {
						t.Errorf("profile %v dark %v: %s on %q: paint %q, Render %q", profile, dark, name, text, got, want)
					}
				}
			}
		}
	}
}

// wrapped gives what wrapping and styling each time gives, its lines are
// the caller's to append to, and a width or a style of its own is a
// result of its own.
func TestWrappedIsFreshAndShared(t *testing.T) {
	ctx := &common.Context{Styles: common.NewStyles(trueColour())}
	st := &ctx.Styles
	text := "Ann moves the robber and steals a card from one player next to it"
	narrow := ctx.Wrapped(&st.Title, "▶ ", text, 20, false)
	var want []string
	for _, l := range common.WrapLines("▶ "+text, 20) {
		want = append(want, st.Title.Render(l))
	}
	if !slices.Equal(narrow, want) {
		t.Fatalf("wrapped %q, want %q", narrow, want)
	}
	_ = append(narrow, "appended")
	if again := ctx.Wrapped(&st.Title, "▶ ", text, 20, false); !slices.Equal(again, want) {
		t.Fatalf("an append to the lines changed the kept ones: %q", again)
	}
	if wide := ctx.Wrapped(&st.Title, "▶ ", text, 80, false); len(wide) != 1 {
		t.Fatalf("at 80 columns: %q", wide)
	}
	if dim := ctx.Wrapped(&st.Dim, "▶ ", text, 20, false); dim[0] == narrow[0] {
		t.Fatal("another style, the same lines")
	}
	if whole := ctx.Wrapped(&st.Dim, "", text, 20, true); !slices.Equal(whole, common.WrapLines(st.Dim.Render(text), 20)) {
		t.Fatalf("styled whole: %q", whole)
	}
}

// forgetRendered is what a screen with nothing rendered yet would keep:
// the context's caches, emptied. It returns them, to put back.
func forgetRendered(m Model) (restore func()) {
	ctx := m.ctx.ForgetRendered()
	table := m.table.ForgetRendered()
	return func() {
		ctx()
		table()
	}
}

// Every frame drawn with what earlier frames kept is the frame drawn from
// nothing: over a game's turns, their steps and answers, and resizes, in
// true colour and without colour, for each game. A cache missing a part
// of what a line shows would show a stale line here.
func TestKeptRenderingsAreNeverStale(t *testing.T) {
	sizes := [][2]int{{120, 40}, {60, 50}, {80, 24}, {200, 60}, {60, 20}, {66, 60}, {100, 30}}
	for _, game := range []string{"catan", "rivals", "card-game"} {
		for _, colour := range []bool{false, true} {
			m := newGame(t, game, nil)
			if colour {
				m.ctx.Styles = common.NewStyles(trueColour())
				forgetRendered(m)
				m = update(m, sizeMsg(120, 40))
			}
			keys := []string{"space", "enter", "x", "down", "up", "z", "z"}
			prev := ""
			for i := range 120 {
				if i%12 == 11 {
					s := sizes[(i/12)%len(sizes)]
					m = update(m, sizeMsg(s[0], s[1]))
				}
				k := keys[i%len(keys)]
				if !m.table.Resolving() {
					k = "space"
				}
				m = press(m, k)
				warm := m.View()
				restore := forgetRendered(m)
				cold := m.View()
				restore()
				if warm != cold {
					t.Fatalf("%s (colour %v), key %d (%s): the kept frame\n%s\nthe frame from nothing\n%s", game, colour, i, k, warm, cold)
				}
				if k == "space" && warm == prev {
					t.Fatalf("%s: a new turn, the same frame:\n%s", game, warm)
				}
				prev = warm
			}
		}
	}
}

// A step's checklist lines are its own: by how it stands, its title, what
// it tells and the width.
func TestCheckStepKeysEverything(t *testing.T) {
	ctx := &table.State{Ctx: &common.Context{Styles: common.NewStyles(trueColour())}, Cache: &table.Cache{}}
	base := table.CheckKey{Kind: table.StepDone, Title: "Production", Text: "every settlement next to an 8 takes its resource card", Width: 30}
	lines := func(k table.CheckKey) string {
		var s string
		for _, l := range ctx.CheckStep(k) {
			s += l.Text + "|" + l.Short + "\n"
		}
		return s
	}
	seen := map[string]table.CheckKey{lines(base): base}
	for _, k := range []table.CheckKey{
		{Kind: table.StepDone, Title: base.Title, Text: "nothing", Width: 30},
		{Kind: table.StepDone, Title: "Robber", Text: base.Text, Width: 30},
		{Kind: table.StepDone, Title: base.Title, Text: base.Text, Width: 60},
		{Kind: table.StepToCome, Title: base.Title, Width: 30},
		{Kind: table.StepAnswered, Title: base.Title, Width: 30},
	} {
		got := lines(k)
		if other, ok := seen[got]; ok {
			t.Fatalf("%+v lays out as %+v", k, other)
		}
		seen[got] = k
	}
	if lines(base) != lines(table.CheckKey{Kind: base.Kind, Title: base.Title, Text: base.Text, Width: base.Width}) {
		t.Fatal("the same step laid out twice differs")
	}
}

// choice joins its parts, and the spaces in them, by non-breaking spaces.
func TestChoiceKeepsItsWordsTogether(t *testing.T) {
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"x"}, "x"},
		{[]string{"x", "skip"}, "x" + common.Keep + "skip"},
		{[]string{"a digit ticks or unticks"}, "a" + common.Keep + "digit" + common.Keep + "ticks" + common.Keep + "or" + common.Keep + "unticks"},
		{[]string{"1", "[ ]", "Anne Marie"}, "1" + common.Keep + "[" + common.Keep + "]" + common.Keep + "Anne" + common.Keep + "Marie"},
		{[]string{"", " ", ""}, common.Keep + common.Keep + common.Keep},
	} {
		if got := common.Choice(c.parts...); got != c.want {
			t.Errorf("choice(%q) = %q, want %q", c.parts, got, c.want)
		}
	}
}

// keyName is what tea names a key, and keyIs matches as key.Matches does.
func TestKeyNameIsTeas(t *testing.T) {
	var keys []tea.KeyMsg
	for typ := tea.KeyType(-60); typ < 130; typ++ {
		keys = append(keys, tea.KeyMsg{Type: typ}, tea.KeyMsg{Type: typ, Alt: true})
	}
	for r := rune(0); r < 300; r++ {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: true}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Paste: true})
	}
	keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("ab")}, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	bindings := common.DefaultKeyMap().Table
	off := key.NewBinding(key.WithKeys("space", " ", "a"))
	off.SetEnabled(false)
	for _, km := range keys {
		if got, want := common.KeyName(km), km.String(); got != want {
			t.Fatalf("%#v: keyName %q, String %q", km, got, want)
		}
		for _, b := range []key.Binding{bindings.Draw, bindings.Undo, bindings.Walker.Up, bindings.Walker.Confirm, off} {
			if got, want := common.KeyIs(km, b), key.Matches(km, b); got != want {
				t.Fatalf("%#v on %v: keyIs %v, Matches %v", km, b.Keys(), got, want)
			}
		}
	}
}
