package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/ui/session"
)

// crashModel is a table that panics on demand: d draws, u panics in
// Update (after a draw), v makes the next View panic, c runs a command that
// panics, q quits.
type crashModel struct {
	rules      *catan.Ruleset
	game       *deck.Game
	viewPanics bool
}

func newCrashModel(t *testing.T) crashModel {
	t.Helper()
	r, err := catan.New(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.NewGame(nil, []deck.Player{{Name: "Ann"}, {Name: "Bob"}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	return crashModel{rules: r, game: deck.NewGame(s)}
}

func (m crashModel) draw() {
	_ = m.game.Do(func(s *deck.State) error { _, err := m.rules.Draw(s); return err })
}

func (m crashModel) Init() tea.Cmd { return nil }

func (m crashModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	// Keys read from a pipe may come as one message of several runes.
	for _, k := range km.Runes {
		switch k {
		case 'd':
			m.draw()
		case 'u':
			m.draw() // the game changes, then the update fails
			panic("boom in Update")
		case 'v':
			m.viewPanics = true
		case 'c':
			return m, func() tea.Msg { panic("boom in a command") }
		case 'q':
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m crashModel) View() string {
	if m.viewPanics {
		panic("boom in View")
	}
	return "draws: " + string(rune('0'+m.game.Now.Draws))
}

func (m crashModel) Game() *deck.Game { return m.game }

func (m crashModel) Session() *session.Session { return nil }

func (m crashModel) Notify(func(tea.Msg)) {}

// oneKeyAtATime reads one byte per Read, so that each key is a message.
type oneKeyAtATime struct{ r io.Reader }

func (o oneKeyAtATime) Read(p []byte) (int, error) { return o.r.Read(p[:min(len(p), 1)]) }

// playKeys runs play on keys with a store in a new folder.
func playKeys(t *testing.T, keys string) (code int, stderr string, st *deck.Store) {
	t.Helper()
	var errOut bytes.Buffer
	a := &app{stdout: io.Discard, stderr: &errOut}
	st = deck.NewStore(t.TempDir())
	code = a.play(newCrashModel(t), st,
		tea.WithInput(oneKeyAtATime{strings.NewReader(keys)}), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	return code, errOut.String(), st
}

func savedDraws(t *testing.T, st *deck.Store) int {
	t.Helper()
	got, err := st.Load(nil)
	if err != nil || got.Game == nil {
		t.Fatalf("no game saved: %+v %v", got, err)
	}
	return got.Game.Now.Draws
}

func TestPlayQuitSavesAndExitsOK(t *testing.T) {
	code, stderr, st := playKeys(t, "dddq")
	if code != ExitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := savedDraws(t, st); n != 3 {
		t.Fatalf("saved %d draws, want 3", n)
	}
}

func TestPlayPanicExitsNonZeroSavesAndReports(t *testing.T) {
	tests := []struct {
		name, keys, panic string
		draws             int
	}{
		{"in Update", "ddu", "boom in Update", 2}, // the draw made by the failing update is not kept
		{"in View", "ddv", "boom in View", 2},
		{"in a command", "dddc", "boom in a command", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stderr, st := playKeys(t, tt.keys)
			if code != ExitError {
				t.Fatalf("a panic exited %d, want %d", code, ExitError)
			}
			if n := savedDraws(t, st); n != tt.draws {
				t.Errorf("saved %d draws, want the last good state's %d", n, tt.draws)
			}
			reports, _ := filepath.Glob(filepath.Join(st.Dir, "crash-*.txt"))
			if len(reports) != 1 {
				t.Fatalf("crash reports: %v", reports)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, reports[0]) || !strings.Contains(stderr, st.Path()) {
				t.Errorf("stderr does not say in one line where the report and the game went: %q", stderr)
			}
			fi, err := os.Stat(reports[0])
			if err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("report mode %v (%v), want 0600", fi.Mode().Perm(), err)
			}
			b, _ := os.ReadFile(reports[0])
			if !strings.Contains(string(b), tt.panic) || !strings.Contains(string(b), "goroutine") {
				t.Errorf("the report lacks the panic or its stack:\n%s", b)
			}
		})
	}
}
