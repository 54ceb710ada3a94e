package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/pages/join"
	"github.com/eventdeck/eventdeck/ui/qr/qrtest"
	"github.com/eventdeck/eventdeck/ui/session"
)

const testJoinURL = "http://192.168.1.23:8080/?code=123456"

// joinedTable is the host's table under eventdeck serve with the phone
// page served, Ann joined over SSH and a phone watching. away counts the
// phone's send-aways; ann is Ann's SSH screen, its messages in annSaw.
type joinedTable struct {
	host   Model
	ann    Model
	annSaw chan tea.Msg
	away   chan struct{} // the phone was sent away
}

func newJoinedTable(t *testing.T, w, h int) *joinedTable {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart = true
	opts.JoinURL = testJoinURL
	opts.Hub = session.NewHub()
	opts.Serving = func() string {
		return "Join code 123456 · ssh -p 2222 NAME@192.168.1.23\nKey SHA256:test · 2 screens"
	}
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	j := &joinedTable{annSaw: make(chan tea.Msg, 16), away: make(chan struct{}, 1)}
	j.ann = NewView(ViewOptions{Hub: opts.Hub, Role: func(*session.Session) session.Who { return session.PlayerNamed("Ann") },
		Name: "Ann", Renderer: opts.Renderer, Glyphs: opts.Glyphs, Kind: session.KindSSH})
	j.ann.Notify(func(msg tea.Msg) { j.annSaw <- msg })
	t.Cleanup(j.ann.Close)
	_, stop := opts.Hub.JoinScreen(session.KindPhone, func(*session.Session) session.Who { return session.Viewer() }, func() {}, func() { j.away <- struct{}{} })
	t.Cleanup(stop)
	j.host = update(host, sizeMsg(w, h))
	return j
}

// codeIn cuts the QR code out of a screen: the rows from the first that
// holds a run of full blocks, from its column, w cells wide, h rows.
func codeIn(t *testing.T, screen string, w, h int) []string {
	t.Helper()
	lines := strings.Split(ansi.Strip(screen), "\n")
	for i, l := range lines {
		at := strings.Index(l, "████")
		if at < 0 || i+h > len(lines) {
			continue
		}
		col := ansi.StringWidth(l[:at])
		out := make([]string, h)
		for k := range h {
			out[k] = ansi.Cut(lines[i+k], col, col+w)
		}
		return out
	}
	t.Fatalf("no QR code on the screen:\n%s", screen)
	return nil
}

// readsAs checks that the code on screen decodes to the join address.
func readsAs(t *testing.T, screen string, w, h int) {
	t.Helper()
	got, err := qrtest.Read(codeIn(t, screen, w, h))
	if err != nil || got != testJoinURL {
		t.Errorf("the QR code reads %q, %v; want %q:\n%s", got, err, testJoinURL, screen)
	}
}

// Before the first draw the host's table shows the code and the address;
// the first draw takes them away; l opens the join screen with them and
// the screens joined; esc goes back to the table.
func TestJoinCodeOnTheHostsTable(t *testing.T) {
	j := newJoinedTable(t, 80, 24)
	v := view(j.host)
	checkFits(t, v, 80, 24)
	for _, want := range []string{"Scan to join:", testJoinURL, "Ann draws the first card", "J join"} {
		if !strings.Contains(v, want) {
			t.Errorf("the host's first frame lacks %q:\n%s", want, v)
		}
	}
	readsAs(t, v, 33, 17)
	golden.RequireEqual(t, []byte(v))

	m := press(j.host, "space")
	if v := view(m); strings.Contains(v, "Scan to join") || strings.Contains(v, "████████████") {
		t.Errorf("the code stays on the table after the first draw:\n%s", v)
	}
	m = press(m, "J")
	v = view(m)
	checkFits(t, v, 80, 24)
	for _, want := range []string{"Join the game", "Scan to join:", testJoinURL, "Ann — ssh", "watching — phone", "esc back"} {
		if !strings.Contains(v, want) {
			t.Errorf("the join screen lacks %q:\n%s", want, v)
		}
	}
	readsAs(t, v, 33, 17)
	if v := view(press(m, "esc")); !strings.Contains(v, "draw 1 of") || strings.Contains(v, "Join the game") {
		t.Errorf("esc did not go back to the table:\n%s", v)
	}
}

// The join screen at a few sizes: the code beside the text where there is
// room, a quiet zone of one module where two do not fit, and below that
// the address alone, with a plain word why.
func TestJoinScreenWidget(t *testing.T) {
	for _, sz := range [][2]int{{60, 14}, {60, 20}, {80, 21}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			j := newJoinedTable(t, 80, 24)
			s := join.New(j.host.ctx, j.host.pages.join, j.host.pages.hub)
			s.SetSize(sz[0], sz[1])
			v := s.View()
			if sz[1] >= 19 {
				readsAs(t, v, 33, 17)
			} else if !strings.Contains(ansi.Strip(v), "does not fit") || !strings.Contains(v, testJoinURL) {
				t.Errorf("no room for the code, and it does not say so with the address:\n%s", v)
			}
			golden.RequireEqual(t, widget(t, v, s.ShortHelp(), sz[0], sz[1]))
		})
	}
}

// J is no key of any game's, and without the page served it does nothing
// and the help does not offer it.
func TestJoinKeyIsFree(t *testing.T) {
	for _, tc := range []struct {
		game    string
		options map[string]string
	}{
		{"catan", map[string]string{catan.OptCK: "on", catan.OptSeasons: "on"}},
		{"rivals", map[string]string{"mode": "theme", "set": "sages"}},
		{"rivals", map[string]string{"mode": "duel", "sets": "explorers,barbarians,prosperity"}},
		{"card-game", nil},
	} {
		m := newGame(t, tc.game, tc.options)
		for _, a := range m.table.Actions {
			if a.Key == "J" {
				t.Errorf("%s %v: action %q takes J", tc.game, tc.options, a.Label)
			}
		}
		v := view(m)
		if strings.Contains(v, "J join") {
			t.Errorf("%s: J offered with no page served:\n%s", tc.game, v)
		}
		if v2 := view(press(m, "J")); v2 != v {
			t.Errorf("%s: J changed the table with no page served:\n%s", tc.game, v2)
		}
	}
	k := common.DefaultKeyMap().Table
	for _, b := range [][]string{k.Draw.Keys(), k.Undo.Keys(), k.Redo.Keys(), k.Next.Keys(), k.Prev.Keys(), k.Facts.Keys(), k.History.Keys(),
		k.Stats.Keys(), k.Simulate.Keys(), k.Reference.Keys(), k.Players.Keys(), k.Quit.Keys(), k.Pause.Keys(), k.Number.Focus.Keys(),
		k.Walker.AcceptAll.Keys(), k.Walker.Skip.Keys(), k.Walker.Answer.Yes.Keys(), k.Walker.Answer.No.Keys()} {
		for _, key := range b {
			if key == "J" {
				t.Errorf("a table key takes J: %v", b)
			}
		}
	}
}

// The players screen lists each joined screen and how it joined; x, ←/→
// and y send one away: a phone's away is called, an SSH screen quits and
// says why; any other key keeps it.
func TestPlayersScreenSendsAScreenAway(t *testing.T) {
	j := newJoinedTable(t, 80, 24)
	m := press(j.host, "e")
	v := view(m)
	if !strings.Contains(v, "Screens joined:") || !strings.Contains(v, "1 Ann — ssh · 2 watching — phone") || !strings.Contains(v, "x send away") {
		t.Fatalf("the players screen does not list the screens joined:\n%s", v)
	}
	m = press(m, "x")
	if v := view(m); !strings.Contains(v, "Send Ann — ssh away?") {
		t.Fatalf("x does not ask:\n%s", v)
	}
	m = press(m, "right")
	if v := view(m); !strings.Contains(v, "Send watching — phone away?") {
		t.Fatalf("→ does not pick the next screen:\n%s", v)
	}
	m = press(m, "n")
	if v := view(m); strings.Contains(v, "away?") || len(j.away) != 0 {
		t.Fatalf("n sent a screen away or still asks:\n%s", v)
	}
	m = press(m, "x", "y")
	if v := view(m); !strings.Contains(v, "Sent away: Ann — ssh.") {
		t.Errorf("y does not say it sent Ann's screen away:\n%s", v)
	}
	msg := <-j.annSaw
	for _, changed := msg.(common.ChangedMsg); changed; _, changed = msg.(common.ChangedMsg) {
		msg = <-j.annSaw // the game's news, then the send-away
	}
	if _, ok := msg.(common.SentAwayMsg); !ok {
		t.Fatalf("Ann's screen was told %T, want sentAwayMsg", msg)
	}
	next, cmd := j.ann.Update(msg)
	if cmd == nil || cmd() != tea.Quit() || next.(Model).Goodbye() != common.SentAway {
		t.Errorf("Ann's screen did not quit with %q", common.SentAway)
	}
	// The phone's turn: its away is called (the page ends itself).
	m = press(m, "x", "right", "y")
	<-j.away
	if v := view(m); !strings.Contains(v, "Sent away: watching — phone.") {
		t.Errorf("y does not say it sent the phone away:\n%s", v)
	}
}
