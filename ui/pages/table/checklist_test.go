package table

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/eventdeck/eventdeck/ui/common"
)

// A step's checklist lines are its own: by how it stands, its title, what
// it tells and the width.
func TestCheckStepKeysEverything(t *testing.T) {
	ctx := &State{ctx: &common.Context{Styles: common.NewStyles(trueColour())}, cache: &tableCache{}}
	base := checkKey{kind: stepDone, title: "Production", text: "every settlement next to an 8 takes its resource card", width: 30}
	lines := func(k checkKey) string {
		var s string
		for _, l := range ctx.checkStep(k) {
			s += l.Text + "|" + l.short + "\n"
		}
		return s
	}
	seen := map[string]checkKey{lines(base): base}
	for _, k := range []checkKey{
		{kind: stepDone, title: base.title, text: "nothing", width: 30},
		{kind: stepDone, title: "Robber", text: base.text, width: 30},
		{kind: stepDone, title: base.title, text: base.text, width: 60},
		{kind: stepToCome, title: base.title, width: 30},
		{kind: stepAnswered, title: base.title, width: 30},
	} {
		got := lines(k)
		if other, ok := seen[got]; ok {
			t.Fatalf("%+v lays out as %+v", k, other)
		}
		seen[got] = k
	}
	if lines(base) != lines(checkKey{kind: base.kind, title: base.title, text: base.text, width: base.width}) {
		t.Fatal("the same step laid out twice differs")
	}
}

// When the checklist is short of room, an answer keeps one line: one that
// no later step tells (who damaged a road) must not vanish.
func TestToldKeepsEachAnswerOnOneLine(t *testing.T) {
	c := checkLines{
		{Text: "✓ Damaged a road: Ann, Bob,", answered: true, short: "✓ Damaged a road: Ann, Bo…"},
		{Text: "Cy and Dee", answered: true, Cont: true},
		{Text: "✓ Production: every settlement"},
	}
	got := c.told().lines()
	if len(got) != 2 || got[0] != "✓ Damaged a road: Ann, Bo…" || got[1] != "✓ Production: every settlement" {
		t.Fatalf("told %q", got)
	}
}

// Choices that do not fit the lines left go in two columns, cut to fit.
func TestChoiceColumns(t *testing.T) {
	choices := []string{"1 Yule (stays)", "2 Invention", "3 A card with a very long title indeed", "4 Plague", "5 Feud"}
	if got := choiceColumns(choices, 40, 5); len(got) != 5 {
		t.Fatalf("room for all, got %q", got)
	}
	got := choiceColumns(choices, 40, 3)
	if len(got) != 3 || !strings.HasPrefix(got[0], "1 Yule (stays)") || !strings.Contains(got[0], "4 Plague") || !strings.Contains(got[2], "…") {
		t.Fatalf("two columns: %q", got)
	}
	for _, l := range got {
		if w := lipgloss.Width(l); w > 40 {
			t.Fatalf("%q is %d wide", l, w)
		}
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
