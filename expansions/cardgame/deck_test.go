package cardgame

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

func countKind(cfg *Config, cards []deck.Card, id string) int {
	n := 0
	for _, c := range cards {
		if cfg.Box[c].Kind.ID == id {
			n++
		}
	}
	return n
}

func TestYearEndReshufflesAllAndIsNeverLost(t *testing.T) {
	r := newRuleset(t)
	for _, tc := range []struct {
		name  string
		opts  map[string]string
		cards int
	}{
		{"basic", nil, 10},
		{"knights-merchants", map[string]string{OptMode: ModeExpanded}, 13},
		{"science with extras", map[string]string{OptMode: ModeExpanded, OptTheme: "science-progress", OptExtraEvents: "Invention*2"}, 12},
		{"tournament", map[string]string{OptMode: ModeTournament}, 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 5; seed++ {
				s := newGame(t, r, tc.opts, seed)
				pickAll(t, r, s, rand.New(rand.NewPCG(seed, 9)))
				cfg := config(t, r, s)
				rebuilds := 0
				for range 400 {
					year := s.Year
					act(t, r, s, ActRoll)
					all := slices.Concat(s.Deck.Draw, s.Deck.Discard)
					if len(all) != tc.cards || len(s.Deck.Discard) != 0 {
						t.Fatalf("seed %d: %d cards, %d discarded; want %d in the draw pile", seed, len(all), len(s.Deck.Discard), tc.cards)
					}
					if n := countKind(cfg, all, YearEnd); n != 1 {
						t.Fatalf("seed %d: %d Year Ends", seed, n)
					}
					if s.Open.Rebuilt {
						rebuilds++
						if s.Year <= year || s.Open.NoCard || cfg.Box[s.Open.Card].Kind.ID == YearEnd {
							t.Fatalf("seed %d: a Year End draw must start a new year and resolve another card", seed)
						}
					}
					if err := r.Validate(s); err != nil {
						t.Fatal(err)
					}
				}
				if rebuilds == 0 {
					t.Fatalf("seed %d: no Year End in 400 rolls", seed)
				}
			}
		})
	}
}

func TestResolvedCardGoesUnderTheDeck(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, nil, 7)
	checked := 0
	for range 300 {
		top := s.Deck.Draw[len(s.Deck.Draw)-1]
		act(t, r, s, ActRoll)
		if s.Open.NoCard || s.Open.Rebuilt {
			continue
		}
		if s.Open.Card != top || s.Deck.Draw[0] != top {
			t.Fatalf("drew %d (top was %d), bottom is %d", s.Open.Card, top, s.Deck.Draw[0])
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d cards drawn", checked)
	}
}

func TestTournamentDeck(t *testing.T) {
	r := newRuleset(t)
	opts := map[string]string{OptMode: ModeTournament, OptExtraEvents: "wizards-dragons:Dragon Attack*2, trade-change:Plague*1"}
	for seed := uint64(1); seed <= 300; seed++ {
		s := newGame(t, r, opts, seed)
		if got := r.Actions(s); len(got) != 1 || got[0].ID != ActPick {
			t.Fatalf("before the picks only the pick action, got %+v", got)
		}
		if err := r.Act(s, deck.Action{ID: ActRoll}); err == nil {
			t.Fatal("rolled before the picks")
		}
		pickAll(t, r, s, rand.New(rand.NewPCG(seed, 1)))
		cfg := config(t, r, s)
		d := s.Deck.Draw
		if len(d) != TournamentCards {
			t.Fatalf("seed %d: %d cards", seed, len(d))
		}
		if countKind(cfg, d, CivilWar) < 2 || countKind(cfg, d, Plague) < 2 || countKind(cfg, d, YearEnd) != 1 {
			t.Fatalf("seed %d: civil wars %d, plagues %d, year ends %d", seed,
				countKind(cfg, d, CivilWar), countKind(cfg, d, Plague), countKind(cfg, d, YearEnd))
		}
		for seat := range 2 {
			if n := picked(s, cfg, seat); n != Picks {
				t.Fatalf("seed %d: seat %d picked %d", seed, seat, n)
			}
		}
		fixed := 0
		for _, c := range d {
			if cfg.Box[c].Fixed {
				fixed++
			}
		}
		if fixed != 5 || s.Current != 0 {
			t.Fatalf("seed %d: %d fixed cards, player %d to roll", seed, fixed, s.Current)
		}
		if err := r.Validate(s); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPickRejectsMoreCopiesThanTheBoxHolds(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, map[string]string{OptMode: ModeTournament}, 1)
	spec := r.Actions(s)[0]
	raid := slices.IndexFunc(spec.Inputs[0].Choices, func(c string) bool { return strings.HasPrefix(c, "Raid") })
	if raid < 0 || slices.ContainsFunc(spec.Inputs[0].Choices, func(c string) bool { return strings.HasPrefix(c, "Year End") }) {
		t.Fatalf("choices %q", spec.Inputs[0].Choices)
	}
	if err := r.Act(s, deck.Action{ID: ActPick, Values: []int{raid, raid, raid, 0}}); err == nil {
		t.Fatal("picked 3 Raids from a box of 2")
	}
}

// TestPicksStaySecret: after Ann's picks nothing Bob can read names them,
// and during play no text names a pick before it is drawn.
func TestPicksStaySecret(t *testing.T) {
	r := newRuleset(t)
	opts := map[string]string{OptMode: ModeTournament, OptExtraEvents: "wizards-dragons:Dragon Attack*1"}
	for seed := uint64(1); seed <= 20; seed++ {
		s := newGame(t, r, opts, seed)
		before := r.Actions(s)[0]
		choices := before.Inputs[0].Choices
		idx := func(prefix string) int {
			return slices.IndexFunc(choices, func(c string) bool { return strings.HasPrefix(c, prefix) })
		}
		// Ann picks only cards no fixed card shares a title with.
		act(t, r, s, ActPick, idx("Raid"), idx("Dragon Attack"), idx("Conflict"), idx("Master Builder"))
		secret := []string{"Raid", "Dragon Attack", "Conflict", "Master Builder"}
		bob := r.Actions(s)[0]
		seen := r.Describe(s) + r.Progress(s) + texts(r.Steps(s)) + bob.Help + bob.Label
		for _, in := range bob.Inputs {
			seen += in.Prompt
		}
		if !slices.Equal(bob.Inputs[0].Choices, choices) {
			t.Fatalf("Bob's choices depend on Ann's picks: %q", bob.Inputs[0].Choices)
		}
		// Bob picks Progress only, so any other title would be Ann's.
		p := slices.IndexFunc(bob.Inputs[0].Choices, func(c string) bool { return strings.HasPrefix(c, "Progress") })
		act(t, r, s, ActPick, p, p, idx("Productive Year"), idx("Productive Year"))
		seen += r.Describe(s) + r.Progress(s)
		for _, w := range secret {
			if strings.Contains(seen, w) {
				t.Fatalf("seed %d: %q shows before the roll: %s", seed, w, seen)
			}
		}
		for range 60 {
			act(t, r, s, ActRoll)
			tt, _ := r.Turn(s, -1)
			text := turnText(tt) + texts(r.Steps(s)) + r.Describe(s) + r.Progress(s)
			for _, w := range secret {
				if strings.Contains(text, w) && tt.Title != w {
					t.Fatalf("seed %d: %q shows while %q is drawn: %s", seed, w, tt.Title, text)
				}
			}
		}
	}
}

func TestGameOverListsWhoseCardsAreWhose(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, map[string]string{OptMode: ModeTournament}, 3)
	pickAll(t, r, s, rand.New(rand.NewPCG(3, 3)))
	act(t, r, s, ActRoll)
	act(t, r, s, ActGameOver)
	// What each takes back comes first, as what the turn decides: one
	// short line each, grouped by set (play-test: at 80×24 it sat below
	// the fold, a set's name after every card).
	st := r.Steps(s)
	got := texts(st)
	cards := 0
	for i, want := range []string{"Ann takes back: Year End, Civil War, ", "Bob takes back: Civil War, "} {
		if !strings.HasPrefix(st[i].Outcome, want) || strings.Count(st[i].Outcome, "(Basic Game)") != 1 {
			t.Fatalf("step %d decides %q, want it to start %q:\n%s", i, st[i].Outcome, want, got)
		}
		_, list, _ := strings.Cut(strings.TrimSuffix(st[i].Outcome, "."), ": ")
		for _, group := range strings.Split(list, "; ") {
			group, _, _ = strings.Cut(group, " (")
			for _, title := range strings.Split(group, ", ") {
				n := 1
				if _, times, ok := strings.Cut(title, " ×"); ok {
					n, _ = strconv.Atoi(times)
				}
				cards += n
			}
		}
	}
	if cards != TournamentCards {
		t.Fatalf("want %d cards listed, got %d:\n%s", TournamentCards, cards, got)
	}
	if len(r.Actions(s)) != 0 || r.Act(s, deck.Action{ID: ActRoll}) == nil {
		t.Fatal("a game over takes no more actions")
	}
}

func TestValidateRejectsBadDecks(t *testing.T) {
	r := newRuleset(t)
	for _, tc := range []struct {
		name  string
		opts  map[string]string
		spoil func(s *deck.State)
		want  string
	}{
		{"twice", nil, func(s *deck.State) { s.Deck.Draw[0] = s.Deck.Draw[1] }, "twice"},
		{"foreign", nil, func(s *deck.State) { s.Deck.Draw[0] = 200 }, "not one of"},
		{"missing", nil, func(s *deck.State) { s.Deck.Draw = s.Deck.Draw[1:] }, "9 of its 10"},
		{"extra", nil, func(s *deck.State) { s.Deck.Draw = append(s.Deck.Draw, 10) }, "not one of"},
		{"tournament lacks", map[string]string{OptMode: ModeTournament}, func(s *deck.State) { s.Deck.Draw = s.Deck.Draw[1:] }, "lacks"},
		{"three players", nil, func(s *deck.State) { s.Players = append(s.Players, deck.Player{Name: "Cy"}) }, "3 players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, r, tc.opts, 1)
			if err := r.Validate(s); err != nil {
				t.Fatalf("a new game fails: %v", err)
			}
			tc.spoil(s)
			err := r.Validate(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestNewGameRejectsBadOptions(t *testing.T) {
	r := newRuleset(t)
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{OptTheme: "atlantis"}, "theme"},
		{map[string]string{OptTheme: "science-progress"}, "needs mode expanded"},
		{map[string]string{OptMode: "duel"}, "mode"},
		{map[string]string{OptQuestionFaces: "7"}, "question-faces"},
		{map[string]string{"colour": "red"}, "unknown option"},
		{map[string]string{OptExtraEvents: "Storm*1"}, "needs mode"},
		{map[string]string{OptMode: ModeTournament, OptExtraEvents: "Storm*1"}, "needs its theme"},
		{map[string]string{OptMode: ModeExpanded, OptExtraEvents: "trade-change:Storm"}, "not from the theme"},
		{map[string]string{OptMode: ModeExpanded, OptExtraEvents: "Storm*0"}, "count"},
		{map[string]string{OptMode: ModeExpanded, OptExtraEvents: "Year End*1"}, "one Year End"},
		{map[string]string{OptMode: ModeExpanded, OptExtraEvents: "St*rm*2"}, "count"},
		{map[string]string{OptMode: ModeExpanded, OptExtraEvents: "Storm!"}, "letters"},
	} {
		_, err := r.NewGame(tc.opts, players(), 1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.opts, err, tc.want)
		}
	}
	if _, err := r.NewGame(nil, append(players(), deck.Player{Name: "Cy"}), 1); err == nil {
		t.Error("3 players accepted")
	}
}

func TestEncodeDecodeMidGame(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, map[string]string{OptMode: ModeTournament, OptQuestionFaces: "3"}, 11)
	g := deck.NewGame(s)
	rng := rand.New(rand.NewPCG(11, 11))
	if err := g.Do(func(s *deck.State) error { pickAll(t, r, s, rng); return nil }); err != nil {
		t.Fatal(err)
	}
	for range 9 {
		if err := g.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll}) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Do(func(s *deck.State) error {
		return r.Act(s, deck.Action{ID: ActWatchTower, Values: []int{1}})
	}); err != nil {
		t.Fatal(err)
	}
	if st := r.Steps(g.Now); len(st) > 0 && st[0].Question != nil {
		if err := g.Do(func(s *deck.State) error { return r.Answer(s, *st[0].Question, deck.AnswerSkip) }); err != nil {
			t.Fatal(err)
		}
	}
	data, err := deck.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := deck.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(back.Now); err != nil {
		t.Fatal(err)
	}
	a, _ := r.Turn(g.Now, -1)
	b, _ := r.Turn(back.Now, -1)
	if turnText(a) != turnText(b) || texts(r.Steps(g.Now)) != texts(r.Steps(back.Now)) {
		t.Fatalf("turn or steps differ after the round trip:\n%s\n%s", turnText(a), turnText(b))
	}
	for i := range 20 {
		for _, gg := range []*deck.Game{g, back} {
			if err := gg.Do(func(s *deck.State) error { return r.Act(s, deck.Action{ID: ActRoll}) }); err != nil {
				t.Fatal(err)
			}
		}
		a, _ := r.Turn(g.Now, -1)
		b, _ := r.Turn(back.Now, -1)
		if turnText(a) != turnText(b) {
			t.Fatalf("roll %d after the round trip differs: %s / %s", i, turnText(a), turnText(b))
		}
	}
	if !back.Undo() || !g.Undo() {
		t.Fatal("nothing to undo after decode")
	}
}

// The header counts the real deck, Year End too: the Basic Game's 10
// cards, a Tournament's 13 from before the first pick to the game's end
// (issue 30: "drawn 0 of 12", then "of 4" and "of 8" during the picks).
func TestProgressCountsTheWholeDeck(t *testing.T) {
	r := newRuleset(t)
	if got := r.Progress(newGame(t, r, nil, 1)); got != "Year 1 · drawn 0 of 10" {
		t.Errorf("Basic Game: %q", got)
	}
	s := newGame(t, r, map[string]string{OptMode: ModeTournament}, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		if got := r.Progress(s); got != "Year 1 · drawn 0 of 13" {
			t.Errorf("Tournament, %d cards in: %q", s.Deck.Total(), got)
		}
		if picker(s, config(t, r, s)) < 0 {
			break
		}
		pickOne(t, r, s, rng)
	}
	act(t, r, s, ActRoll)
	if got := r.Progress(s); !strings.HasSuffix(got, " of 13") {
		t.Errorf("Tournament after a roll: %q", got)
	}
}

// pickOne makes the next Tournament pick with choices from rng.
func pickOne(t testing.TB, r *Ruleset, s *deck.State, rng *rand.Rand) {
	t.Helper()
	n := len(r.Actions(s)[0].Inputs[0].Choices)
	for range 1000 {
		if r.Act(s, deck.Action{ID: ActPick, Values: []int{rng.IntN(n), rng.IntN(n), rng.IntN(n), rng.IntN(n)}}) == nil {
			return
		}
	}
	t.Fatal("no pick taken")
}
