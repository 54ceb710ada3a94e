package cardgame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// reading is what a step says where our sources leave the rule to us.
const reading = "eventdeck's reading; check your rulebook"

// Question keys of one turn's answers that are not facts.
const (
	keyBrigand    = "brigand"
	keyTournament = "tournament"
)

// walker builds the steps of the open turn.
type walker struct {
	b      *steps.Builder
	cfg    *Config
	rec    deck.Record
	roller int
}

// Steps walks the table through the open turn: each die by name in the
// order rolled, then any Watch Tower roll. After a Tournament is declared
// over, who takes back which event cards comes first, as what the turn
// decides (play-test: at 80×24 it sat below the fold, under the last
// turn's steps).
func (r *Ruleset) Steps(s *deck.State) []deck.Step {
	cfg, err := r.Config(s)
	if err != nil {
		return nil
	}
	b := steps.New(s)
	if over(s) {
		endList(b, cfg)
	}
	if s.Open != nil {
		w := &walker{b: b, cfg: cfg, rec: *s.Open, roller: s.Open.Player}
		if cfg.EventFirst { // catan-card-game.md: event die first (likely)
			w.eventDie()
			w.production()
		} else {
			w.production()
			w.eventDie()
		}
		w.watchTower()
	}
	return b.Steps
}

// other is the roller's opponent; order is both players, roller first.
func (w *walker) other(seat int) int { return 1 - seat }
func (w *walker) order() []int       { return []int{w.roller, w.other(w.roller)} }

// skipped reports whether the question with key was skipped: its step
// then states the rule.
func (w *walker) skipped(key string) bool {
	v, ok := w.b.Answered(key)
	return ok && v == deck.AnswerSkip
}

func (w *walker) production() {
	n := w.rec.Dice[ProductionDie]
	w.b.Tell("Production "+n, "Each region showing "+n+" gives 1 resource to its owner; a region holds at most 3.")
}

func (w *walker) eventDie() {
	switch w.rec.Dice[EventDie] {
	case FaceBrigand:
		w.brigand()
	case FaceTrade:
		w.trade()
	case FaceTournament:
		w.tournament()
	case FacePlenty:
		w.plenty()
	case FaceEvent:
		w.card()
	}
}

// turnsOf counts seat's turns up to and including the open one.
func turnsOf(s *deck.State, seat int) int {
	n := 0
	for i := range s.Turns() {
		if s.TurnAt(i).Player == seat {
			n++
		}
	}
	return n
}

// brigand: more than 7 resources loses all ore and wool; regions next to a
// Garrison do not count; not in a player's first two turns (catan-card-game.md).
func (w *walker) brigand() {
	const title = "Brigand Attack"
	if n := turnsOf(w.b.S, w.roller); w.cfg.BrigandGrace && n <= 2 {
		w.b.Tell(title, fmt.Sprintf("%s's turn %d: no Brigand Attack in a player's first two turns.", w.b.Name(w.roller), n))
		return
	}
	seats, ok := w.b.AskPlayers(title, "Regions next to a Garrison do not count.", deck.Question{Key: keyBrigand,
		Prompt: "Who holds more than 7 resources?", Topic: "More than 7 resources",
		// Asked of each player on their own screen (eventdeck serve), as the
		// board game's 7 and the Rivals Brigand Attack are (issue 30).
		Own: "Do you hold more than 7 resources?"})
	switch {
	case ok && len(seats) == 0:
		w.b.Tell(title, "Nobody loses anything.")
	case ok && len(seats) == 1:
		w.b.Tell(title, w.b.Names(seats)+" loses all ore and all wool.", seats...)
	case ok:
		w.b.Tell(title, w.b.Names(seats)+" lose all ore and all wool.", seats...)
	case w.skipped(keyBrigand):
		w.b.Tell(title, "Whoever holds more than 7 resources (not counting regions next to a Garrison) loses all ore and all wool.")
	}
}

// trade: the Windmill holder takes 1 resource from the opponent, 2 with a
// Bank Vault (rules/002, Bank Vault).
func (w *walker) trade() {
	const title = "Trade Advantage"
	holder, ok := w.b.Holder(title, windmillQ())
	switch {
	case !ok && w.skipped(FactWindmill):
		w.b.Tell(title, "Whoever holds the Windmill token picks 1 resource and takes it from the other player (2 with a Bank Vault).")
		return
	case !ok:
		return
	case holder < 0:
		w.b.Tell(title, "Nobody holds the Windmill token: nothing happens.")
		return
	}
	take := "1 resource"
	if w.cfg.knightsMerchants() {
		q := vaultQ(holder, w.b.Name(holder))
		v, ok := w.b.Ask("Bank Vault", "", []int{holder}, q)
		switch {
		case ok && v == deck.AnswerYes:
			take = "2 resources"
		case !ok && w.skipped(q.Key):
			take = "1 resource (2 with a Bank Vault)"
		case !ok:
			return
		}
	}
	w.b.Tell(title, fmt.Sprintf("%s takes %s of choice from %s, with room to store it.",
		w.b.Name(holder), take, w.b.Name(w.other(holder))), holder)
}

// tournament: strictly more tournament points takes 1 resource; a tie,
// nobody (catan-card-game.md).
func (w *walker) tournament() {
	const title = "Tournament"
	seat, ok := w.b.Holder(title, deck.Question{Key: keyTournament,
		Prompt: "Who has more tournament points? (a tie: nobody)", Topic: "More tournament points"})
	switch {
	case ok && seat < 0:
		w.b.Tell(title, "A tie or no knights: nobody takes anything.")
	case ok:
		w.b.Tell(title, w.b.Name(seat)+" takes 1 resource of choice.", seat)
	case w.skipped(keyTournament):
		w.b.Tell(title, "Whoever has more tournament points than the other picks 1 resource; a tie, nobody.")
	}
}

// answer is what the table said about a player: yes, no, or not known.
type answer int

const (
	unknown answer = iota
	yes
	no
)

// askSet asks a remembered who-has question and returns, per seat, what it
// says, and false while it waits for an answer.
func (w *walker) askSet(title string, q deck.Question) ([]answer, bool) {
	out := make([]answer, len(w.b.S.Players))
	seats, ok := w.b.AskPlayers(title, "", q)
	if !ok {
		return out, w.skipped(q.Key)
	}
	for i := range out {
		out[i] = no
		if slices.Contains(seats, i) {
			out[i] = yes
		}
	}
	return out, true
}

// plenty: each player takes 1 resource (catan-card-game.md); a Toll Station
// adds 2 gold, each Pirate Fleet 1 gold, a Palace may take a card from the
// discard pile instead, a Treasure Fleet makes it 3 resources (rules/002:
// Toll Station, Pirate Fleet, Palace). Each card adds to its holder's take
// alone, and its holder knows it: the table is asked once who holds any of
// those a player could hold in this game, and those players are told the
// rule of the cards (play-test: a card a question, four in a row).
func (w *walker) plenty() {
	const title = "Year of Plenty"
	cards := w.cfg.plentyCards()
	holds := make([]answer, len(w.b.S.Players))
	if len(cards) > 0 {
		a, ready := w.askSet(title, plentyQ(cards))
		if !ready {
			return
		}
		holds = a
	}
	for _, p := range w.order() {
		name := w.b.Name(p)
		text := name + " takes 1 resource of choice."
		if len(cards) > 0 && holds[p] != no {
			text = name + " " + plentyRule(cards, holds[p] == yes)
		}
		w.b.Tell(title+": "+name, text, p)
	}
}

// plentyRule is what a Year of Plenty gives a player who holds some of
// cards (sure: a single card; else each card's part), or may (held false).
func plentyRule(cards []string, held bool) string {
	has := func(c string) bool { return slices.Contains(cards, c) }
	// The Treasure Fleet's 3 is read from rules/002's Palace ("three
	// resources" with both): eventdeck's reading, said on the step (issue 40).
	if held && len(cards) == 1 && has(cardTreasureFleet) {
		return "takes 3 resources of choice (Treasure Fleet; " + reading + ")."
	}
	take := "takes 1 resource of choice"
	if has(cardTreasureFleet) {
		take += ", 3 with a Treasure Fleet (" + reading + ")"
	}
	parts := []string{take}
	if has(cardPalace) {
		palace := "a Palace may take a card from the discard pile instead"
		if has(cardTreasureFleet) {
			palace += " (with a Treasure Fleet: 2 and a card)"
		}
		// rules/002, Palace: over the hand limit after it, a card goes
		// under a stack of choice (issue 31).
		parts = append(parts, palace+", then over the hand limit put a card under a stack")
	}
	gold := false
	if has(cardTollStation) {
		parts, gold = append(parts, "+2 gold with a Toll Station"), true
	}
	if has(cardPirateFleet) {
		parts, gold = append(parts, "+1 gold per Pirate Fleet"), true
	}
	text := strings.Join(parts, "; ") + "."
	if gold {
		text += " Gold only with room in a gold field."
	}
	return text
}

// watchTower tells the Watch Tower roll, and the Great Wall's: rules/002
// has each defence roll on its own; only the Watch Tower's 1–2 is ours to
// read.
func (w *walker) watchTower() {
	v, ok := w.rec.Dice[WatchTowerDie]
	if !ok {
		return
	}
	owner := w.other(w.roller)
	n, _ := strconv.Atoi(v)
	if SpyCaught(n) {
		w.b.Tell("Watch Tower: "+v, "The Spy is caught: it is discarded and takes or sees no card.", owner)
	} else {
		w.b.Tell("Watch Tower: "+v, "The Spy is not caught.", owner)
	}
	if g, ok := w.rec.Dice[GreatWallDie]; ok {
		w.b.Tell("Great Wall: "+g, "Read this roll as the Great Wall card says.", owner)
	}
}
