package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// The table changes mid-game: rename, colour, move, add, remove, and the
// hand limit; each change is in the history and can be undone; the turns
// and facts follow the players they belong to.
func TestPlayersChangeMidGame(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann:green", "Bob", "Cy")
	if got := m.table.Now().ColourOf(0); got != "green" {
		t.Fatalf("Ann plays %s, chose green", got)
	}
	m = drawTurns(m, 3)
	m = finishTurn(m)
	g := m.table.Hand
	if err := g.SetFact(deck.Question{Key: "longest-road", Kind: deck.AskPlayer}, "1"); err != nil { // Bob
		t.Fatal(err)
	}
	m = press(m, "e")
	if v := view(m); !strings.Contains(v, "The table") || !strings.Contains(v, "Hand limit on a 7") {
		t.Fatalf("players screen:\n%s", v)
	}
	// Rename Bob to Bea.
	m = press(m, "down", "enter", "backspace", "backspace", "e", "a", "enter")
	if g.Now().Players[1].Name != "Bea" {
		t.Fatalf("rename: %v", g.Now().Players)
	}
	// Bea moves up a seat: she and Ann change places, her turns and her
	// Longest Road with her.
	m = press(m, "[")
	s := g.Now()
	if s.Players[0].Name != "Bea" || s.Players[1].Name != "Ann" {
		t.Fatalf("move: %v", s.Players)
	}
	if s.Facts["longest-road"] != "0" {
		t.Fatalf("Longest Road did not follow Bea: %v", s.Facts)
	}
	if s.TurnAt(1).Player != 0 || s.TurnAt(0).Player != 1 { // Ann drew 1st, Bob 2nd
		t.Fatalf("turns did not follow their players: %d %d", s.TurnAt(0).Player, s.TurnAt(1).Player)
	}
	// Dee joins; Cy leaves.
	m = press(m, "+", "D", "e", "e", "enter")
	if len(g.Now().Players) != 4 || g.Now().Players[3].Name != "Dee" {
		t.Fatalf("add: %v", g.Now().Players)
	}
	m = press(m, "up", "-", "y") // cursor on Dee → up to Cy
	if names(g.Now().Players) != "Bea,Ann,Dee" || g.Now().PlayerName(3) != "Cy" {
		t.Fatalf("remove: %v, left %v", g.Now().Players, g.Now().Left)
	}
	// The hand limit: the last row.
	m = press(m, "down", "right", "right")
	if g.Now().Options["hand-limit"] != "9" {
		t.Fatalf("hand limit %q", g.Now().Options["hand-limit"])
	}
	m = press(m, "u") // a setting can be undone, as a change of seats can
	if g.Now().Options["hand-limit"] != "8" {
		t.Fatalf("undo: hand limit %q", g.Now().Options["hand-limit"])
	}
	m = press(m, "esc")
	if !m.onTable() {
		t.Fatal("esc did not go back to the table")
	}
	h := view(press(m, "h"))
	for _, want := range []string{"Bob is now called Bea", "Bea and Ann change seats", "Dee joins the table", "Cy leaves the table", "Cy"} {
		if !strings.Contains(h, want) {
			t.Fatalf("history lacks %q:\n%s", want, h)
		}
	}
	// The game goes on with the new table and saves as any other.
	m = press(m, "esc")
	m = drawTurns(m, 4)
	if _, err := deck.Decode(mustEncode(t, g.Game())); err != nil {
		t.Fatalf("the changed table does not load: %v", err)
	}
	st := view(press(finishTurn(m), "s"))
	if !strings.Contains(st, "Cy") || !strings.Contains(st, "Dee") {
		t.Fatalf("statistics lack a player:\n%s", st)
	}
}

func names(ps []deck.Player) string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name)
	}
	return strings.Join(n, ",")
}

func mustEncode(t *testing.T, g *deck.Game) []byte {
	t.Helper()
	data, err := deck.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A two-player game seats a fixed table: names and colours only.
func TestFixedTableRenamesOnly(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup = common.Setup{Game: "rivals", Players: []string{"Ann", "Bob"}}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m = update(m, sizeMsg(80, 24))
	m = press(m, "e", "+", "-", "[")
	if m.playersScreen().IsTyping() || m.playersScreen().Removing {
		t.Fatal("a fixed table took + or -")
	}
	if v := view(m); !strings.Contains(v, "fixed table") {
		t.Fatalf("no word on the fixed table:\n%s", v)
	}
}

// Colours are the players' own: never shared, and they move with them;
// after a move the turn goes on from whoever played last.
func TestColoursStayWithPlayersAndTurnsGoOn(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Players = []string{"Ann:blue", "Bob", "Cy", "Dee"}
	m, _ := New(opts)
	m = update(m, sizeMsg(80, 24))
	s := m.table.Now()
	seen := map[string]bool{}
	for i := range s.Players {
		if c := s.ColourOf(i); seen[c] {
			t.Fatalf("%s is played twice: %v", c, s.Players)
		} else {
			seen[c] = true
		}
	}
	m = finishTurn(drawTurns(m, 2)) // Ann, then Bob played; Cy is next
	cy := m.table.Now().ColourOf(2)
	m = press(m, "e", "down", "down", "[", "esc") // Cy moves above Bob
	s = m.table.Now()
	if s.Players[1].Name != "Cy" || s.ColourOf(1) != cy {
		t.Fatalf("Cy's colour did not move with her: %v", s.Players)
	}
	if s.Players[s.Current].Name != "Dee" {
		t.Fatalf("after Bob played and Cy moved above him, %s plays next, want Dee", s.Players[s.Current].Name)
	}
	// ←/→ skips colours others play.
	m = press(m, "e", "right")
	if c := m.table.Now().ColourOf(0); seen[c] && c != "blue" {
		t.Fatalf("Ann took a colour another plays: %s", c)
	}
}

// A name typed on the players screen follows the same rules as in setup:
// no comma, at most deck.MaxName characters; while typing, "?" is text and
// the footer says f1 opens help; a long name widens the column.
func TestPlayersNamesAreChecked(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	g := m.table.Hand
	m = press(m, "e", "enter", "ctrl+u")
	if v := view(m); !strings.Contains(v, "f1 help") || strings.Contains(v, "? help") {
		t.Fatalf("footer while typing a name:\n%s", v)
	}
	m = typeText(m, "Jo, Al?")
	m = press(m, "enter")
	if g.Now().Players[0].Name != "Ann" || !strings.Contains(view(m), "holds a comma") {
		t.Fatalf("a name with a comma: %v\n%s", g.Now().Players, view(m))
	}
	m = press(m, "ctrl+u") // the name stays open to be put right
	m = typeText(m, "Bartholomew Fairweather III")
	m = press(m, "enter")
	if g.Now().Players[0].Name != "Ann" || !strings.Contains(view(m), "longer than 24 characters") {
		t.Fatalf("a name too long: %v\n%s", g.Now().Players, view(m))
	}
	m = press(m, "ctrl+u")
	m = typeText(m, "Alexandra Konstantinova")
	m = press(m, "enter")
	if g.Now().Players[0].Name != "Alexandra Konstantinova" || !strings.Contains(view(m), "Alexandra Konstantinova  ") {
		t.Fatalf("a long name: %v\n%s", g.Now().Players, view(m))
	}
}

// A player may not join a full table nor leave one at its fewest: the
// screen says so instead of ignoring the key.
func TestPlayersSaysWhySeatsAreFixed(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob")
	m = press(m, "e", "-")
	if v := view(m); !strings.Contains(v, "2 players is the fewest this game takes.") {
		t.Fatalf("removing from two players:\n%s", v)
	}
	if len(m.table.Now().Players) != 2 {
		t.Fatal("a player left")
	}
}

// Issue 23: moving or removing a seat while a question is open keeps the
// turn open with its question, and the change can be undone.
func TestSeatChangeKeepsTheOpenQuestion(t *testing.T) {
	for _, keys := range [][]string{{"e", "]", "esc"}, {"e", "-", "y", "esc"}, {"e", "+", "E", "v", "e", "enter", "esc"}} {
		m := quickGame(t, 80, 24, "Ann", "Bob", "Cy", "Dee")
		for i := 0; i < 200 && m.table.Question() == nil; i++ {
			m = press(finishTurn(m), "space")
		}
		q := m.table.Question()
		if q == nil {
			t.Fatal("no question in 200 draws")
		}
		turns := m.table.Now().Turns()
		m = press(m, keys...)
		if !m.onTable() || m.table.Question() == nil || m.table.Now().Turns() != turns {
			t.Fatalf("%v closed the turn (question %v, %d turns, was %d):\n%s", keys, m.table.Question(), m.table.Now().Turns(), turns, view(m))
		}
		if !strings.Contains(view(m), q.Prompt) && !strings.Contains(view(m), q.Topic) {
			t.Errorf("%v: the question %q is not on screen:\n%s", keys, q.Prompt, view(m))
		}
		players := len(m.table.Now().Players)
		if m = press(m, "u"); len(m.table.Now().Players) == players && keys[1] != "]" {
			t.Errorf("%v could not be undone", keys)
		}
	}
}

// A seat change keeps what the open turn's questions were answered: answers
// that name players follow them (a play-test: moving a seat after
// "Helpful Neighbor: Bob gives…" asked the question again, and the next
// space answered it "nobody"). One that names a player who leaves is asked
// again.
func TestSeatChangeKeepsTheAnswers(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy", "Dee")
	var q *deck.Question
	for i := 0; i < 300; i++ {
		m = press(finishTurn(m), "space")
		if q = m.table.Question(); q != nil && q.Kind == deck.AskPlayer {
			break
		}
	}
	if q == nil || q.Kind != deck.AskPlayer {
		t.Fatal("no question about one player in 300 draws")
	}
	m = press(m, "2") // Bob
	if q2 := m.table.Question(); q2 != nil && q2.Key == q.Key {
		m = press(m, "enter")
	}
	said := m.table.Now().Open.Said[q.Key]
	if !strings.Contains(said, "Bob") {
		t.Fatalf("Bob not taken for %q: %q\n%s", q.Prompt, said, view(m))
	}
	turns := m.table.Now().Turns()
	m = press(m, "e", "down", "]", "esc") // Bob and Cy change seats
	open := m.table.Now().Open
	if m.table.Now().Turns() != turns || open.Said[q.Key] != said || open.Answers[q.Key] != "2" {
		t.Fatalf("after Bob and Cy change seats: %q answered %q (%q), want Bob, now seat 2:\n%s", q.Prompt, open.Answers[q.Key], open.Said[q.Key], view(m))
	}
	if q2 := m.table.Question(); q2 != nil && q2.Key == q.Key {
		t.Fatalf("%q is asked again:\n%s", q.Prompt, view(m))
	}
	if err := m.Session().As(session.TheHost()).Reseat([]int{0, 1, -1, 2}, "Bob leaves the table"); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Session().Now().Open.Answers[q.Key]; ok {
		t.Fatalf("the answer still names Bob, who left: %q", m.Session().Now().Open.Answers[q.Key])
	}
}

// The play-test: "Left the table: Eve" stayed on the players screen long
// after Eve left. The note says what the last key did: the next key on
// the screen, or leaving it, takes it away.
func TestLeftTableNoteLastsOneKey(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy", "Eve")
	m = press(m, "e", "down", "down", "down", "-", "y") // Eve, the 4th seat
	if g := m.table.Hand.Now(); names(g.Players) != "Ann,Bob,Cy" {
		t.Fatalf("Eve did not leave: %v", g.Players)
	}
	if v := view(m); !strings.Contains(v, "Left the table: Eve") {
		t.Fatalf("no note as Eve leaves:\n%s", v)
	}
	if v := view(press(m, "down")); strings.Contains(v, "Left the table") {
		t.Fatalf("the note outlived the next key:\n%s", v)
	}
	if v := view(press(m, "esc", "e")); strings.Contains(v, "Left the table") {
		t.Fatalf("the note outlived the screen:\n%s", v)
	}
}

// A question about one player ("How many cards does Bob hold?") answered
// before a seat change stays answered for that player after it (a second
// play-test: moving Bob asked his hand again, and the history said it
// twice).
func TestSeatChangeKeepsAnswersAboutOnePlayer(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	m = press(m, "space", "2", "enter", "9", "enter")
	v := view(m)
	if !strings.Contains(v, "Bob's hand: 9") || m.table.Question() != nil {
		t.Fatalf("seed 1 no longer gives a 7 with Bob over the limit:\n%s", v)
	}
	answers := len(m.table.Now().Open.Answers)
	for _, keys := range [][]string{{"e", "down", "]", "esc"}, {"e", "-", "y", "esc"}} { // Bob moves; then Ann leaves
		m = press(m, keys...)
		if q := m.table.Question(); q != nil || !strings.Contains(view(m), "Bob's hand: 9") || len(m.table.Now().Open.Answers) != answers {
			t.Fatalf("after %v the turn asks %v again:\n%s", keys, q, view(m))
		}
	}
}

// A rename pasted with bidi and other control and format characters shows
// and keeps the name without them.
func TestPlayersRenameDropsControlsAsTyped(t *testing.T) {
	m := quickGame(t, 80, 24, "Ann", "Bob", "Cy")
	m = press(m, "e", "enter", "ctrl+u")
	m = update(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(hostileText), Paste: true})
	if v := view(m); strings.ContainsAny(v, "\u202e\u2067\u200f\u200b\ufeff\u009b") || !strings.Contains(v, "Ann 👩") {
		t.Fatalf("the screen shows a control, or not the name:\n%q", v)
	}
	m = press(m, "enter")
	if got := m.table.Hand.Now().Players[0].Name; got != "Ann 👩\u200D👩" {
		t.Fatalf("renamed to %q", got)
	}
}

// Issue 36: an undo the session refuses on the players screen is said, as
// the screen's other errors are (it was dropped without a word).
func TestPlayersSayAnUndoRefused(t *testing.T) {
	m := ckFour(t, 80, 24)
	if err := m.sess.As(session.TheHost()).Rename(0, "Ana"); err != nil { // a change to take back: u is on
		t.Fatal(err)
	}
	m = press(m, "e")
	if !strings.Contains(view(m), "The table\n") {
		t.Fatalf("e did not open the players screen:\n%s", view(m))
	}
	if err := m.sess.Close(); err != nil {
		t.Fatal(err)
	}
	v := view(press(m, "u"))
	if !strings.Contains(v, session.ErrClosed.Error()) || strings.Contains(v, "space draw") {
		t.Fatalf("the refused undo is not said on the players screen:\n%s", v)
	}
}
