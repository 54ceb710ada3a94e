package rivals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/custom"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// Facts the table may be asked and that are remembered across turns.
const (
	FactTrade    = "trade-advantage"
	FactStrength = "strength-advantage"
	FactSkill    = "skill-lead" // most skill points; nobody for a tie
	FactShips    = "ships-lead" // most trade ships; both for a tie with ships
)

// factQuestions are the remembered questions, as Facts lists them.
func factQuestions() []deck.Question {
	return []deck.Question{
		{Key: FactTrade, Prompt: "Who holds the trade advantage?", Topic: "Trade advantage", Kind: deck.AskPlayer, Remember: true},
		{Key: FactStrength, Prompt: "Who holds the strength advantage?", Topic: "Strength advantage", Kind: deck.AskPlayer, Remember: true},
		{Key: FactSkill, Prompt: "Who has the most skill points? (nobody: a tie)", Topic: "Most skill points", Kind: deck.AskPlayer, Remember: true},
		{Key: FactShips, Prompt: "Who has the most trade ships? (both: a tie with ships; nobody: no ships)", Topic: "Most trade ships", Kind: deck.AskPlayers, Remember: true},
	}
}

// factQuestion is the remembered question with key.
func factQuestion(key string) deck.Question {
	for _, q := range factQuestions() {
		if q.Key == key {
			return q
		}
	}
	return deck.Question{Key: key}
}

// changesFacts reports whether an event may change the remembered facts:
// it takes away buildings, units or ships. They are forgotten when the next
// turn starts, so they are not offered as defaults any more.
func changesFacts(event string) bool {
	switch event {
	case "feud", "riots", Insurrection, "capricious-sea":
		return true
	}
	return false
}

// forgetChanged forgets the facts the open turn's events may have changed.
func (r *Ruleset) forgetChanged(s *deck.State) {
	if s.Open == nil {
		return
	}
	cards := r.tableOf(s)
	var events []string
	if !s.Open.NoCard && int(s.Open.Card) < len(cards) {
		events = append(events, cards[s.Open.Card].Event)
	}
	for _, c := range checks(*s.Open) {
		if c.Card >= 0 && c.Card < len(cards) {
			events = append(events, cards[c.Card].Event)
		}
	}
	for _, ev := range events {
		if changesFacts(ev) {
			for _, q := range factQuestions() {
				s.SetFact(q.Key, "")
			}
		}
	}
}

// Facts lists the remembered facts with their values now.
func (r *Ruleset) Facts(s *deck.State) []deck.Question {
	qs := factQuestions()
	for i := range qs {
		qs[i].Default = s.Facts[qs[i].Key]
	}
	return qs
}

// SetFact corrects a remembered fact; "" forgets it.
func (r *Ruleset) SetFact(s *deck.State, q deck.Question, value string) error {
	return steps.SetKnownFact(s, factQuestions(), q, value)
}

// Answer applies an answer to one of the open turn's questions, as the
// steps ask it now.
func (r *Ruleset) Answer(s *deck.State, q deck.Question, value string) error {
	// Barbarian Attack: fewer units than city points, and more, cannot both
	// hold for one player (rivals-for-catan.md, Era of Barbarians).
	if base, ok := strings.CutSuffix(q.Key, "more-units"); ok && s.Open != nil {
		fewer, _ := deck.ParseSeats(s.Open.Answers[base+"fewer-units"], len(s.Players))
		more, _ := deck.ParseSeats(value, len(s.Players))
		for _, seat := range more {
			if slices.Contains(fewer, seat) {
				return fmt.Errorf("%s has fewer units than city points, so not more", s.PlayerName(seat))
			}
		}
	}
	return steps.AnswerAsAsked(s, r.Steps(s), q, value)
}

// walk builds the steps of one event for both players.
type walk struct {
	b          *steps.Builder
	cards      []Card        // the game's card table
	own        []custom.Card // the table's own cards the game plays
	roller     int           // whose turn it is: first where order matters
	prod       int           // the production die last rolled (Capricious Sea)
	prefix     string        // keys of questions that are not facts
	island     bool          // the walk is of an event the Island of the Forgotten Tribe rolled: prod is its roll
	prosperity bool          // Public Feeling is in the game
	in         []string      // the theme sets in play
}

// has reports whether theme set id is in play.
func (w walk) has(id string) bool { return slices.Contains(w.in, id) }

// brigandSpares is what spares resources from a Brigand Attack: the Basic
// Set's Storehouse (rivals-for-catan.md), and from rules/003's card index
// only for the sets in play: owls and stars are no resources; Mercenaries
// keep 1 gold and 1 wool, or everything for 1 star (issue 31).
func (w walk) brigandSpares() string {
	t := "Regions beside a Storehouse don't count."
	switch {
	case w.has("sages") && w.has("prosperity"):
		t += " Owls and stars are not resources."
	case w.has("sages"):
		t += " Owls are not resources."
	case w.has("prosperity"):
		t += " Stars are not resources."
	}
	if w.has("prosperity") {
		t += " Mercenaries keep 1 gold and 1 wool, or all for 1 star."
	}
	return t
}

// courthouse is what a Courthouse changes in a Trade, with the Era of
// Sages in play (rules/003's card index): loser, who gives, picks which
// resource goes (issue 40).
func (w walk) courthouse(loser string) string {
	if !w.has("sages") {
		return ""
	}
	return " If " + loser + " has a Courthouse, " + loser + " picks which."
}

// star tells what an Era of Prosperity building gives on Trade (Village
// School) or Celebration (Builders' Hut), rules/003's card index, with
// the set in play (issue 40).
func (w walk) star(title, text string) {
	if w.has("prosperity") {
		w.b.Tell(title, text)
	}
}

// seats is both players, the roller first.
func (w walk) seats() []int { return []int{w.roller, 1 - w.roller} }

func (w walk) name(seat int) string { return w.b.Name(seat) }

// both is "Ann and Bob", the roller first.
func (w walk) both() string { return w.b.Names(w.seats()) }

// skipped reports whether the question with key was skipped.
func (w walk) skipped(key string) bool {
	v, ok := w.b.Answered(key)
	return ok && v == deck.AnswerSkip
}

// holder asks a remembered who-holds question.
func (w walk) holder(title, fact string) (int, bool) {
	return w.b.Holder(title, factQuestion(fact))
}

// players asks which players something holds for; fact questions keep
// their key, others take the walk's prefix.
func (w walk) players(title, text string, q deck.Question) ([]int, bool) {
	if !q.Remember {
		q.Key = w.prefix + q.Key
	}
	seats, ok := w.b.AskPlayers(title, text, q)
	return seats, ok
}

// each tells every player the same thing, by name, roller first.
func (w walk) each(title, format string) {
	for _, seat := range w.seats() {
		w.b.Tell(title+": "+w.name(seat), fmt.Sprintf(format, w.name(seat)), seat)
	}
}

// Steps walks the table through the open turn: production and the event
// die face in the order the rules give (rivals-for-catan.md: the Brigand
// Attack before production, the rest after), the event card by name, and
// any event the Island of the Forgotten Tribe rolled or Court Astrologer
// chose.
func (r *Ruleset) Steps(s *deck.State) []deck.Step {
	if s.Open == nil {
		return nil
	}
	c, err := config(s)
	if err != nil {
		return nil
	}
	rec := *s.Open
	b := steps.New(s)
	prod, _ := strconv.Atoi(rec.Dice[ProductionDie])
	in := sets(s, c)
	w := walk{b: b, cards: r.table(c), own: c.House, roller: rec.Player, prod: prod, prosperity: slices.Contains(in, "prosperity"), in: in}
	face := rec.Dice[EventDie]
	if v := rec.Marks[markVoided]; v > 0 && v <= len(EventFaces()) {
		b.Tell("Grove of Vigilance", EventFaces()[v-1].Title+" is void: the event card applies instead.")
	}
	if face == FaceBrigand {
		w.face(face, rec)
	}
	b.Tell("Production: "+strconv.Itoa(prod), fmt.Sprintf("Every region showing %d gives its owner 1 resource, in both principalities.", prod))
	if face != FaceBrigand {
		w.face(face, rec)
	}
	for i, ch := range checks(rec) {
		iw := w
		switch {
		case ch.Kind == ActIsland && ch.Face != "":
			iw.prefix = "island" + strconv.Itoa(i+1) + ":"
			iw.prod, iw.island = ch.Rolls[0], true
			b.Tell("Forgotten Tribe", "The event die applies to both players.")
		case ch.Kind == ActAstrologer:
			// rules/003: the chosen event applies to both players, now.
			iw.prefix = "astrologer" + strconv.Itoa(i+1) + ":"
			f, _ := eventFace(ch.Face)
			b.Tell("Court Astrologer", w.name(rec.Player)+" pays 1 star and chooses "+f.Title+": it applies to both players now.", rec.Player)
		default:
			continue
		}
		if ch.Card >= 0 {
			iw.card(deck.Card(ch.Card), ch.Rebuilt, ch.Bottom)
		} else {
			iw.face(ch.Face, rec)
		}
	}
	return b.Steps
}

// face walks one event die face.
func (w walk) face(face string, rec deck.Record) {
	b := w.b
	switch face {
	case FaceBrigand:
		seats, ok := w.players("Brigand Attack", w.brigandSpares(),
			deck.Question{Key: "over-7", Prompt: "Who holds more than 7 resources?", Topic: "More than 7 resources",
				Own: "Do you hold more than 7 resources?"}) // asked of each player on their own screen (eventdeck serve)
		switch {
		case ok && len(seats) == 0:
			b.Tell("Brigand Attack", "Nobody loses anything.")
		case ok:
			for _, seat := range seats {
				b.Tell("Brigand Attack: "+w.name(seat), w.name(seat)+" loses all gold and all wool.", seat)
			}
		case w.skipped(w.prefix + "over-7"):
			b.Tell("Brigand Attack", "Whoever holds more than 7 resources gives up every gold and every wool. "+w.brigandSpares())
		}
	case FaceTrade:
		seat, ok := w.holder("Trade", FactTrade)
		switch {
		case ok && seat >= 0:
			b.Tell("Trade", w.name(seat)+" takes 1 resource of choice from "+w.name(1-seat)+"."+w.courthouse(w.name(1-seat)), seat)
		case ok:
			b.Tell("Trade", "Nobody holds the trade advantage: no trade.")
		case w.skipped(FactTrade):
			b.Tell("Trade", "Whoever has the trade advantage picks 1 resource and takes it from the other player."+w.courthouse("the other player"))
		}
		w.star("Village School", "Each Village School gives its owner 1 star, if Public Feeling has room.")
	case FaceCelebration:
		seat, ok := w.holder("Celebration", FactSkill)
		switch {
		case ok && seat >= 0:
			b.Tell("Celebration", w.name(seat)+" takes 1 resource of choice.", seat)
		case ok:
			b.Tell("Celebration", "A tie: "+w.both()+" each take 1 resource of choice.")
		case w.skipped(FactSkill):
			b.Tell("Celebration", "Most skill points picks 1 resource; on a tie each player picks one.")
		}
		w.star("Builders' Hut", "Each Builders' Hut gives its owner 1 star, if Public Feeling has room.")
	case FaceHarvest:
		b.Tell("Plentiful Harvest", w.both()+" each take 1 resource of choice.")
	case FaceEvent:
		if !rec.NoCard {
			w.card(rec.Card, rec.Rebuilt, rec.Marks[markBottomed] == 1)
		}
	}
}
