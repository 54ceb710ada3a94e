package textfield

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/common"
)

func typeKeys(f Model, keys ...tea.KeyMsg) Model {
	for _, k := range keys {
		f, _ = f.Update(k)
	}
	return f
}

// viewIn is f's view in width columns.
func viewIn(f Model, width int) string {
	f.SetWidth(width)
	return f.View()
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

func TestFieldEditsALine(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "", "", 20, "")
	f.Focus()
	cases := []struct {
		name string
		keys []tea.KeyMsg
		want string
		pos  int
	}{
		{"typing", []tea.KeyMsg{runes("Ann"), {Type: tea.KeySpace}, runes("Bob")}, "Ann Bob", 7},
		{"backspace", []tea.KeyMsg{runes("Annx"), {Type: tea.KeyBackspace}}, "Ann", 3},
		{"insert in the middle", []tea.KeyMsg{runes("An"), {Type: tea.KeyLeft}, runes("n")}, "Ann", 2},
		{"home and delete", []tea.KeyMsg{runes("xAnn"), {Type: tea.KeyHome}, {Type: tea.KeyDelete}}, "Ann", 0},
		{"ctrl+w takes a word", []tea.KeyMsg{runes("Ann, Bob"), {Type: tea.KeyCtrlW}}, "Ann, ", 5},
		{"alt+backspace takes a word", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyBackspace, Alt: true}}, "Ann ", 4},
		{"ctrl+u to the start", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyLeft}, {Type: tea.KeyCtrlU}}, "b", 0},
		{"ctrl+k to the end", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyCtrlA}, {Type: tea.KeyRight}, {Type: tea.KeyCtrlK}}, "A", 1},
		{"alt+← a word back", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyLeft, Alt: true}, runes("x")}, "Ann xBob", 5},
		{"alt+d a word on", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyHome}, {Type: tea.KeyRunes, Runes: []rune("d"), Alt: true}}, " Bob", 0},
		{"a paste's breaks become spaces", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("Ann\nBob\tCy\x07"), Paste: true}}, "Ann Bob Cy", 10},
		{"the limit", []tea.KeyMsg{runes("Annabel, Bartholomew, Cy")}, "Annabel, Bartholomew", 20},
		{"backspace at the start", []tea.KeyMsg{{Type: tea.KeyBackspace}}, "", 0},
		{"ctrl+h is backspace", []tea.KeyMsg{runes("Annx"), {Type: tea.KeyCtrlH}}, "Ann", 3},
		{"ctrl+d is delete", []tea.KeyMsg{runes("xAnn"), {Type: tea.KeyHome}, {Type: tea.KeyCtrlD}}, "Ann", 0},
		{"alt+b and alt+f by word", []tea.KeyMsg{runes("Ann Bob"), {Type: tea.KeyRunes, Runes: []rune("b"), Alt: true}, runes("x"),
			{Type: tea.KeyRunes, Runes: []rune("f"), Alt: true}, runes("y")}, "Ann xBoby", 9},
		{"a pasted \\r\\n is one break", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("a\r\nb"), Paste: true}}, "a b", 3},
	}
	for _, c := range cases {
		got := typeKeys(f, c.keys...)
		if got.Value() != c.want || got.Position() != c.pos {
			t.Errorf("%s: %q at %d, want %q at %d", c.name, got.Value(), got.Position(), c.want, c.pos)
		}
	}
}

func TestFieldTypesOnlyWhenFocused(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "", "", 0, "")
	if f = typeKeys(f, runes("Ann")); f.Value() != "" {
		t.Fatalf("a blurred field took %q", f.Value())
	}
}

func TestFieldCopiesDoNotShareEdits(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "", "", 0, "")
	f.Focus()
	f.SetValue("Ann Bob")
	f.SetCursor(3)
	g := typeKeys(f, runes("x"))
	h := typeKeys(f, tea.KeyMsg{Type: tea.KeyBackspace})
	if f.Value() != "Ann Bob" || g.Value() != "Annx Bob" || h.Value() != "An Bob" {
		t.Fatalf("copies shared edits: %q %q %q", f.Value(), g.Value(), h.Value())
	}
}

// cursorStyles draw the cursor in reverse video, so a test sees where it is.
func cursorStyles() common.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI)
	return common.NewStyles(r)
}

// markCursor shows the reverse-video cursor as [x].
func markCursor(s string) string {
	return ansi.Strip(strings.NewReplacer("\x1b[7m", "[", "\x1b[0m", "]").Replace(s))
}

func TestFieldView(t *testing.T) {
	st := cursorStyles()
	f := New(st, "Find: ", "type words", 0, "")
	f.Focus()
	if got := markCursor(viewIn(f, 0)); !strings.HasPrefix(got, "Find: [t]") || !strings.Contains(got, "ype words") {
		t.Errorf("empty: %q", got)
	}
	f.SetValue("calm")
	if got := markCursor(viewIn(f, 0)); got != "Find: calm[ ]" {
		t.Errorf("cursor at the end: %q", got)
	}
	f.SetCursor(1)
	if got := markCursor(viewIn(f, 0)); got != "Find: c[a]lm" {
		t.Errorf("cursor inside: %q", got)
	}
	f.Blur()
	if got := markCursor(viewIn(f, 0)); got != "Find: calm" {
		t.Errorf("blurred: %q", got)
	}
}

// What a reader sees as one character is one: an accent written after
// its letter, an emoji with its variation selector.
func TestFieldKeepsCharactersWhole(t *testing.T) {
	st := cursorStyles()
	f := New(st, "", "", 0, "")
	f.Focus()
	f = typeKeys(f, runes("Zoe"), runes("\u0308"), runes("!"))
	if f.Value() != "Zoe\u0308!" || f.Position() != 5 { // textinput counts runes
		t.Fatalf("accent typed after its letter: %q at %d", f.Value(), f.Position())
	}
	f = typeKeys(f, tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyBackspace})
	if f.Value() != "Zo!" {
		t.Fatalf("backspace took part of ë: %q", f.Value())
	}
	f.SetValue("❤️❤️❤️❤️❤️❤️❤️❤️") // each two columns wide
	f.SetCursor(2)                 // after the first emoji, in runes
	got := viewIn(f, 10)
	if w := ansi.StringWidth(got); w > 10 {
		t.Errorf("emoji: %d columns in a room of 10: %q", w, markCursor(got))
	}
	if !strings.Contains(markCursor(got), "[❤") {
		t.Errorf("the cursor is not on a whole emoji: %q", markCursor(got))
	}
}

// SetValue cuts a remembered text to the limit, as typing would.
func TestFieldSetValueKeepsTheLimit(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "", "", 5, "")
	f.SetValue("Annabel")
	if f.Value() != "Annab" || f.Position() != 5 {
		t.Fatalf("%q at %d", f.Value(), f.Position())
	}
}

// A room narrower than the prompt still shows the cursor, and a width of 0
// means the screen is not sized yet: no limit.
func TestFieldNarrowRoom(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "Find: ", "", 0, "")
	f.Focus()
	f.SetValue("barbarians")
	if got := viewIn(f, 0); got != "Find: barbarians " {
		t.Errorf("unsized: %q", got)
	}
	if got := viewIn(f, 3); !strings.HasPrefix(got, "Find: ") || ansi.StringWidth(got) > len("Find: ")+2 {
		t.Errorf("narrow: %q", got)
	}
}

func TestFieldPastedLinesBecomeNames(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "", "", 0, ", ")
	f.Focus()
	f = typeKeys(f, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Dee\nEve\r\nFay\r\r\n\nGus"), Paste: true})
	if f.Value() != "Dee, Eve, Fay, Gus" {
		t.Fatalf("pasted lines gave %q", f.Value())
	}
}

// A text wider than its room shows the part around the cursor, never
// running past the room.
func TestFieldScrollsToTheCursor(t *testing.T) {
	f := New(common.NewStyles(asciiRenderer()), "> ", "", 0, "")
	f.Focus()
	f.SetValue("Alexandra, Benjamin, Christopher")
	for _, c := range []struct {
		pos  int
		want string
	}{
		{len("Alexandra, Benjamin, Christopher"), "> , Christopher "},
		{0, "> Alexandra, Ben"},
		{len("Alexandra, Benj"), "> amin, Christop"},
	} {
		f.SetCursor(c.pos)
		got := viewIn(f, 16)
		if got != c.want {
			t.Errorf("cursor at %d: %q, want %q", c.pos, got, c.want)
		}
		if w := ansi.StringWidth(got); w > 16 {
			t.Errorf("cursor at %d: %d columns in a room of 16", c.pos, w)
		}
	}
	f.SetValue("李雷李雷李雷李雷")
	if got := viewIn(f, 10); ansi.StringWidth(got) > 10 || !strings.HasSuffix(strings.TrimRight(got, " "), "李雷") {
		t.Errorf("wide letters: %q (%d columns)", got, ansi.StringWidth(got))
	}
	f.SetValue("")
	f.Placeholder = "type names, e.g. Ann, Bob, Cy"
	if got := viewIn(f, 12); !strings.HasPrefix(got, "> type n") || !strings.HasSuffix(got, "…") || ansi.StringWidth(got) > 12 {
		t.Errorf("placeholder: %q", got)
	}
}

// asciiRenderer renders without colour, as the tests' goldens are.
func asciiRenderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	r.SetHasDarkBackground(true)
	return r
}
