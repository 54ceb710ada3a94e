package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// The resume screen offers the archived games: ↓ chooses one and shows
// it, enter resumes it, and the save it replaces is archived first.
func TestResumeScreenOffersArchives(t *testing.T) {
	st, opts := playedGame(t) // 3 draws, saved
	archive, err := st.Archive()
	if err != nil {
		t.Fatal(err)
	}
	old, err := st.Open(strings.TrimSuffix(filepath.Base(archive), ".json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	// A save again: the archive's game one draw further.
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	m = press(m, "enter")
	drawTurns(m, 1)
	if got, _ := st.Load(nil); got.Game == nil || got.Game.Now.Draws != 4 {
		t.Fatalf("no save of 4 draws: %+v", got)
	}
	opts.Loaded, _ = st.Load(nil)
	opts.Archives = []deck.SavedGame{{Name: "game-x", When: time.Date(2025, 1, 14, 20, 14, 0, 0, time.Local), Game: old}}
	m, _ = New(opts)
	m = update(m, sizeMsg(80, 24))
	v := view(m)
	for _, w := range []string{"Saved games", "› in progress · Ann, Bob, Cy", "Tue 14 Jan 20:14 · Ann, Bob, Cy", "↑/↓ other saved games"} {
		if !strings.Contains(v, w) {
			t.Fatalf("resume screen lacks %q:\n%s", w, v)
		}
	}
	m = press(m, "down")
	if v := view(m); !strings.Contains(v, "› Tue 14 Jan 20:14") {
		t.Fatalf("↓ did not choose the archive:\n%s", v)
	}
	m = press(m, "enter")
	if !m.onTable() || m.table.Now() != old.Now {
		t.Fatal("enter did not resume the archive")
	}
	games, _ := st.Games(nil)
	n := 0
	for _, g := range games {
		if !g.Current() && !g.Backup {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("the save was not archived before the archive replaced it: %+v", games)
	}
}
