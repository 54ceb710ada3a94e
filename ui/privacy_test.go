package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/expansions/rivals"
	"github.com/eventdeck/eventdeck/ui/common"
)

// newGame starts a quick game for Ann and Bob at 80×24.
func newGame(t *testing.T, game string, options map[string]string) Model {
	t.Helper()
	opts := testOptions(t)
	opts.QuickStart = true
	opts.Setup = common.Setup{Game: game, Players: []string{"Ann", "Bob"}, Options: options}
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return update(m, sizeMsg(80, 24))
}

// framesOf presses keys one by one and returns every frame rendered after a key.
func framesOf(m Model, keys ...string) (Model, []string) {
	var out []string
	for _, k := range keys {
		m = press(m, k)
		out = append(out, view(m))
	}
	return m, out
}

// noneShown fails if a frame shows one of titles that public, the table
// shown before, does not already show.
func noneShown(t *testing.T, what string, frames []string, titles []string, public string) {
	t.Helper()
	for _, f := range frames {
		for _, title := range titles {
			if strings.Contains(f, title) && !strings.Contains(public, title) {
				t.Fatalf("%s shows %q:\n%s", what, title, f)
			}
		}
	}
}

// stackTitles are the titles of the Rivals cards in the stack, top first.
func stackTitles(t *testing.T, m Model) []string {
	t.Helper()
	r, ok := m.table.Rules.(*rivals.Ruleset)
	if !ok {
		t.Fatalf("not a Rivals game: %T", m.table.Rules)
	}
	cards := r.Cards()
	var out []string
	for _, id := range m.table.Now().Deck.Peek(m.table.Now().Deck.Len()) {
		out = append(out, cards[id].Title)
	}
	return out
}

// lookKeys are the private looks into the Rivals stack and the keys that
// end each (a card taken out, none moved, a look only), given the stack's
// titles.
var lookKeys = []struct {
	key, label string
	end        func(stack []string) []string
}{
	{"o", "Great Foresight", func(stack []string) []string {
		// The first card that is not Yule: Yule stays (rules/003). In a
		// stack of 10 or more, enter takes the one digit.
		keys := []string{string(rune('1' + slices.IndexFunc(stack, func(s string) bool { return s != "Yule" })))}
		if len(stack) > 9 {
			keys = append(keys, "enter")
		}
		return keys
	}},
	{"g", "Grove of Great Foresight", func([]string) []string { return []string{"enter"} }},
	{"k", "Siward the Scout", func([]string) []string { return []string{"enter"} }}, // a look only
}

// looksInPlay is a Duel whose sets hold the cards of every look: Great
// Foresight and Grove of Great Foresight (Era of Sages), Siward the Scout
// (Era of Barbarians).
var looksInPlay = map[string]string{"mode": "duel", "sets": "gold,barbarians,sages"}

// The private looks into the stack show no card before the laptop is handed
// over and none after it is handed back; the hand-off names the roller.
// Before the first roll a look is not now: its key says so and shows no
// card (play-test: no such card is played before a roll).
func TestRivalsLooksShowNoCardOutsideTheLook(t *testing.T) {
	for _, lk := range lookKeys {
		for _, rolled := range []bool{false, true} {
			name := lk.label + " before the first roll"
			if rolled {
				name = lk.label + " after Ann's roll"
			}
			t.Run(name, func(t *testing.T) {
				m := newGame(t, rivals.ID, looksInPlay)
				if rolled {
					m = finishTurn(press(m, "space"))
				}
				public := view(m)
				stack := stackTitles(t, m)
				m, before := framesOf(m, lk.key)
				if !rolled {
					if m.table.Entry != nil || !strings.Contains(before[0], "Not before the first roll") {
						t.Fatalf("a look before the first roll:\n%s", before[0])
					}
					noneShown(t, "the refused look", before, stack, public)
					return
				}
				if !strings.Contains(before[0], "Pass the laptop to Ann.") {
					t.Fatalf("the hand-off does not name Ann, whose turn it is:\n%s", before[0])
				}
				noneShown(t, "the hand-off", before, stack, public)
				m, look := framesOf(m, "enter")
				if !strings.Contains(look[0], stack[0]) {
					t.Fatalf("the look does not show the top card %q:\n%s", stack[0], look[0])
				}
				m, after := framesOf(m, lk.end(stack)...)
				after = after[len(after)-1:] // the look's own frames before its last key may show it
				if !strings.Contains(after[0], "Hand the laptop back") {
					t.Fatalf("the look did not end:\n%s", after[0])
				}
				m, back := framesOf(m, "enter", "h", "esc", "s", "esc")
				after = append(after, back...)
				noneShown(t, "after the look", after, stack, public)
				if m.table.Entry != nil {
					t.Fatalf("still looking:\n%s", view(m))
				}
			})
		}
	}
}

// Great Foresight looks through the whole stack: in a Theme Game of 13 or
// more cards, during a turn at 80×24, every card is on the screen with its
// number, and two digits take out a card below the 9th.
func TestGreatForesightReachesEveryCard(t *testing.T) {
	m := finishTurn(press(newGame(t, rivals.ID, map[string]string{"mode": "theme", "set": "sages"}), "space"))
	stack := stackTitles(t, m)
	if len(stack) < 12 {
		t.Fatalf("a stack of %d cards; want 12 or more for this test", len(stack))
	}
	m = press(m, "o", "enter")
	v := view(m)
	checkFits(t, v, 80, 24)
	for i, title := range stack {
		if want := strconv.Itoa(i+1) + " " + title; !strings.Contains(v, want) {
			t.Fatalf("the look lacks %q:\n%s", want, v)
		}
	}
	// At the smallest screen the cards go in two columns.
	small := view(update(m, sizeMsg(60, 20)))
	checkFits(t, small, 60, 20)
	for i := range stack {
		if want := strconv.Itoa(i+1) + " "; !strings.Contains(small, want) {
			t.Fatalf("the look at 60×20 lacks card %d:\n%s", i+1, small)
		}
	}
	// The 12th card, or the 11th if the 12th is Yule, which stays (rules/003).
	k := 12
	if stack[k-1] == "Yule" {
		k = 11
	}
	taken := m.table.Now().Deck.Peek(k)[k-1]
	m = press(m, "1", strconv.Itoa(k%10))
	if v := view(m); !strings.Contains(v, "Hand the laptop back") || !strings.Contains(v, "enter/esc back to the table") {
		t.Fatalf("%d did not take out card %d:\n%s", k, k, v)
	}
	m = press(m, "esc") // done: esc goes back as enter does
	if m.table.Entry != nil {
		t.Fatalf("esc did not leave the done screen:\n%s", view(m))
	}
	if slices.Contains(m.table.Now().Deck.Peek(m.table.Now().Deck.Len()), taken) {
		t.Fatalf("card %d (%s) is still in the stack: %v", k, stack[k-1], stackTitles(t, m))
	}
	if got := len(stackTitles(t, m)); got != len(stack)-1 {
		t.Fatalf("%d cards after taking one out of %d", got, len(stack))
	}
}

// The Duel of the Princes picked at the table: the choice is open
// (rules/003: each player chooses a set, the starting player first), so
// space opens each pick at once, with no hand-off of the laptop, naming
// the picker; Ann, who starts, stays first; and no screen shows a card of
// the stack (the cards without a half moon, the ones added at random, the
// ones left out) before it is drawn.
func TestDuelPicksAreOpenAndShowNoCard(t *testing.T) {
	m := newGame(t, rivals.ID, map[string]string{"mode": "duel"})
	var all []string
	m, ann := framesOf(m, "space")
	if strings.Contains(ann[0], "Pass the laptop") || !strings.Contains(ann[0], "Ann, pick a theme set") {
		t.Fatalf("the first pick is not Ann's, at once:\n%s", ann[0])
	}
	m, f := framesOf(m, "3")
	annPick := "Era of Progress"
	if !strings.Contains(ann[0], "3 "+annPick) || !strings.Contains(f[0], "Bob picks a set: press space.") || !strings.Contains(f[0], "First: Ann") {
		t.Fatalf("after Ann's pick of %s:\n%s\n%s", annPick, ann[0], f[0])
	}
	all = append(append(all, ann...), f...)
	m, bob := framesOf(m, "space")
	if strings.Contains(bob[0], "Pass the laptop") || !strings.Contains(bob[0], "Bob, pick a theme set") || strings.Contains(bob[0], annPick) {
		t.Fatalf("the second pick is not Bob's, at once, without Ann's set:\n%s", bob[0])
	}
	m, f = framesOf(m, "2")
	all = append(append(all, bob...), f[0])
	if !strings.Contains(f[0], "Ann rolls first") {
		t.Fatalf("after the picks:\n%s", f[0])
	}
	m, f = framesOf(m, "h", "esc", "s", "esc", "f", "esc")
	all = append(all, f...)

	// Every card of the Basic Set and of the three sets, chosen or not.
	r := m.table.Rules.(*rivals.Ruleset)
	s := m.table.Now()
	inStack := map[int]bool{}
	for _, id := range s.Deck.Peek(s.Deck.Len()) {
		inStack[int(id)] = true
	}
	var titles []string
	added, left := 0, 0
	for id, c := range r.Cards() {
		if c.Set != rivals.Basic && !strings.Contains(r.Describe(s), setName(c.Set)) {
			continue
		}
		titles = append(titles, c.Title)
		switch {
		case c.HalfMoon && inStack[id]:
			added++
		case c.HalfMoon:
			left++
		}
	}
	if s.Deck.Len() != rivals.DuelStack || added == 0 || left == 0 {
		t.Fatalf("a stack of %d, %d cards added at random, %d left out: the test wants some of each", s.Deck.Len(), added, left)
	}
	noneShown(t, "the Duel's picks", all, titles, "")

	// The first roll shows at most the card it drew.
	m, f = framesOf(m, "space")
	public := ""
	if t0 := m.table.Turn; t0.Title != "" {
		public = t0.Title
	}
	noneShown(t, "the first roll", f, titles, public)
}

// setName is a Rivals theme set's name, as the header says it.
func setName(id string) string {
	for _, s := range rivals.ThemeSets() {
		if s.ID == id {
			return s.Name
		}
	}
	return id
}

// cardGamePicks plays the Card Game's Tournament picks: Ann's keys, then
// Bob's, each handed over and back. It returns the frames of Bob's turn at
// the laptop, from his hand-off to the hand back.
func cardGamePicks(t *testing.T, ann, bob []string) (Model, []string) {
	t.Helper()
	m := newGame(t, "card-game", map[string]string{"mode": "tournament"})
	m, f := framesOf(m, "space")
	if !strings.Contains(f[0], "Pass the laptop to Ann.") {
		t.Fatalf("Ann's picks are not handed to Ann:\n%s", f[0])
	}
	m = press(m, "enter")
	m = press(m, ann...)
	m, f = framesOf(m, "enter", "space")
	if !strings.Contains(f[1], "Pass the laptop to Bob.") {
		t.Fatalf("Bob's picks are not handed to Bob:\n%s", f[0]+"\n"+f[1])
	}
	frames := f
	m, f = framesOf(m, append([]string{"enter"}, bob...)...)
	return m, append(frames, f...)
}

// The Card Game's Tournament picks: what Ann picked changes nothing on
// Bob's screens, and a pick the rules refuse is said on Ann's own screen,
// not to the table after she hands the laptop back.
func TestTournamentPicksAreNotShown(t *testing.T) {
	bobKeys := []string{"1", "2", "6", "7"}
	_, one := cardGamePicks(t, []string{"1", "2", "3", "4"}, bobKeys)
	m, other := cardGamePicks(t, []string{"5", "5", "7", "7"}, bobKeys)
	if !slices.Equal(one, other) {
		for i := range one {
			if one[i] != other[i] {
				t.Fatalf("Bob's screen %d differs with Ann's picks:\n%s\n---\n%s", i, one[i], other[i])
			}
		}
	}
	if v := view(m); !strings.Contains(v, "Hand the laptop back") {
		t.Fatalf("Bob's picks did not end:\n%s", v)
	}
	m = press(m, "enter")
	if v := view(m); !strings.Contains(v, "Ann rolls first") {
		t.Fatalf("after the picks:\n%s", v)
	}
	// A few turns, and the Watch Tower during one.
	for range 3 {
		m = finishTurn(press(m, "space"))
	}
	if got := m.table.Now().Turns(); got != 3 {
		t.Fatalf("%d turns, want 3", got)
	}
	m, f := framesOf(m, "w", "2")
	if !strings.Contains(f[0], "Which defences?") || !strings.Contains(f[0], "2 Watch Tower and Great Wall") {
		t.Fatalf("w does not ask for the Watch Tower:\n%s", f[0])
	}
	if v := f[1]; !strings.Contains(v, "watch tower") || !strings.Contains(v, "great wall") || !strings.Contains(v, "Spy: ") {
		t.Fatalf("the Watch Tower's roll is not shown:\n%s", v)
	}
	checkFits(t, f[1], 80, 24)
}

// A pick the rules refuse (a second Conflict, of which each player has one)
// is said to Ann while she still holds the laptop, and she picks again; the
// table never sees it.
func TestRefusedPickStaysPrivate(t *testing.T) {
	m := newGame(t, "card-game", map[string]string{"mode": "tournament"})
	// A second Conflict (the deck has one) is refused as it is picked, on
	// Ann's screen, and she picks again.
	m = press(m, "space", "enter", "1", "1")
	v := view(m)
	if strings.Contains(v, "Hand the laptop back") || !strings.Contains(v, "No more of Conflict") || !strings.Contains(v, "event card 2 of 4") ||
		!strings.Contains(v, "Picked: Conflict") {
		t.Fatalf("a refused pick should be said on Ann's screen, picking again:\n%s", v)
	}
	m = press(m, "2", "3", "4")
	_, f := framesOf(m, "enter")
	if strings.Contains(f[0], "Conflict") || strings.Contains(f[0], "✗") {
		t.Fatalf("the table sees Ann's pick:\n%s", f[0])
	}
	if !strings.Contains(f[0], "Bob") {
		t.Fatalf("Bob does not pick next:\n%s", f[0])
	}
}

// A game's key pressed while a question waits says what to do first,
// instead of nothing.
func TestActionKeyWhileAQuestionWaits(t *testing.T) {
	m := newGame(t, rivals.ID, nil)
	for i := 0; i < 60 && m.table.Question() == nil; i++ {
		m = press(finishTurn(m), "space")
	}
	if m.table.Question() == nil {
		t.Fatal("no question in 60 rolls: the test no longer reaches what it checks")
	}
	m = press(m, "w")
	if v := view(m); !strings.Contains(v, "First answer the question (x skips it); then w for set production die.") {
		t.Fatalf("w while a question waits:\n%s", v)
	}
}

// A table action says what it did.
func TestActionSaysWhatItDid(t *testing.T) {
	m := newGame(t, rivals.ID, nil)
	m = press(m, "w", "5") // one digit is the whole answer
	if v := view(m); !strings.Contains(v, "Set production die: 5.") {
		t.Fatalf("after w 5:\n%s", v)
	}
}

// Issue 23 item 12: between the Tournament's secret picks the Ready screen
// names who picks now (Bob) and who starts (Ann, as before the picks), and
// Ann still rolls first.
func TestTournamentReadyBetweenPicksNamesBoth(t *testing.T) {
	m := newGame(t, "card-game", map[string]string{"mode": "tournament"})
	if v := view(m); !strings.Contains(v, "Ann's secret picks: press space.") || !strings.Contains(v, "First: Ann") {
		t.Fatalf("before Ann's picks:\n%s", v)
	}
	m = press(m, "space", "enter", "1", "2", "3", "4", "enter")
	if v := view(m); !strings.Contains(v, "Bob's secret picks: press space.") || !strings.Contains(v, "First: Ann") || strings.Contains(v, "First: Bob") {
		t.Fatalf("between the picks:\n%s", v)
	}
	m = press(m, "space", "enter", "1", "2", "6", "7", "enter")
	if v := view(m); !strings.Contains(v, "Ann rolls first") || !strings.Contains(v, "First: Ann") {
		t.Fatalf("after the picks:\n%s", v)
	}
}

// Great Foresight's mark ("1 card left the game") belongs to the turn the
// card was taken out on: it shows on that turn and on no later one
// (issue 23, 13a), in every Rivals mode that holds the card (the Era of
// Sages'). Before the first roll it is not now
// (TestRivalsLooksAreNotNowBeforeTheFirstRoll).
func TestForesightMarkStaysOnItsTurn(t *testing.T) {
	for _, options := range []map[string]string{{"mode": "theme", "set": "sages"}, looksInPlay} {
		m := finishTurn(press(newGame(t, rivals.ID, options), "space"))
		stack := stackTitles(t, m)
		m = press(m, append([]string{"o", "enter"}, lookKeys[0].end(stack)...)...)
		m = press(m, "enter")
		if m.table.Entry != nil || len(stackTitles(t, m)) != len(stack)-1 {
			t.Fatalf("%v: no card taken out:\n%s", options, view(m))
		}
		if v := view(m); !strings.Contains(v, "Great Foresight: 1 card left the game") {
			t.Errorf("%v: the turn of the look does not show the mark:\n%s", options, v)
		}
		for i := range 4 {
			m = finishTurn(press(m, "space"))
			if v := view(m); strings.Contains(v, "Great Foresight") {
				t.Fatalf("%v: turn %d after the look still shows it:\n%s", options, i+1, v)
			}
		}
	}
}
