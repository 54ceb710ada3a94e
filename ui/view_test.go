package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// servedGame is a game on the host's table with a screen of their own for
// each player named in seats (eventdeck serve, without the network).
func servedGame(t *testing.T, game string, options map[string]string, players ...string) (Model, []Model) {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Game, opts.Setup.Options, opts.Setup.Players = game, options, players
	opts.Hub = session.NewHub()
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	host = update(host, sizeMsg(80, 24))
	var views []Model
	for seat, name := range players {
		v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(seat), Name: name, Renderer: opts.Renderer, Glyphs: opts.Glyphs})
		t.Cleanup(v.Close)
		views = append(views, update(v, sizeMsg(80, 24)))
	}
	return host, views
}

// look brings every screen up to date, as the session's note would.
func look(ms ...Model) []Model {
	out := make([]Model, len(ms))
	for i, m := range ms {
		out[i] = update(m, common.ChangedMsg{})
	}
	return out
}

// Issue 25: a secret pick opens only on its player's own screen when they
// are connected: the host's space says so, the others see "Ann is
// picking…", and their screens never hold the choices.
func TestPrivatePickOnlyOnThePickersScreen(t *testing.T) {
	host, views := servedGame(t, "card-game", map[string]string{"mode": "tournament"}, "Ann", "Bob")
	ann, bob := views[0], views[1]
	if v := view(bob); !strings.Contains(v, "Ann is picking on their own screen") {
		t.Fatalf("Bob's screen before Ann's pick:\n%s", v)
	}
	if host = press(host, "space"); !strings.Contains(view(host), "Ann does this on their own screen") || host.table.Entry != nil {
		t.Fatalf("the host's space opened Ann's secret pick:\n%s", view(host))
	}
	if bob = press(bob, "space"); !strings.Contains(view(bob), "Only Ann sees this") {
		t.Fatalf("Bob's space on Ann's pick:\n%s", view(bob))
	}
	ann = press(ann, "space")
	v := view(ann)
	if !strings.Contains(v, "event card 1 of 4") || strings.Contains(v, "Pass the laptop") {
		t.Fatalf("Ann's own screen does not open her pick at once:\n%s", v)
	}
	choices := ann.table.Entry.Spec.Inputs[0].Choices
	for _, m := range look(host, bob) {
		for _, c := range choices {
			if strings.Contains(view(m), c) {
				t.Fatalf("another screen shows Ann's choice %q:\n%s", c, view(m))
			}
		}
	}
}

// Issue 25: "Who holds more than 7 cards?" is asked of each connected
// player on their own screen, "Do you hold…?", answered in parallel; the
// host sees who said what; the step closes when everyone has answered.
func TestEachPlayerAnswersTheSevenOnTheirOwnScreen(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	for i := 0; i < 300; i++ {
		q := host.table.Question()
		if q != nil && q.Own != "" {
			break
		}
		host = press(finishTurn(host), "space")
	}
	q := host.table.Question()
	if q == nil || q.Own == "" {
		t.Fatal("no 7 in 300 draws")
	}
	views = look(views...)
	for _, v := range views {
		if !strings.Contains(view(v), "Do you hold more than 7 cards?") {
			t.Fatalf("a player's own screen does not ask:\n%s", view(v))
		}
	}
	views[0] = press(views[0], "y")
	views[1] = press(views[1], "n")
	views = look(views...) // Bob's answer reaches Ann's screen, as the session's note would bring it
	if v := view(views[0]); !strings.Contains(v, "You said yes. Waiting for Cy") {
		t.Fatalf("Ann's screen after her answer:\n%s", v)
	}
	host = update(host, common.ChangedMsg{})
	if v := view(host); !strings.Contains(v, "Said on their own screens: Ann yes, Bob no") {
		t.Fatalf("the host does not see the answers:\n%s", v)
	}
	views[2] = press(views[2], "n")
	host = update(host, common.ChangedMsg{})
	s := host.table.Now()
	if got := s.Open.Answers[q.Key]; got != "0" {
		t.Fatalf("the question was answered %q, want Ann's seat (0)", got)
	}
}

// What players said on their own screens is ticked on the host's screen:
// the host's enter answers for the rest and keeps their yes.
func TestHostKeepsWhatPlayersSaid(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	for i := 0; i < 300; i++ {
		if q := host.table.Question(); q != nil && q.Own != "" {
			break
		}
		host = press(finishTurn(host), "space")
	}
	q := host.table.Question()
	if q == nil || q.Own == "" {
		t.Fatal("no 7 in 300 draws")
	}
	views = look(views...)
	views[1] = press(views[1], "y") // Bob, on his own screen; Ann and Cy have none in use
	host = press(update(host, common.ChangedMsg{}), "enter")
	if got := host.table.Now().Open.Answers[q.Key]; got != "1" {
		t.Fatalf("the host's enter answered %q; want Bob's yes kept (1)", got)
	}
}

// The host's q ends the game on every joined screen: it asks first, saying
// so, even between turns (a play-test: q ended three players' screens at
// once). A joined screen's own q leaves just that screen.
func TestHostsQuitAsksWhileOthersAreJoined(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob")
	host = press(host, "q")
	if v := view(host); !strings.Contains(v, "y ends the game on 2 joined screens too") {
		t.Fatalf("the host's q with two screens joined:\n%s", v)
	}
	if host = press(host, "n"); strings.Contains(view(host), "joined screens too") {
		t.Fatalf("any other key stays:\n%s", view(host))
	}
	bob := update(views[1], keyMsg("q"))
	if strings.Contains(view(bob), "ends the game") {
		t.Fatalf("Bob's q asks as the host's does:\n%s", view(bob))
	}
}

// q on the setup (or resume) screen, with screens joined before the game
// started, asks first: it ends eventdeck on them too (a second play-test:
// it quit at once, and they were told a game had ended).
func TestQuitBeforeTheGameAsksWhileOthersAreJoined(t *testing.T) {
	opts := testOptions(t)
	opts.Hub = session.NewHub()
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var m tea.Model = press(update(host, sizeMsg(80, 24)), "down") // off the names, which q would type in
	v := NewView(ViewOptions{Hub: opts.Hub, Who: session.Viewer(), Name: "zed", Renderer: opts.Renderer, Glyphs: opts.Glyphs})
	t.Cleanup(v.Close)
	m, cmd := m.Update(keyMsg("q"))
	if cmd != nil || !strings.Contains(view(m.(Model)), "y ends eventdeck on 1 joined screen too") {
		t.Fatalf("q on the setup screen with a screen joined:\n%s", view(m.(Model)))
	}
	if m, cmd = m.Update(keyMsg("n")); cmd != nil || strings.Contains(view(m.(Model)), "ends eventdeck") {
		t.Fatalf("any other key stays:\n%s", view(m.(Model)))
	}
	m, _ = m.Update(keyMsg("q"))
	if _, cmd = m.Update(keyMsg("y")); cmd == nil {
		t.Fatal("q, y did not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("q, y did not quit")
	}
}
