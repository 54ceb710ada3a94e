package expansions_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/expansions/cardgame"
	"github.com/eventdeck/eventdeck/expansions/catan"
	"github.com/eventdeck/eventdeck/expansions/rivals"
)

// guardGame is one game, mode and option set the guard plays.
type guardGame struct {
	id      string
	players int
	opts    map[string]string
	house   bool // with the example file of the table's own cards
}

// guardGames are every game and mode with the option sets that change
// what the table reads (issue 31).
func guardGames() []guardGame {
	on := "on"
	g := []guardGame{
		{id: catan.ID, players: 4, opts: nil},
		{id: catan.ID, players: 3, opts: map[string]string{catan.OptEdition: "5"}},
		{id: catan.ID, players: 3, opts: map[string]string{catan.OptEdition: "4", catan.OptFlees: catan.FleesOff}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptDeck: "plain", catan.OptBeauty: on}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptSeafarers: on, catan.OptNewYear: "random"}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptExplorers: on}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptCK: on}},
		{id: catan.ID, players: 3, opts: map[string]string{catan.OptCK: on, catan.OptCKRed: catan.RedRolled, catan.OptEventDie: catan.DieBalanced, catan.OptSeafarers: on}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptCK: on, catan.OptDeck: "plain", catan.OptHandLimit: "9"}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptCK: on, catan.OptSeasons: on, catan.OptSeasonBy: catan.SeasonByRound,
			catan.OptShipExtra: on, catan.OptHarvest: on}},
		{id: catan.ID, players: 3, opts: map[string]string{catan.OptCK: on, catan.OptSeasons: on, catan.OptSeasonBy: catan.SeasonByNewYear, catan.OptTBCards: "off"}},
		{id: catan.ID, players: 5, opts: nil},
		{id: catan.ID, players: 6, opts: map[string]string{catan.OptFiveSix: catan.FiveSixPairs, catan.OptCK: on}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptDice: "deck", catan.OptDiceStack: "5"}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptDice: "random"}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptDice: "balanced"}},
		{id: catan.ID, players: 4, opts: map[string]string{catan.OptDice: "hybrid=50"}},
		{id: rivals.ID, players: 2, opts: nil},
		{id: rivals.ID, players: 2, opts: map[string]string{rivals.OptMode: rivals.ModeDuel}},
		{id: rivals.ID, players: 2, opts: map[string]string{rivals.OptMode: rivals.ModeDuel, rivals.OptByLot: on}},
		{id: rivals.ID, players: 2, opts: map[string]string{rivals.OptMode: rivals.ModeDuel, rivals.OptSets: "barbarians,prosperity,gold", rivals.OptDuelInsurr: rivals.InsurrTop}},
		{id: rivals.ID, players: 2, opts: map[string]string{rivals.OptMode: rivals.ModeDuel, rivals.OptSets: "sages,explorers,turmoil"}},
		{id: cardgame.ID, players: 2, opts: nil},
		{id: cardgame.ID, players: 2, opts: map[string]string{cardgame.OptMode: cardgame.ModeTournament}},
		{id: cardgame.ID, players: 2, opts: map[string]string{cardgame.OptEventFirst: "off", cardgame.OptQuestionFaces: "3", cardgame.OptBrigandGrace: "off"}},
	}
	for _, set := range rivals.ThemeSets() {
		g = append(g, guardGame{id: rivals.ID, players: 2, opts: map[string]string{rivals.OptMode: rivals.ModeTheme, rivals.OptSet: set.ID}})
	}
	for _, th := range cardgame.Themes() {
		g = append(g, guardGame{id: cardgame.ID, players: 2, opts: map[string]string{cardgame.OptMode: cardgame.ModeExpanded, cardgame.OptTheme: th.ID}})
	}
	g = append(g, guardGame{id: catan.ID, players: 4, house: true}, guardGame{id: rivals.ID, players: 2, house: true},
		guardGame{id: cardgame.ID, players: 2, house: true})
	return g
}

// guardNames are the players' names: none of them a digit, so a seat
// number where a name belongs shows.
var guardNames = []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Flo"}

// broken are what no text the app shows may hold: a Go format error, a nil
// printed, a template left unfilled, a seat number where a name belongs.
var broken = regexp.MustCompile(`%!|%\[|<nil>|\{\{|(?i:\b(?:player|seat) [0-5]\b)|\b[0-5]'s\b`)

// TestEveryTextReads plays every game, mode and option set a few hundred
// turns with random answers and actions, and reads every card text, step,
// question, outcome, action and reference entry the table could see
// (issue 31: the Card Game's Conflict printed "%!(EXTRA string=Bob)"); each
// is in our own words, no run of RunWords words from the sources.
func TestEveryTextReads(t *testing.T) {
	all, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	lib := expansions.LoadCards("", []string{"../assets/cards/example.toml"}, expansions.CardTables(all))
	if len(lib.Files) != 1 {
		t.Fatalf("example cards: %v", lib.Skipped)
	}
	house, err := expansions.AllWith(assets.FS(), lib)
	if err != nil {
		t.Fatal(err)
	}
	ours := newWordsChecker(t)
	turns := 300
	if testing.Short() {
		turns = 60
	}
	for i, gg := range guardGames() {
		t.Run(fmt.Sprintf("%s-%d-%v-house=%v", gg.id, gg.players, gg.opts, gg.house), func(t *testing.T) {
			rulesets := all
			if gg.house {
				rulesets = house
			}
			r, err := expansions.Find(rulesets, gg.id)
			if err != nil {
				t.Fatal(err)
			}
			players := make([]deck.Player, gg.players)
			for p := range players {
				players[p] = deck.Player{Name: guardNames[p]}
			}
			s, err := r.NewGame(gg.opts, players, uint64(100+i))
			if err != nil {
				t.Fatal(err)
			}
			g := &guard{t: t, r: r, rng: rand.New(rand.NewPCG(uint64(i), 31)), seen: map[string]bool{}, ours: ours}
			for _, e := range r.Reference() {
				g.title("reference entry", e.Title)
				g.read("reference "+e.Title, e.Text)
			}
			n := 0
			for ; n < turns && g.turn(s); n++ {
				g.late = n >= turns-10 // the game may be declared over
			}
			if n < turns && !g.late {
				t.Errorf("the game stopped after %d turns", n)
			}
			for _, st := range r.Steps(s) { // a Tournament's end: whose cards are whose
				g.title("last step", st.Title)
				g.read("last step "+st.Title, st.Text+" | "+st.Outcome)
			}
			if g.steps == 0 {
				t.Errorf("no steps read in %d turns", turns)
			}
		})
	}
}

// guard plays one game and reads what it shows.
type guard struct {
	t     *testing.T
	r     expansions.Ruleset
	rng   *rand.Rand
	steps int
	seen  map[string]bool // texts read already
	late  bool            // the game's last turns: it may be declared over
	ours  *wordsChecker   // finds the sources' words (issue 31)
}

// read fails on a broken text.
func (g *guard) read(where, text string) {
	if g.seen[text] { // read already, and told if broken
		return
	}
	g.seen[text] = true
	g.t.Helper()
	if m := broken.FindString(text); m != "" {
		g.t.Errorf("%s: %q in %q", where, m, text)
	}
	for _, part := range strings.Split(text, " | ") {
		if run := g.ours.copied(part); run != "" {
			g.t.Errorf("%s: %q is the sources' words, in %q", where, run, part)
		}
	}
}

// title fails on an empty or broken title.
func (g *guard) title(where, text string) {
	g.t.Helper()
	if strings.TrimSpace(text) == "" && !g.seen["\x00"+where] {
		g.seen["\x00"+where] = true
		g.t.Errorf("%s: empty title", where)
	}
	g.read(where, text)
}

// turn does the game's main action (after a side action, sometimes),
// answers every question at random and reads all along. It reports false
// when the game offers nothing more (a Tournament declared over).
func (g *guard) turn(s *deck.State) bool {
	g.header(s)
	g.side(s)
	specs := g.r.Actions(s)
	main, ok := expansions.Main(specs)
	switch {
	case len(specs) == 0:
		return false
	case !ok && len(specs) == 1: // a Tournament's secret picks
		main, ok = specs[0], true
	}
	if !ok {
		g.t.Fatalf("no main action in %+v", specs)
	}
	if !g.act(s, main, 200) {
		g.t.Fatalf("%s: no inputs taken", main.ID)
	}
	if tn, ok := g.r.Turn(s, -1); ok {
		g.read("turn "+tn.Title, tn.Title+" | "+tn.Text+" | "+tn.RebuiltText+" | "+tn.NumberNote)
		for _, m := range tn.Marks {
			g.read("mark", m.Label+": "+m.Text)
		}
	}
	for range 80 {
		if !g.answer(s) {
			break
		}
		if g.rng.IntN(6) == 0 {
			g.side(s)
		}
	}
	g.header(s)
	return true
}

// header reads what the screen's header and fact screens show.
func (g *guard) header(s *deck.State) {
	if d, ok := g.r.(expansions.Describer); ok {
		g.read("describe", d.Describe(s))
	}
	if p, ok := g.r.(expansions.Progresser); ok {
		g.read("progress", p.Progress(s))
	}
	if a, ok := g.r.(expansions.Announcer); ok {
		g.read("announce", a.Announce(s))
	}
	if f, ok := g.r.(expansions.FactKeeper); ok {
		for _, q := range f.Facts(s) {
			g.question("fact", q, s)
		}
	}
	if k, ok := g.r.(expansions.TrackerKeeper); ok {
		for _, tr := range k.Trackers(s) {
			g.read("tracker", tr.Name+": "+tr.Note)
		}
	}
	for _, a := range g.r.Actions(s) {
		g.title("action "+a.ID, a.Label)
		g.read("action "+a.ID, a.Help)
		for _, in := range a.Inputs {
			g.read("input of "+a.ID, in.Prompt+" | "+strings.Join(in.Choices, " | "))
		}
	}
}

// question reads a question and the answer given to it.
func (g *guard) question(where string, q deck.Question, s *deck.State) {
	g.read(where, q.Prompt+" | "+q.Topic+" | "+q.Own)
	if q.Default != "" {
		g.read(where, q.Says(q.Default, s.Players))
	}
	if s.Open != nil {
		if v, ok := s.Open.Answers[q.Key]; ok {
			g.read(where, q.Says(v, s.Players))
		}
	}
}

// side does, one time in three, an action other than the main one, with
// random inputs; a refusal is fine.
func (g *guard) side(s *deck.State) {
	if g.rng.IntN(3) != 0 {
		return
	}
	var side []deck.ActionSpec
	for _, a := range g.r.Actions(s) {
		if !a.Main && (g.late || a.ID != cardgame.ActGameOver) {
			side = append(side, a)
		}
	}
	if len(side) > 0 {
		g.act(s, side[g.rng.IntN(len(side))], 3)
	}
}

// act does a with random inputs, up to tries times; it reports whether
// one was taken.
func (g *guard) act(s *deck.State, a deck.ActionSpec, tries int) bool {
	for range tries {
		vals := make([]int, len(a.Inputs))
		for i, in := range a.Inputs {
			switch in.Kind {
			case deck.InputNumber:
				vals[i] = in.Min + g.rng.IntN(min(in.Max-in.Min, 12)+1)
			case deck.InputChoice:
				vals[i] = g.rng.IntN(max(len(in.Choices), 1))
			case deck.InputChoices:
				vals[i] = g.rng.IntN(1 << min(len(in.Choices), 20))
			}
		}
		if g.r.Act(s, deck.Action{ID: a.ID, Values: vals}) == nil {
			return true
		}
	}
	return false
}

// answer reads every step and answers the first open question at random;
// false when none is open.
func (g *guard) answer(s *deck.State) bool {
	if s.Open == nil {
		return false
	}
	var open *deck.Question
	for _, st := range g.r.Steps(s) {
		g.steps++
		g.title("step", st.Title)
		g.read("step "+st.Title, st.Text+" | "+st.Outcome)
		if st.Question != nil {
			g.question("step "+st.Title, *st.Question, s)
			if _, done := s.Open.Answers[st.Question.Key]; !done && open == nil {
				open = st.Question
			}
		}
	}
	if open == nil {
		return false
	}
	for range 20 {
		if g.r.Answer(s, *open, g.value(*open, len(s.Players))) == nil {
			return true
		}
	}
	if err := g.r.Answer(s, *open, deck.AnswerSkip); err != nil {
		g.t.Fatalf("%s: skip refused: %v", open.Key, err)
	}
	return true
}

// value is a random answer to q, sometimes a skip or the default.
func (g *guard) value(q deck.Question, players int) string {
	switch n := g.rng.IntN(10); {
	case n == 0:
		return deck.AnswerSkip
	case n == 1 && q.Default != "":
		return q.Default
	}
	switch q.Kind {
	case deck.AskPlayer:
		if n := g.rng.IntN(players + 1); n < players {
			return strconv.Itoa(n)
		}
		return deck.AnswerNobody
	case deck.AskPlayers:
		var seats []int
		for p := range players {
			if g.rng.IntN(2) == 0 {
				seats = append(seats, p)
			}
		}
		if len(seats) == 0 {
			return deck.AnswerNobody
		}
		return deck.FormatSeats(seats)
	case deck.AskYesNo:
		return []string{deck.AnswerYes, deck.AnswerNo}[g.rng.IntN(2)]
	}
	top := q.Max
	if top == 0 || top > 20 {
		top = 20
	}
	return strconv.Itoa(g.rng.IntN(top + 1))
}
