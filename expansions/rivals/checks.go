package rivals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
)

// Dice checks: each rolls and says who wins. A check is kept on the open
// turn, in Record.Dice under "check:N" (N from 1), as the rolls it made, and
// shown as a mark of that turn.
const (
	ActPirate  = "pirate"
	ActIsland  = "island"
	ActDispute = "dispute"
	ActPeace   = "peace"
	// ActAstrologer is Court Astrologer (rules/003, Era of Prosperity):
	// for 1 star its player chooses an event die result once more during
	// their own turn, and it applies to both players. Kept as a check: the
	// event chosen, resolved at once on the open turn, a "?" drawing its
	// card then (issue 31: it was a die set for the next roll, which after
	// one's own roll set the opponent's).
	ActAstrologer = "astrologer"
)

const checkPrefix = "check:"

// maxRolls bounds the rolls of one check (ties roll again).
const maxRolls = 64

// pirateStrengths are the pirates' strengths: each sea set has pirates of
// 5, 6 and 8 (rules/003).
func pirateStrengths() []int { return []int{5, 6, 8} }

// Check is one dice check as kept on a turn.
type Check struct {
	Kind    string // ActPirate, ActIsland, ActDispute or ActPeace
	Args    []int  // the inputs, as the action's values
	Rolls   []int  // production die rolls in order
	Face    string // Island: the event die rolled on 2–4; Astrologer: the face chosen
	Card    int    // Island, Astrologer: the card a "?" drew, -1 for none
	Rebuilt bool   // Island, Astrologer: Yule rebuilt the stack first
	Bottom  bool   // Island, Astrologer: the card went to the bottom, not under the top 4 (lockedReturn)
}

func ints(v []int) string {
	if len(v) == 0 {
		return "-"
	}
	p := make([]string, len(v))
	for i, n := range v {
		p[i] = strconv.Itoa(n)
	}
	return strings.Join(p, ",")
}

func parseInts(f string) []int {
	if f == "-" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(f, ",") {
		n, _ := strconv.Atoi(p)
		out = append(out, n)
	}
	return out
}

// String is the check as kept in Record.Dice.
func (c Check) String() string {
	face := c.Face
	if face == "" {
		face = "-"
	}
	reb := 0 // bit 1: rebuilt; bit 2: to the bottom
	if c.Rebuilt {
		reb = 1
	}
	if c.Bottom {
		reb |= 2
	}
	return fmt.Sprintf("%s %s %s %s %d %d", c.Kind, ints(c.Args), ints(c.Rolls), face, c.Card, reb)
}

// parseCheck reads a check kept by String.
func parseCheck(v string) (Check, bool) {
	f := strings.Fields(v)
	if len(f) != 6 {
		return Check{}, false
	}
	flags, _ := strconv.Atoi(f[5])
	c := Check{Kind: f[0], Args: parseInts(f[1]), Rolls: parseInts(f[2]), Face: f[3], Rebuilt: flags&1 != 0, Bottom: flags&2 != 0}
	if c.Face == "-" {
		c.Face = ""
	}
	c.Card, _ = strconv.Atoi(f[4])
	return c, true
}

// checks returns the checks kept on rec, in order.
func checks(rec deck.Record) []Check {
	var out []Check
	for i := 1; ; i++ {
		v, ok := rec.Dice[checkPrefix+strconv.Itoa(i)]
		if !ok {
			return out
		}
		if c, ok := parseCheck(v); ok {
			out = append(out, c)
		}
	}
}

func yesNo() []string { return []string{"no", "yes"} }

// faceTitles are the event die faces by title, in EventFaces' order.
func faceTitles() []string {
	var out []string
	for _, f := range EventFaces() {
		out = append(out, f.Title)
	}
	return out
}

// robertInput is the pirate fight's input that asks for Robert.
const robertInput = 2

// checkSpecs are the dice checks; the open turn's player is the one who
// fights, sails or plays the card. Robert, Herald of the Sages is asked of
// a pirate fight only with the Era of Sages in play (rules/003's card
// index); without it the fight goes on four inputs, Robert's taken as no.
func checkSpecs(s *deck.State, sages bool) []deck.ActionSpec {
	me, other := s.Players[s.Open.Player].Name, s.Players[1-s.Open.Player].Name
	// Players are offered in seat order, as every question numbers them:
	// 1 is the first seat (seatChoices turns the pick into who it is).
	seats := []string{s.Players[0].Name, s.Players[1].Name}
	fight := []deck.Input{
		{Prompt: "Pirate's strength", Kind: deck.InputChoice, Choices: []string{"5", "6", "8"}},
		{Prompt: me + "'s cannon points", Kind: deck.InputNumber, Min: 0, Max: 30},
		{Prompt: "Robert, Herald of the Sages?", Kind: deck.InputChoice, Choices: yesNo()},
		{Prompt: "Cannon Foundry?", Kind: deck.InputChoice, Choices: yesNo()},
		{Prompt: "Lars the Naval Hero played?", Kind: deck.InputChoice, Choices: yesNo()},
	}
	if !sages {
		fight = slices.Delete(fight, robertInput, robertInput+1)
	}
	return []deck.ActionSpec{
		{ID: ActPirate, Key: "t", Label: "pirate fight", Help: "Fight a pirate: production die + cannon points must beat its strength",
			Inputs: fight},
		{ID: ActIsland, Key: "i", Label: "forgotten tribe", Help: "Island of the Forgotten Tribe: 1 reef, 2–4 event die for both, 5–6 treasure"},
		// rules/003: pay 1 owl, and both players need a sage (issue 40).
		{ID: ActDispute, Key: "d", Label: "dispute of sages", Help: "Dispute of the Sages (1 owl, a sage on each side): both roll and add owls; higher takes 2",
			Inputs: []deck.Input{
				{Prompt: me + "'s owls", Kind: deck.InputNumber, Min: 0, Max: 30},
				{Prompt: other + "'s owls", Kind: deck.InputNumber, Min: 0, Max: 30},
				// 0 is nobody, as on every question; the players by seat from 1
				// (issue 30: a choice listed "3 nobody" and refused 0).
				{Prompt: "Who has Robert, Herald of the Sages? 0 nobody, 1 " + seats[0] + ", 2 " + seats[1], Kind: deck.InputNumber, Min: 0, Max: 2},
			}},
		{ID: ActAstrologer, Key: "l", Label: "court astrologer", Help: "Court Astrologer (1 star): " + me + " chooses one more event, now, for both players",
			Inputs: []deck.Input{{Prompt: "Court Astrologer: which event applies to both players now?", Kind: deck.InputChoice, Choices: faceTitles()}}},
		// rules/003: 1 owl each use; above 3 cancels, with Robert a 3.
		{ID: ActPeace, Key: "c", Label: "grove of peace", Help: "Grove of Peace (1 owl): roll above 3, or a 3 with Robert, and the attack card has no effect",
			Inputs: []deck.Input{
				{Prompt: "Who rolls for the Grove of Peace?", Kind: deck.InputChoice, Choices: seats},
				{Prompt: "Robert, Herald of the Sages?", Kind: deck.InputChoice, Choices: yesNo()},
			}},
	}
}

// check rolls a dice check and keeps it on the open turn.
func (r *Ruleset) check(s *deck.State, cfg Config, a deck.Action) error {
	if s.Open == nil {
		return fmt.Errorf("roll first: checks happen during a turn")
	}
	want := map[string]int{ActPirate: 5, ActIsland: 0, ActDispute: 3, ActPeace: 2, ActAstrologer: 1}[a.ID]
	if a.ID == ActPirate && len(a.Values) == want-1 { // no Robert without the Era of Sages
		a.Values = slices.Insert(slices.Clone(a.Values), robertInput, 0)
	}
	if len(a.Values) != want {
		return fmt.Errorf("%s takes %d values", a.ID, want)
	}
	a.Values = seatChoices(a, s.Open.Player)
	for _, v := range a.Values {
		if v < 0 || v > 30 {
			return fmt.Errorf("%s: %d out of range", a.ID, v)
		}
	}
	c := Check{Kind: a.ID, Args: append([]int(nil), a.Values...), Card: -1}
	roll := func() int { r := rollProduction(s); c.Rolls = append(c.Rolls, r); return r }
	switch a.ID {
	case ActPirate:
		if c.Args[0] >= len(pirateStrengths()) {
			return fmt.Errorf("a pirate's strength is 5, 6 or 8")
		}
		if foundryUsed(*s.Open) {
			c.Args[3] = 0 // once a turn (rules/003)
		}
		for len(c.Rolls) < maxRolls && !pirate(c).done {
			roll()
		}
	case ActIsland:
		if n := roll(); n >= 2 && n <= 4 {
			c.Face = eventDie().Roll(s.Rand())
			if c.Face == FaceEvent {
				d, err := r.draw(s, cfg)
				if err != nil {
					return err
				}
				c.Card, c.Rebuilt, c.Bottom = int(d.id), d.rebuilt, d.bottom
			}
		}
	case ActAstrologer:
		if c.Args[0] >= len(EventFaces()) {
			return fmt.Errorf("no such event die face")
		}
		c.Face = EventFaces()[c.Args[0]].ID
		if c.Face == FaceEvent {
			d, err := r.draw(s, cfg)
			if err != nil {
				return err
			}
			c.Card, c.Rebuilt, c.Bottom = int(d.id), d.rebuilt, d.bottom
		}
	case ActDispute:
		if c.Args[2] > 2 {
			return fmt.Errorf("robert is with nobody or one of the players")
		}
		roll()
		roll()
	case ActPeace:
		if c.Args[0] > 1 || c.Args[1] > 1 {
			return fmt.Errorf("no such choice")
		}
		roll()
	}
	n := len(checks(*s.Open)) + 1
	s.Open.Dice[checkPrefix+strconv.Itoa(n)] = c.String()
	return nil
}

// fight is how a pirate fight stands after its rolls.
type fight struct {
	done, won, foundry bool
	text               []string
}

// pirate judges a pirate fight: the die plus cannon points must beat the
// pirate's strength; a tie rolls again, won with Robert; a loss may be
// rolled again once with a Cannon Foundry; Lars wins with no roll
// (rules/003, rivals-for-catan.md).
func pirate(c Check) fight {
	str, cannons := pirateStrengths()[c.Args[0]], c.Args[1]
	robert, foundry, lars := c.Args[2] == 1, c.Args[3] == 1, c.Args[4] == 1
	if lars {
		return fight{done: true, won: true, text: []string{"Lars: no roll"}}
	}
	var f fight
	for _, r := range c.Rolls {
		sum := r + cannons
		head := fmt.Sprintf("%d+%d=%d vs %d", r, cannons, sum, str)
		switch {
		case sum > str || (sum == str && robert):
			f.text = append(f.text, head)
			f.done, f.won = true, true
			return f
		case sum == str:
			f.text = append(f.text, head+" tie")
		case foundry && !f.foundry:
			f.text = append(f.text, head+" lost, Cannon Foundry rolls again")
			f.foundry = true
		default:
			f.text = append(f.text, head)
			f.done = true
			return f
		}
	}
	return f
}

// foundryUsed reports whether a Cannon Foundry rolled again this turn.
func foundryUsed(rec deck.Record) bool {
	for _, c := range checks(rec) {
		if c.Kind == ActPirate && pirate(c).foundry {
			return true
		}
	}
	return false
}

// duel is how a Dispute of the Sages ended.
type duel struct {
	winner int // 0 the roller, 1 the other, -1 a tie (1 each)
	sums   [2]int
}

// dispute judges a Dispute of the Sages: each rolls and adds owls; the
// higher takes 2 resources, a tie gives 1 each, or goes to Robert's owner
// (rules/003, rivals-for-catan.md).
func dispute(c Check) duel {
	if len(c.Rolls) < 2 {
		return duel{winner: -1}
	}
	d := duel{sums: [2]int{c.Rolls[0] + c.Args[0], c.Rolls[1] + c.Args[1]}}
	switch {
	case d.sums[0] > d.sums[1]:
		d.winner = 0
	case d.sums[1] > d.sums[0]:
		d.winner = 1
	case c.Args[2] > 0:
		d.winner = c.Args[2] - 1
	default:
		d.winner = -1
	}
	return d
}

// peace judges Grove of Peace: above 3 cancels the attack card; with
// Robert 3 is enough (rules/003).
func peace(c Check) bool {
	need := 4
	if c.Args[1] == 1 {
		need = 3
	}
	return len(c.Rolls) > 0 && c.Rolls[0] >= need
}

// seatChoices turns the picks of players, offered in seat order, into
// whom they name for the check: Dispute's Robert, typed 0 for nobody or a
// seat from 1, becomes 0 nobody, 1 the roller, 2 the other; Grove of
// Peace's roller 1 the turn's player, 0 the other.
// Out-of-range picks are left for the check to refuse.
func seatChoices(a deck.Action, turn int) []int {
	v := slices.Clone(a.Values)
	// named is a seat picked as the check counts players: me for the
	// turn's player, other for the other one, bad for no player.
	named := func(seat, me, other, bad int) int {
		switch seat {
		case turn:
			return me
		case 1 - turn:
			return other
		}
		return bad
	}
	switch {
	case a.ID == ActDispute && v[2] == 0: // nobody
	case a.ID == ActDispute:
		v[2] = named(v[2]-1, 1, 2, 3)
	case a.ID == ActPeace:
		v[0] = named(v[0], 1, 0, 2)
	}
	return v
}
