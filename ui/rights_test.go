package ui

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/session"
)

// viewerOf is a viewer's screen of the game on host's table.
func viewerOf(t *testing.T, host Model) Model {
	t.Helper()
	v := NewView(ViewOptions{Hub: host.opts.Hub, Who: session.Viewer(), Renderer: host.opts.Renderer, Glyphs: host.opts.Glyphs})
	t.Cleanup(v.Close)
	return update(v, sizeMsg(80, 24))
}

// untilOwnQuestion draws on the host until a question asked of each
// player on their own screen is open (a 7), and brings views up to date.
func untilOwnQuestion(t *testing.T, host Model, views []Model) (Model, []Model) {
	t.Helper()
	for range 300 {
		if q := host.table.Question(); q != nil && q.Own != "" {
			return host, look(views...)
		}
		host = press(finishTurn(host), "space")
	}
	t.Fatal("no 7 in 300 draws")
	return host, views
}

// helpOf is what a screen's footer and its full help (?) offer.
func helpOf(m Model) string { return view(m) + "\n" + view(press(m, "?")) }

// Play-test: the picker's own screen said "Ann picks on the host's
// screen."; it says their pick is theirs, and the others' say she picks
// on her own screen.
func TestPickerReadsTheirPickOnTheirOwnScreen(t *testing.T) {
	_, views := servedGame(t, "card-game", map[string]string{"mode": "tournament"}, "Ann", "Bob")
	ann, bob := views[0], views[1]
	if v := view(ann); !strings.Contains(v, "Your secret picks: press space.") || strings.Contains(v, "host's screen") {
		t.Errorf("Ann's own screen before her pick:\n%s", v)
	}
	if v := view(bob); !strings.Contains(v, "Ann is picking on their own screen…") {
		t.Errorf("Bob's screen before Ann's pick:\n%s", v)
	}
}

// Play-test: when the picker's screen goes, the others no longer say she
// is picking on it: the pick is on the host's screen again.
func TestPickerLeavingEndsPickingOnTheirOwnScreen(t *testing.T) {
	host, views := servedGame(t, "card-game", map[string]string{"mode": "tournament"}, "Ann", "Bob")
	views[0].Close() // Ann's ssh session ends
	host, bob := update(host, common.ChangedMsg{}), update(views[1], common.ChangedMsg{})
	if v := view(bob); strings.Contains(v, "picking on their own screen") || !strings.Contains(v, "Ann picks on the host's screen.") {
		t.Errorf("Bob's screen after Ann left:\n%s", v)
	}
	if v := view(host); strings.Contains(v, "picking on their own screen") || !strings.Contains(v, "Ann's secret picks: press space.") {
		t.Errorf("the host's screen after Ann left:\n%s", v)
	}
}

// Play-test: on a 7 a player's own screen showed the host's list to tick;
// Bob's 1 ticked Ann, and his enter was refused. Their own screen asks
// only "Do you…?" (y/n) and says who has answered; every other answer key
// says why at once and ticks nothing.
func TestOwnScreenAsksOnlyTheirOwnQuestion(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	host, views = untilOwnQuestion(t, host, views)
	q := host.table.Question()
	drew := host.table.Now().Open.Player
	for i, v := range views {
		s := view(v)
		if !strings.Contains(s, "Do you hold more than 7 cards?") || !strings.Contains(s, "y yes · n no") {
			t.Errorf("screen %d does not ask its player:\n%s", i, s)
		}
		for _, hosts := range []string{"[ ]", "a digit ticks", "Who holds", "enter answer", "accept all"} {
			if strings.Contains(helpOf(v), hosts) {
				t.Errorf("screen %d offers the host's %q:\n%s", i, hosts, helpOf(v))
			}
		}
		// The turn's player walks the turn: they may still skip the question for the table.
		if skip := strings.Contains(helpOf(v), "x skip question"); skip != (i == drew) {
			t.Errorf("screen %d offers x: %v; the turn is seat %d's:\n%s", i, skip, drew, helpOf(v))
		}
	}
	if v := view(press(views[(drew+1)%3], "x")); !strings.Contains(v, "answer for yourself: y or n") {
		t.Errorf("x on a player's own screen, not their turn:\n%s", v)
	}
	bob := press(views[1], "1")
	if v := view(bob); strings.Contains(v, "[x]") || !strings.Contains(v, "answer for yourself: y or n") {
		t.Errorf("Bob's 1 on his own screen:\n%s", v)
	}
	bob = press(bob, "enter")
	if v := view(bob); !strings.Contains(v, "answer for yourself: y or n") {
		t.Errorf("Bob's enter on his own screen:\n%s", v)
	}
	if _, answered := host.table.Hand.Now().Open.Answers[q.Key]; answered {
		t.Fatal("Bob's keys answered the question for everyone")
	}
	views[1] = press(bob, "y")
	views = look(views...)
	if v := view(views[2]); !strings.Contains(v, "answered so far: Bob") || strings.Contains(v, "Bob yes") {
		t.Errorf("Cy's screen after Bob's answer:\n%s", v)
	}
	if v := view(update(host, common.ChangedMsg{})); !strings.Contains(v, "2 [x] Bob") {
		t.Errorf("the host's list does not tick Bob:\n%s", v)
	}
}

// Play-test: a player whose question it is not, and a viewer, were
// offered "enter answer • x skip question • u undo" and the game's keys.
// Each screen offers only what its reader may use now; the host all.
func TestEachScreenOffersOnlyItsReadersKeys(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	viewer := viewerOf(t, host)
	for range 300 { // a question that is not asked of each player: the turn's player's
		if q := host.table.Question(); q != nil && q.Own == "" {
			break
		}
		host = press(finishTurn(host), "space")
	}
	if q := host.table.Question(); q == nil || q.Own != "" {
		t.Fatal("no question for the turn's player in 300 draws")
	}
	views = look(append(views, viewer)...)
	drew := host.table.Now().Open.Player
	other := views[(drew+1)%3]
	for _, m := range []Model{other, views[3]} {
		h := helpOf(m)
		for _, not := range []string{"answer", "skip question", "undo", "accept all"} {
			if strings.Contains(h, not) {
				t.Errorf("%s is offered %q:\n%s", m.whoAmI(), not, h)
			}
		}
		if v := view(press(m, "x")); !strings.Contains(v, "This question is for") && !strings.Contains(v, "Viewers watch") {
			t.Errorf("%s's x does not say why:\n%s", m.whoAmI(), v)
		}
	}
	for _, m := range []Model{views[drew], host} {
		if h := view(m); !strings.Contains(h, "enter answer") || !strings.Contains(h, "x skip question") {
			t.Errorf("the turn's player or the host is not offered the answer keys:\n%s", h)
		}
	}
}

// Play-test: a viewer's screen offered the game's keys (w, j, o).
func TestViewerIsOfferedNoGameKeys(t *testing.T) {
	host, _ := servedGame(t, "rivals", nil, "Ann", "Bob")
	viewer := viewerOf(t, host)
	h := helpOf(viewer)
	for _, a := range host.table.Actions {
		if a.Key != "" && strings.Contains(h, a.Label) {
			t.Errorf("a viewer is offered %s (%s):\n%s", a.Key, a.Label, h)
		}
	}
	if hh := helpOf(host); !strings.Contains(hh, "set production die") {
		t.Errorf("the host is not offered the game's keys:\n%s", hh)
	}
}

// Play-test: u from a player with nothing of theirs to take back did
// nothing; it says why in one line.
func TestUndoSaysWhyNotYours(t *testing.T) {
	host, views := servedGame(t, "catan", nil, "Ann", "Bob", "Cy")
	ann := press(views[0], "space") // Ann draws on her own screen
	cy := update(views[2], common.ChangedMsg{})
	if h := view(cy); strings.Contains(h, "undo") {
		t.Errorf("Cy is offered undo of Ann's draw:\n%s", h)
	}
	if v := view(press(cy, "u")); !strings.Contains(v, "✗ Only your own last change can be taken back here") {
		t.Errorf("Cy's u:\n%s", v)
	}
	if h := view(finishTurn(ann)); !strings.Contains(h, "u undo") {
		t.Errorf("Ann is not offered undo of her own draw:\n%s", h)
	}
	_ = host
}

// Play-test: Alchemy (c) and the barbarians (b) let a player whose turn it
// is not type the whole entry before "it is Ann's turn". The first key
// says so, and opens nothing; they are not offered.
func TestActionRefusedAtItsFirstKey(t *testing.T) {
	_, views := servedGame(t, "catan", map[string]string{"cities-knights": "on"}, "Ann", "Bob", "Cy")
	ann, bob := views[0], views[1]
	for _, k := range []string{"c", "b"} {
		m := press(bob, k)
		if v := view(m); m.table.Entry != nil || !strings.Contains(v, "✗ It is Ann's turn") {
			t.Errorf("Bob's %s, not his turn:\n%s", k, v)
		}
	}
	if h := helpOf(bob); strings.Contains(h, "alchemy") || strings.Contains(h, "set barbarians") {
		t.Errorf("Bob is offered Ann's actions:\n%s", h)
	}
	if h := helpOf(ann); !strings.Contains(h, "alchemy") {
		t.Errorf("Ann is not offered Alchemy in her turn:\n%s", h)
	}
	if m := press(ann, "c"); m.table.Entry == nil {
		t.Errorf("Ann's c does not open Alchemy:\n%s", view(m))
	}
}
