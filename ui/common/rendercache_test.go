package common

import (
	"io"
	"reflect"
	"slices"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
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
			ctx := &Context{Styles: NewStyles(r)}
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
	ctx := &Context{Styles: NewStyles(trueColour())}
	st := &ctx.Styles
	text := "Ann moves the robber and steals a card from one player next to it"
	narrow := ctx.Wrapped(&st.Title, "▶ ", text, 20, false)
	var want []string
	for _, l := range WrapLines("▶ "+text, 20) {
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
	if whole := ctx.Wrapped(&st.Dim, "", text, 20, true); !slices.Equal(whole, WrapLines(st.Dim.Render(text), 20)) {
		t.Fatalf("styled whole: %q", whole)
	}
}

// trueColour is the renderer of a terminal with 24-bit colour on a dark
// background: what most players' terminals are.
func trueColour() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	return r
}
