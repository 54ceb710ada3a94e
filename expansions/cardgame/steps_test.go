package cardgame

import (
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// TestWalkthroughs: every event die face and every event card, with
// answers, gives steps that name the players.
func TestWalkthroughs(t *testing.T) {
	r := newRuleset(t)
	km, tour := map[string]string{OptMode: ModeExpanded}, map[string]string{OptMode: ModeTournament}
	for _, tc := range []struct {
		name    string
		opts    map[string]string
		face    string   // event die face
		card    string   // kind drawn on "?"
		extra   string   // extra-events option
		rebuilt bool     // Year End came first
		past    int      // turns played before, alternating from Ann
		answers []string // key=value, in order
		want    []string
		not     []string
	}{
		{name: "brigand grace", face: FaceBrigand, want: []string{"Ann's turn 1: no Brigand Attack"}},
		{name: "brigand", face: FaceBrigand, past: 4, answers: []string{"brigand=1"},
			want: []string{"? Who holds more than 7 resources?", "Brigand Attack: Bob loses all ore and all wool."}},
		{name: "brigand both", face: FaceBrigand, past: 4, answers: []string{"brigand=0,1"}, want: []string{"Ann and Bob lose all ore"}},
		{name: "brigand nobody", face: FaceBrigand, past: 4, answers: []string{"brigand=none"}, want: []string{"Nobody loses anything."}},
		{name: "brigand skipped", face: FaceBrigand, past: 4, answers: []string{"brigand=skip"}, want: []string{"Whoever holds more than 7"}},
		{name: "brigand grace off", opts: map[string]string{OptBrigandGrace: "off"}, face: FaceBrigand, want: []string{"? Who holds more than 7"}},
		{name: "trade", face: FaceTrade, answers: []string{"windmill=0"}, want: []string{"Ann takes 1 resource of choice from Bob"}, not: []string{"Bank Vault"}},
		{name: "trade no holder", face: FaceTrade, answers: []string{"windmill=none"}, want: []string{"Nobody holds the Windmill token"}},
		{name: "trade bank vault", opts: km, face: FaceTrade, answers: []string{"windmill=1", "bank-vault:1=yes"},
			want: []string{"? Does Bob have a Bank Vault?", "Bob takes 2 resources of choice from Ann"}},
		{name: "tournament", face: FaceTournament, answers: []string{"tournament=1"}, want: []string{"Tournament: Bob takes 1 resource of choice."}},
		{name: "tournament tie", face: FaceTournament, answers: []string{"tournament=none"}, want: []string{"nobody takes anything"}},
		{name: "plenty basic", face: FacePlenty, want: []string{"Year of Plenty: Ann: Ann takes 1 resource of choice.", "Year of Plenty: Bob: Bob takes 1 resource of choice."},
			not: []string{"Toll", "Palace", "Treasure"}},
		{name: "plenty knights and merchants", opts: km, face: FacePlenty, answers: []string{"plenty-cards=0"},
			want: []string{"? Who has a Toll Station, Pirate Fleet, Palace or Treasure Fleet?",
				"Ann takes 1 resource of choice, 3 with a Treasure Fleet (eventdeck's reading; check your rulebook); a Palace may take a card from the discard pile instead (with a Treasure Fleet: 2 and a card), then over the hand limit put a card under a stack; +2 gold with a Toll Station; +1 gold per Pirate Fleet. Gold only",
				"Year of Plenty: Bob: Bob takes 1 resource of choice."}},
		{name: "plenty tournament nobody", opts: tour, face: FacePlenty, answers: []string{"plenty-cards=none"},
			want: []string{"Ann takes 1 resource of choice.", "Bob takes 1 resource of choice."}, not: []string{"Toll Station?", "Palace?", "gold"}},
		{name: "plenty treasure fleet only", opts: map[string]string{OptMode: ModeExpanded, OptTheme: "wizards-dragons"}, face: FacePlenty,
			answers: []string{"plenty-cards=1"},
			// The Treasure Fleet's 3 is read from rules/002's Palace: labelled (issue 40).
			want: []string{"? Who has a Treasure Fleet?", "Bob takes 3 resources of choice (Treasure Fleet; eventdeck's reading; check your rulebook).", "Ann takes 1 resource of choice."}},
		{name: "plenty skipped", opts: km, face: FacePlenty, answers: []string{"plenty-cards=skip"},
			want: []string{"Ann takes 1 resource of choice, 3 with a Treasure Fleet (eventdeck's reading; check your rulebook);", "Bob takes 1 resource of choice, 3 with a Treasure Fleet (eventdeck's reading; check your rulebook);"}},
		{name: "plenty waits", opts: km, face: FacePlenty, not: []string{"Ann takes"}},
		{name: "year end then civil war", face: FaceEvent, card: CivilWar, rebuilt: true, answers: []string{"church=1"},
			want: []string{"Year End: The whole event deck", "Bob picks one of Ann's knights, trade fleets or cannons",
				"Civil War: Bob: Bob's Church or Cathedral protects"}},
		{name: "civil war skipped", face: FaceEvent, card: CivilWar, answers: []string{"church=skip"}, want: []string{"Unless a Church or Cathedral protects, Ann picks one of Bob's"}},
		{name: "conflict", face: FaceEvent, card: Conflict, answers: []string{"knight=1"},
			want: []string{"Conflict: Bob takes 2 cards from Ann's hand and puts them under a stack."}},
		{name: "conflict tournament", opts: tour, face: FaceEvent, card: Conflict, answers: []string{"knight=0"},
			want: []string{"Ann takes 2 cards from Bob's hand and puts them under one of Bob's own stacks."}},
		{name: "conflict no knight", face: FaceEvent, card: Conflict, answers: []string{"knight=none"}, want: []string{"Nobody holds the Knight token"}},
		{name: "master builder tournament", opts: tour, face: FaceEvent, card: MasterBuilder, past: 1,
			// Each draws from their own stacks: no stack the other took (issue 31).
			want: []string{"each may trade 1 card in hand for 1 card from their own stacks."}},
		{name: "master builder", face: FaceEvent, card: MasterBuilder, past: 1,
			want: []string{"Master Builder: Bob first, then Ann: each may trade 1 card in hand"}},
		{name: "plague", face: FaceEvent, card: Plague, want: []string{"Plague: Every region beside a city gives up 1 resource"}},
		{name: "productive year", face: FaceEvent, card: ProductiveYear, want: []string{"beside a Garrison gets 1 resource"}},
		{name: "progress", face: FaceEvent, card: Progress, want: []string{"Progress: Ann first, then Bob: each takes 1 resource of choice for each Abbey"}},
		{name: "raid", opts: km, face: FaceEvent, card: Raid, answers: []string{"knight=0"},
			// rules/002: the holder may raid (issue 40).
			want: []string{"Raid: Ann may raid: name 3 of Bob's buildings", "then Bob takes one of them back to hand"}},
		{name: "raid skipped", opts: km, face: FaceEvent, card: Raid, answers: []string{"knight=skip"},
			want: []string{"The Knight token holder may raid: name 3 of the other player's buildings"}},
		{name: "extra card", opts: map[string]string{OptMode: ModeExpanded, OptTheme: "wizards-dragons"}, extra: "Dragon Attack*2",
			face: FaceEvent, card: "dragon-attack", want: []string{"Dragon Attack: Resolve it as printed on the card."}},
		{name: "production", face: FaceTrade, answers: []string{"windmill=none"}, want: []string{"Production 4: Each region showing 4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := map[string]string{}
			for k, v := range tc.opts {
				opts[k] = v
			}
			if tc.extra != "" {
				opts[OptExtraEvents] = tc.extra
			}
			s := newGame(t, r, opts, 1)
			for i := range tc.past {
				s.StartTurn(deck.Record{Draw: i + 1, Year: 1, Player: i % 2, NoCard: true,
					Dice: map[string]string{EventDie: FacePlenty, ProductionDie: "1"}})
			}
			rec := deck.Record{Draw: tc.past + 1, Year: 1, Player: tc.past % 2, NoCard: true, Rebuilt: tc.rebuilt,
				Dice: map[string]string{EventDie: tc.face, ProductionDie: "4"}}
			if tc.card != "" {
				rec.Card, rec.NoCard = cardOf(t, config(t, r, s), tc.card), false
			}
			s.StartTurn(rec)
			for _, a := range tc.answers {
				k, v, _ := strings.Cut(a, "=")
				if err := r.Answer(s, deck.Question{Key: k}, v); err != nil {
					t.Fatalf("%s: %v\n%s", a, err, texts(r.Steps(s)))
				}
			}
			got := texts(r.Steps(s))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("want %q in\n%s", w, got)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("do not want %q in\n%s", w, got)
				}
			}
			if tt, ok := r.Turn(s, -1); !ok || tt.Number != 4 || tt.Dice[0].Die != EventDie || tt.Dice[1].Letter != "P" {
				t.Errorf("turn %+v", tt)
			}
		})
	}
}

func TestFactsAreRememberedUntilAnEventChangesThem(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, map[string]string{OptMode: ModeExpanded}, 1)
	s.StartTurn(deck.Record{Draw: 1, Year: 1, NoCard: true, Dice: map[string]string{EventDie: FaceTrade, ProductionDie: "2"}})
	if err := r.Answer(s, deck.Question{Key: FactWindmill}, "1"); err != nil {
		t.Fatal(err)
	}
	s.StartTurn(deck.Record{Draw: 2, Year: 1, Player: 1, NoCard: true, Dice: map[string]string{EventDie: FaceTrade, ProductionDie: "2"}})
	st := r.Steps(s)
	if st[0].Question == nil || st[0].Question.Default != "1" {
		t.Fatalf("the Windmill holder is not offered again: %+v", st[0])
	}
	facts := r.Facts(s)
	if facts[1].Key != FactWindmill || facts[1].Default != "1" {
		t.Fatalf("facts %+v", facts)
	}
	forgetAfter(s, CivilWar)
	if st := r.Steps(s); st[0].Question.Default != "" {
		t.Fatal("a Civil War leaves the Windmill token as it was")
	}
	if err := r.SetFact(s, deck.Question{Key: FactKnight}, "0"); err != nil || s.Facts[FactKnight] != "0" {
		t.Fatalf("set fact: %v", err)
	}
	if err := r.SetFact(s, deck.Question{Key: "dragons"}, "0"); err == nil {
		t.Fatal("an unknown fact was set")
	}
	if err := r.Answer(s, deck.Question{Key: FactWindmill}, "5"); err == nil {
		t.Fatal("seat 5 accepted")
	}
}

func TestWatchTower(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, nil, 2)
	if err := r.Act(s, deck.Action{ID: ActWatchTower, Values: []int{0}}); err == nil {
		t.Fatal("a Watch Tower roll before any turn")
	}
	act(t, r, s, ActRoll)
	caught, free := 0, 0
	for range 60 {
		act(t, r, s, ActWatchTower, 1)
		tt, _ := r.Turn(s, -1)
		w, _ := tt.Die(WatchTowerDie)
		if _, ok := tt.Die(GreatWallDie); !ok {
			t.Fatal("no Great Wall roll")
		}
		got := texts(r.Steps(s))
		m, _ := tt.Mark("spy")
		if SpyCaught(w.Pips) {
			caught++
			if !strings.Contains(got, "The Spy is caught") || m.Text != "caught" {
				t.Fatalf("%d: %s", w.Pips, got)
			}
		} else {
			free++
			if !strings.Contains(got, "not caught") {
				t.Fatalf("%d: %s", w.Pips, got)
			}
		}
		if !strings.Contains(got, "Great Wall: ") {
			t.Fatal(got)
		}
	}
	act(t, r, s, ActWatchTower, 0)
	if tt, _ := r.Turn(s, -1); len(tt.Dice) != 3 {
		t.Fatalf("a Watch Tower alone rolls once: %+v", tt.Dice)
	}
	if caught == 0 || free == 0 {
		t.Fatalf("caught %d, free %d", caught, free)
	}
}

func TestProductionFirst(t *testing.T) {
	r := newRuleset(t)
	s := newGame(t, r, map[string]string{OptEventFirst: "off"}, 1)
	act(t, r, s, ActRoll)
	tt, _ := r.Turn(s, -1)
	if tt.Dice[0].Die != ProductionDie || !strings.HasPrefix(r.Steps(s)[0].Title, "Production") {
		t.Fatalf("production not first: %+v", tt.Dice)
	}
	if !strings.Contains(r.Describe(s), "production first") {
		t.Fatal(r.Describe(s))
	}
}

func TestReferenceCoversEveryCard(t *testing.T) {
	r := newRuleset(t)
	all := ""
	for _, e := range r.Reference() {
		all += e.Title + "\n"
	}
	for _, w := range []string{"Event die", "Production die", "Knight token", "Windmill token", "The event deck",
		"Tournament event deck", "Watch Tower", "Event card: Year End", "Event card: Raid", "Event card: Master Builder"} {
		if !strings.Contains(all, w) {
			t.Errorf("no %q in the reference:\n%s", w, all)
		}
	}
}

// The Brigand Attack and the who-has-a-card questions are asked of each
// player on their own screen, as the board game's 7 is (issue 30).
func TestQuestionsAboutEachPlayerHaveTheirOwnWords(t *testing.T) {
	r := newRuleset(t)
	for seed := uint64(1); seed < 400; seed++ {
		s := newGame(t, r, map[string]string{OptBrigandGrace: "off"}, seed)
		act(t, r, s, ActRoll)
		for _, st := range r.Steps(s) {
			q := st.Question
			if q == nil || q.Kind != deck.AskPlayers {
				continue
			}
			if !strings.HasPrefix(q.Own, "Do you ") || !strings.HasSuffix(q.Own, "?") || len(st.Players) != 0 {
				t.Fatalf("%s: own words %q, players %v", q.Key, q.Own, st.Players)
			}
			if q.Key == keyBrigand {
				if q.Own != "Do you hold more than 7 resources?" {
					t.Errorf("brigand: %q", q.Own)
				}
				return
			}
		}
	}
	t.Fatal("no Brigand Attack in 400 games")
}
