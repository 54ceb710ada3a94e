package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

// The kill loop's comparison sees a Rivals turn lost without a card
// drawn: the save one roll behind the screen, at the same year and draw,
// is behind, not ahead (issue 39: year and draw alone took it for ahead).
func TestKillLoopSeesATurnLostWithoutADraw(t *testing.T) {
	r := rulesetOf(t, "rivals")
	s, err := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var before *deck.State
	for range 40 {
		prev := s.Clone()
		main, ok := expansions.Main(r.Actions(s))
		if !ok {
			t.Fatal("nothing to roll")
		}
		if err := r.Act(s, deck.Action{ID: main.ID}); err != nil {
			t.Fatal(err)
		}
		if s.Turns() > 1 && s.DrawnThisYear() == prev.DrawnThisYear() && s.Year == prev.Year {
			before = prev
			break
		}
	}
	if before == nil {
		t.Fatal("no turn without a draw in 40 rolls")
	}
	shown := tableShown{year: s.Year, draw: s.DrawnThisYear(), last: lastLine(t, s, s.Turns())}
	state := t.TempDir()
	data, err := deck.Encode(deck.NewGame(before))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, deck.SaveFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
	if !lostDraw(t, state, shown) {
		t.Errorf("a save a turn behind the screen (%d turns, the screen %d) is taken for one ahead", before.Turns(), s.Turns())
	}
	if shownOnTheWay(t, state, shown) {
		t.Error("the screen's turn is taken as on the way")
	}
	data, _ = deck.Encode(deck.NewGame(s))
	_ = os.WriteFile(filepath.Join(state, deck.SaveFile), data, 0o600)
	if lostDraw(t, state, shown) || !shownOnTheWay(t, state, shown) {
		t.Error("the save of the screen's own state is not taken as it")
	}
}
