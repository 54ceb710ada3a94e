package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/rivals"
	"github.com/eventdeck/eventdeck/ui/session"
)

// A look chosen from a stack another screen has since changed is closed,
// not done to other cards (a play-test under eventdeck serve: Bob took out
// the 3rd card he saw, and the card then 3rd left the game).
func TestStaleLookIsClosedNotDone(t *testing.T) {
	host, views := servedGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"}, "Ann", "Bob") // Great Foresight: Era of Sages
	host = finishTurn(press(host, "space"))                                                                   // Ann's roll, on the host
	ann := press(look(views[0])[0], "o")
	if ann.table.Entry == nil || !ann.table.Entry.Spec.Private {
		t.Fatalf("Ann's o opens no look on her screen:\n%s", view(ann))
	}
	seen := ann.table.Entry.Spec
	// The host ends her look (her screen seems gone: issue 28), sets the
	// event die to the event card and rolls for Bob: the top card is
	// drawn, and every card moves up one.
	h := host.Session().As(session.TheHost())
	if err := h.EndLook("Ann"); err != nil {
		t.Fatal(err)
	}
	if err := h.Act(deck.Action{ID: rivals.ActSetEvent, Values: []int{4}}, 0); err != nil {
		t.Fatal(err)
	}
	if err := h.Act(deck.Action{ID: rivals.ActRoll}, 99); err != nil {
		t.Fatal(err)
	}
	stack := host.Session().Now().Deck.Peek(host.Session().Now().Deck.Len())
	// A choice entered from the stack as Ann saw it is refused...
	err := ann.Session().As(session.Player(0)).ActOn(seen, deck.Action{ID: seen.ID, Values: []int{1}}, 0)
	if !errors.Is(err, session.ErrMoved) {
		t.Fatalf("a look from the old stack: %v; want ErrMoved", err)
	}
	// ...and Ann's screen closes the look when it hears of the change, so
	// her next digit takes out nothing.
	ann = look(ann)[0]
	if ann.table.Entry != nil || !strings.Contains(view(ann), "The game moved on") && !strings.Contains(view(ann), "The host ended your look") {
		t.Fatalf("the look from the old stack stays open:\n%s", view(ann))
	}
	ann = press(ann, "2")
	if now := host.Session().Now().Deck.Peek(host.Session().Now().Deck.Len()); !slices.Equal(now, stack) {
		t.Fatalf("a card left the stack: %v, was %v", now, stack)
	}
}

// A hand-off the host opened for a player who then picks on their own
// screen closes on the host: the host's digits are never taken as the next
// player's picks (a play-test: Ann picked on her screen, and the host's
// stale "Ann: event card 1 of 4" took its digits as Bob's picks).
func TestHostsHandOffClosesWhenThePlayerPicksOnTheirOwn(t *testing.T) {
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup.Game, opts.Setup.Options, opts.Setup.Players = "card-game", map[string]string{"mode": "tournament"}, []string{"Ann", "Bob"}
	opts.Hub = session.NewHub()
	host, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	host = press(update(host, sizeMsg(80, 24)), "space", "enter") // Ann is not connected: the laptop goes to her
	if host.table.Entry == nil || !strings.Contains(view(host), "event card 1 of 4") {
		t.Fatalf("the host's hand-off to Ann:\n%s", view(host))
	}
	ann := NewView(ViewOptions{Hub: opts.Hub, Who: session.Player(0), Name: "Ann", Renderer: opts.Renderer, Glyphs: opts.Glyphs})
	t.Cleanup(ann.Close)
	ann = press(update(ann, sizeMsg(80, 24)), "space")
	for range 4 {
		in := ann.table.Entry.Spec.Inputs[len(ann.table.Entry.Values)]
		pick := 0
		for ann.table.Entry.Check(in, pick) != "" {
			pick++
		}
		ann = press(ann, string(rune('1'+pick)))
	}
	if n := host.Session().Now().Draws; n != 0 || ann.table.Entry == nil || !ann.table.Entry.Done {
		t.Fatalf("Ann's picks on her own screen are not done:\n%s", view(ann))
	}
	host = look(host)[0]
	if host.table.Entry != nil || !strings.Contains(view(host), "The game moved on") {
		t.Fatalf("the host's stale hand-off stays open:\n%s", view(host))
	}
	host = press(host, "3", "1", "2", "4")
	if v := view(host); !strings.Contains(v, "Bob's secret picks") {
		t.Fatalf("the host's digits did something; Bob has not picked:\n%s", v)
	}
}

// While a player has a look into the stack open on their own screen, the
// other screens say so (a play-test: the others saw only the table, and
// the host rolled over her look); it ends when the look does, or when her
// screen leaves.
func TestOthersSeeAPlayerLookingOnTheirOwnScreen(t *testing.T) {
	host, views := servedGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"}, "Ann", "Bob") // Great Foresight: Era of Sages
	host = finishTurn(press(host, "space"))                                                                   // Ann's roll, on the host
	ann, bob := press(look(views[0])[0], "o"), views[1]
	const says = "Ann is looking on their own screen"
	if ann.table.Entry == nil {
		t.Fatalf("Ann's o opens no look:\n%s", view(ann))
	}
	others := look(host, bob)
	for _, m := range others {
		if !strings.Contains(view(m), says) {
			t.Fatalf("another screen does not say Ann is looking:\n%s", view(m))
		}
	}
	if strings.Contains(view(ann), says) {
		t.Fatalf("Ann's own screen says she is looking:\n%s", view(ann))
	}
	ann = press(ann, "esc")
	for _, m := range look(others...) {
		if strings.Contains(view(m), says) {
			t.Fatalf("the look ended, and another screen still says so:\n%s", view(m))
		}
	}
	ann = press(ann, "o")
	ann.Close() // her screen leaves with the look open
	if names, _ := host.Session().Lookers(); len(names) != 0 {
		t.Fatalf("Ann's screen left, and she is still looking: %v", names)
	}
}

// A look belongs to its player's turn: when another turn begins it closes
// on the player's screen, and the other screens stop saying they look,
// even when the stack did not change (a second play-test: Ann's look stayed
// open through Bob's roll and went through later with a question open).
func TestLookClosesWhenTheTurnPasses(t *testing.T) {
	host, views := servedGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"}, "Ann", "Bob") // Great Foresight: Era of Sages
	host = finishTurn(press(host, "space"))                                                                   // Ann's roll, on the host
	ann := press(look(views[0])[0], "o")
	if ann.table.Entry == nil {
		t.Fatalf("Ann's o opens no look:\n%s", view(ann))
	}
	h := host.Session().As(session.TheHost())
	if err := h.EndLook("Ann"); err != nil { // her look holds the turn until it ends (issue 28)
		t.Fatal(err)
	}
	if err := h.Act(deck.Action{ID: rivals.ActSetEvent, Values: []int{3}}, 0); err != nil { // Plentiful Harvest: no card
		t.Fatal(err)
	}
	if err := h.Act(deck.Action{ID: rivals.ActRoll}, 99); err != nil { // Bob's roll
		t.Fatal(err)
	}
	ann = look(ann)[0]
	if ann.table.Entry != nil || !strings.Contains(view(ann), "The game moved on") && !strings.Contains(view(ann), "The host ended your look") {
		t.Fatalf("Ann's look stays open in Bob's turn:\n%s", view(ann))
	}
	if v := view(look(host)[0]); strings.Contains(v, "Ann is looking") {
		t.Fatalf("the host's screen still says Ann is looking:\n%s", v)
	}
}

// The Rivals Brigand Attack asks each player on their own screen, as the
// board game's 7 does (a play-test: Bob's screen said the question was
// Ann's).
func TestBrigandIsAskedOnEachPlayersOwnScreen(t *testing.T) {
	host, views := servedGame(t, rivals.ID, nil, "Ann", "Bob")
	h := host.Session().As(session.TheHost())
	if err := h.Act(deck.Action{ID: rivals.ActSetEvent, Values: []int{0}}, 0); err != nil { // Brigand Attack
		t.Fatal(err)
	}
	if err := h.Act(deck.Action{ID: rivals.ActRoll}, 0); err != nil {
		t.Fatal(err)
	}
	bob := look(views[1])[0]
	if v := view(bob); !strings.Contains(v, "Do you hold more than 7 resources?") {
		t.Fatalf("Bob's own screen on a Brigand Attack:\n%s", v)
	}
	bob = press(bob, "y")
	if said := host.Session().Own("over-7"); !said[1] {
		t.Fatalf("Bob's y was not taken: %v\n%s", said, view(bob))
	}
}

// Two checks' results in a turn both show at 80×24: the line of results
// wraps instead of cutting the second off (a play-test: Grove of Peace's
// roll never showed after a Dispute of the Sages).
func TestChecksResultsWrapAt80x24(t *testing.T) {
	m := newGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"})
	m = finishTurn(press(m, "space"))
	h := m.Session().As(session.TheHost())
	for _, a := range []deck.Action{{ID: rivals.ActDispute, Values: []int{3, 2, 2}}, {ID: rivals.ActPeace, Values: []int{1, 0}}} {
		if err := h.Act(a, 99); err != nil {
			t.Fatal(err)
		}
	}
	m = look(m)[0]
	v := view(m)
	if !strings.Contains(v, "Dispute of the Sages") || !strings.Contains(ansi.Strip(strings.ReplaceAll(v, "\n", " ")), "Grove of Peace: Bob rolls") {
		t.Fatalf("a result is cut off:\n%s", v)
	}
	checkFits(t, v, 80, 24)
}
