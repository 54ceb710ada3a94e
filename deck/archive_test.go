package deck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Games lists the save, its backup and the archives, newest first; Open
// reads any of them by that name and moves nothing, even a broken one.
func TestGamesListsAndOpensArchives(t *testing.T) {
	st := NewStore(t.TempDir())
	if games, err := st.Games(nil); len(games) != 0 || err != nil {
		t.Fatalf("an empty folder lists %v %v", games, err)
	}
	g := newTestGame(1)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 1)
	_ = g.Do(drawOne)
	saveGame(t, st, g, 2)
	// Two archives in one second: the second gets "-1".
	for _, name := range []string{"game-20240101-100000", "game-20240101-100000-1", "game-20230505-090000"} {
		if err := os.WriteFile(filepath.Join(st.Dir, name+".json"), mustEncode(t, g), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	broken := filepath.Join(st.Dir, "game-20220101-000000.json")
	if err := os.WriteFile(broken, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, other := range []string{"game.json.broken-20240101-000000", "notes.json", "crash-1.txt"} {
		_ = os.WriteFile(filepath.Join(st.Dir, other), []byte("x"), 0o600)
	}
	games, err := st.Games(nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range games {
		names = append(names, s.Name)
	}
	want := "game game.bak game-20240101-100000-1 game-20240101-100000 game-20230505-090000 game-20220101-000000"
	if strings.Join(names, " ") != want {
		t.Fatalf("games: %v, want %s", names, want)
	}
	if games[0].Game == nil || games[0].Game.Now.Draws != 2 || games[1].Game.Now.Draws != 1 || !games[1].Backup || games[5].Problem == nil {
		t.Fatalf("games read: %+v", games)
	}
	for _, name := range []string{"game-20240101-100000", "game-20240101-100000.json", "game.bak"} {
		if got, err := st.Open(name, nil); err != nil || got == nil {
			t.Errorf("open %s: %v", name, err)
		}
	}
	before, _ := os.ReadFile(broken)
	if _, err := st.Open("game-20220101-000000", nil); err == nil {
		t.Error("a broken archive opened")
	}
	if after, _ := os.ReadFile(broken); !bytes.Equal(before, after) {
		t.Error("opening a broken archive moved or changed it")
	}
	for _, bad := range []string{"../game", "game-2024", "notes", "game.json.broken-20240101-000000", "game-20190101-000000"} {
		if _, err := st.Open(bad, nil); !errors.Is(err, ErrNoGame) {
			t.Errorf("open %q: %v, want ErrNoGame", bad, err)
		}
	}
	archives, _ := st.Archives(2, nil)
	if len(archives) != 2 || archives[0].Name != "game-20240101-100000-1" || archives[1].Name != "game-20240101-100000" {
		t.Fatalf("archives: %+v", archives)
	}
}

// TestGameNames: the names a store writes, and near misses it must not
// take for its own.
func TestGameNames(t *testing.T) {
	for name, want := range map[string]bool{
		"game": true, "game.bak": true, "game-20240101-100000": true, "game-20240101-100000.bak": true,
		"game-20240101-100000-1": true, "game-20240101-100000-1234.bak": true,
		"": false, "gam": false, "games": false, "game.bak.bak": false, "game-": false, "game-2024-100000": false,
		"game-20240101-10000": false, "game-20240101-1000000": false, "game-20240101x100000": false,
		"game-20240101-100000-": false, "game-20240101-100000-12345": false, "game-20240101-100000-1a": false,
		"game-2024o101-100000": false, "xgame": false, "game.json": false, ".bak": false,
	} {
		if got := isGameName(name); got != want {
			t.Errorf("isGameName(%q) = %v, want %v", name, got, want)
		}
	}
}
