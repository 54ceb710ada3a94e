// Package catan is the Catan board game's Event Card deck: the 36 numbered
// cards and New Year, the three English editions, both printings, New Year
// placements, and the Seafarers and Explorers & Pirates changes.
package catan

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
	ck "github.com/eventdeck/eventdeck/expansions/citiesknights"
	"github.com/eventdeck/eventdeck/expansions/custom"
)

// ID is the ruleset's id in saves and on the command line.
const ID = "catan"

// NewYear is the New Year card's id: the numbered cards are 0..35.
const NewYear deck.Card = NumberedCards

// Ruleset is the board game's Event Card deck, its card table loaded.
type Ruleset struct {
	cards     []Card
	options   []deck.Option   // OptionList, made once
	reference *deck.Reference // read when first asked for
	lib       *custom.Library // the table's own cards (house.go); nil for none
}

// New loads the card table from fsys (assets.FS() in the app); the
// reference is read from it when first asked for.
func New(fsys fs.FS) (*Ruleset, error) {
	cards, err := LoadCards(fsys)
	if err != nil {
		return nil, err
	}
	ref := deck.NewReference(func() ([]deck.Entry, error) { return LoadReference(fsys) })
	return &Ruleset{cards: cards, options: OptionList(), reference: ref}, nil
}

// ID is "catan".
func (r *Ruleset) ID() string { return ID }

// Card returns the numbered card with id c.
func (r *Ruleset) Card(c deck.Card) Card { return r.cards[c] }

// Name is what the setup screen calls the game.
func (r *Ruleset) Name() string { return "Catan board game (Event Cards)" }

// Options lists the options the setup screen offers.
func (r *Ruleset) Options() []deck.Option {
	own := r.lib.Options(ID)
	return append(r.options[:len(r.options):len(r.options)], own...)
}

// NewGame returns a game ready for its first draw: the 36 cards shuffled and
// New Year placed as the options say.
func (r *Ruleset) NewGame(opts map[string]string, players []deck.Player, seed uint64) (*deck.State, error) {
	cfg, err := ParseConfig(r.lib.Resolve(opts, ID))
	if err != nil {
		return nil, err
	}
	return r.newGame(cfg, players, seed)
}

func (r *Ruleset) newGame(cfg Config, players []deck.Player, seed uint64) (*deck.State, error) {
	if len(players) == 0 {
		return nil, errors.New("a game needs at least one player")
	}
	s := deck.NewState(ID, cfg.Options(), players, seed)
	ids := make([]deck.Card, 0, NumberedCards+1)
	for i := range NumberedCards {
		ids = append(ids, deck.Card(i))
	}
	s.Deck = deck.NewDeck(ids...)
	s.Deck.Reserve(NumberedCards + 1) // room for New Year: draws never allocate
	r.setUp(s, &cfg)
	if cfg.CitiesKnights {
		startLevels(s)
	}
	if cfg.usesDeck() {
		s.Piles = map[string]deck.Deck{pileDice: newDicePile(s, &cfg)}
	}
	s.KeepConfig(cfg) // s.Options were written from cfg: its parse (TestNewGameKeepsItsParsedOptions)
	return s, nil
}

// setUp builds the deck a game starts with. Dice modes draw no card: the
// deck is kept whole, in order, with New Year in its place, and takes
// nothing from the random stream.
func (r *Ruleset) setUp(s *deck.State, cfg *Config) {
	if cfg.Dice == DiceCards {
		r.build(s, cfg)
		return
	}
	_ = s.Deck.SeatFromBottom(NewYear, OfficialHidden+1)
}

// build shuffles the numbered cards already in the draw pile and seats New
// Year. rules/000: shuffle the 36 cards, lay 5 down, New Year on them, the
// other 31 on top.
func (r *Ruleset) build(s *deck.State, cfg *Config) {
	s.Deck.Shuffle(s.Rand())
	r.seatNewYear(s, cfg)
}

// seatNewYear puts New Year where cfg says: 6th from the bottom by the rules.
func (r *Ruleset) seatNewYear(s *deck.State, cfg *Config) {
	var under int
	switch cfg.NewYear {
	case NewYearNone:
		return
	case NewYearRandom:
		under = s.Rand().IntN(NumberedCards) // at least one card above it, so no empty year
	default:
		under = cfg.Hidden
	}
	// under < NumberedCards is checked by ParseConfig, so this cannot fail.
	_ = s.Deck.SeatFromBottom(NewYear, under+1)
}

// Config returns the parsed options of a game of this ruleset.
func (r *Ruleset) Config(s *deck.State) (Config, error) { return config(s) }

// DrawCard draws the next numbered card for a production: it rebuilds the
// deck first when New Year comes up (or, with no New Year, when the deck is
// empty), discards the card and counts the draw. It reports whether the deck
// was rebuilt. It allocates nothing.
func (r *Ruleset) DrawCard(s *deck.State, cfg *Config) (deck.Card, bool, error) {
	// The common case, a numbered card on top, stays small enough to inline.
	if n := len(s.Deck.Draw); n > 0 && s.Deck.Draw[n-1] < NewYear {
		c := s.Deck.Draw[n-1]
		s.Deck.Draw = s.Deck.Draw[:n-1]
		s.Deck.PutDiscard(c)
		s.Draws++
		return c, false, nil
	}
	return r.drawAfterRebuild(s, cfg)
}

// drawAfterRebuild handles New Year on top, or an empty deck without New Year.
func (r *Ruleset) drawAfterRebuild(s *deck.State, cfg *Config) (deck.Card, bool, error) {
	c, err := s.Deck.Top()
	switch {
	case err == deck.ErrEmpty && cfg.NewYear == NewYearNone:
		// With no New Year the deck is rebuilt once all 36 are drawn.
	case err != nil:
		return 0, false, err
	case c != NewYear:
		return 0, false, fmt.Errorf("card id %d is not a Catan Event Card", c)
	}
	// rules/000: New Year takes back all 36 and builds the deck anew as at
	// the start; whoever drew it draws again, so no production is lost.
	r.rebuild(s, cfg)
	if c, err = s.Deck.Top(); err != nil {
		return 0, false, err
	}
	if c >= NewYear {
		return 0, false, fmt.Errorf("card id %d is not a Catan Event Card", c)
	}
	s.Deck.PutDiscard(c)
	s.Draws++
	return c, true, nil
}

func (r *Ruleset) rebuild(s *deck.State, cfg *Config) {
	s.Deck.Rebuild(s.Rand()) // gathers all 36 and shuffles
	r.seatNewYear(s, cfg)
	s.Year++
}

// Actions on the board game: draw the next card (the main action), and with
// Cities & Knights Alchemy and setting the barbarians by hand.
const (
	ActDraw          = "draw"
	ActAlchemy       = "alchemy"
	ActSetBarbarians = "set-barbarians"
)

// Players is 2 to 6: 3–4 in the base game, 5–6 with the extension, 2 with
// house rules.
func (r *Ruleset) Players() (int, int) { return 2, 6 }

// Actions lists what the table may do: draw, and with Cities & Knights
// Alchemy (choose the dice) and set the barbarians; with the seasonal
// event die, set the season.
func (r *Ruleset) Actions(s *deck.State) []deck.ActionSpec {
	cfg, cfgErr := config(s)
	acts := []deck.ActionSpec{mainAction(cfg)}
	if o := s.Open; o != nil && s.Facts[PlayerKey(FactDamaged, o.Player)] == deck.AnswerYes {
		// Its owner repairs it (catan-events.md, Earthquake: the road's player
		// pays for it), on their own screen too, not whoever plays next.
		acts = append(acts, deck.ActionSpec{ID: RepairAction, Key: "d", Label: s.Players[o.Player].Name + "'s road repaired",
			Help: "the damaged road of the player whose turn it is is repaired", Player: o.Player + 1, Named: true})
	}
	if cfgErr == nil && cfg.CitiesKnights {
		acts = append(acts,
			// The Alchemist is played by the player whose turn it is, before
			// the roll (cities-and-knights.md): the turn about to start.
			deck.ActionSpec{ID: ActAlchemy, Key: "c", Label: "alchemy", Help: "Alchemist: choose the red and white dice; no card is drawn",
				Player: s.Current + 1,
				Inputs: []deck.Input{{Prompt: "Alchemy: the red die (1–6)", Kind: deck.InputNumber, Min: 1, Max: 6},
					{Prompt: "Alchemy: the white die (1–6)", Kind: deck.InputNumber, Min: 1, Max: 6}}},
			deck.ActionSpec{ID: ActSetBarbarians, Key: "b", Label: "set barbarians", Help: "move the barbarian ship by hand",
				Inputs: []deck.Input{{Prompt: fmt.Sprintf("Barbarians: their position (0–%d)", ck.BarbarianSteps-1), Kind: deck.InputNumber, Min: 0, Max: ck.BarbarianSteps - 1}}},
		)
		if cfg.SeasonsOn() {
			acts = append(acts, seasonAction())
		}
	}
	return acts
}

// Act does one of the table's actions.
func (r *Ruleset) Act(s *deck.State, a deck.Action) error {
	switch a.ID {
	case ActDraw:
		_, err := r.Draw(s)
		return err
	case ActRoll:
		_, err := r.Typed(s, a.Values)
		return err
	case ActAlchemy:
		if len(a.Values) != 2 {
			return fmt.Errorf("alchemy takes the red and the white die")
		}
		_, err := r.Alchemy(s, a.Values[0], a.Values[1])
		return err
	case RepairAction:
		if s.Open == nil {
			return fmt.Errorf("no turn open")
		}
		s.SetFact(PlayerKey(FactDamaged, s.Open.Player), deck.AnswerNo)
		if s.Open.Said == nil {
			s.Open.Said = map[string]string{}
		}
		s.Open.Said[RepairAction] = s.Players[s.Open.Player].Name + "'s road repaired" // for the history
		return nil
	case ActSetBarbarians:
		if len(a.Values) != 1 {
			return fmt.Errorf("the barbarians take one position")
		}
		return r.SetBarbarians(s, a.Values[0])
	case ActSetSeason:
		if len(a.Values) != 1 {
			return fmt.Errorf("the season takes one choice")
		}
		return r.SetSeason(s, a.Values[0])
	}
	return fmt.Errorf("no action %q in this game", a.ID)
}

// Draw is one production turn: draw the card, record it in the history, and
// return the Turn the table sees. The turn passes to the next player.
func (r *Ruleset) Draw(s *deck.State) (deck.Turn, error) {
	cfg, err := config(s)
	if err != nil {
		return deck.Turn{}, err
	}
	if cfg.Dice == DiceTyped {
		return deck.Turn{}, fmt.Errorf("typed dice: type the two dice the table rolled")
	}
	var rec deck.Record
	var card Card // the card drawn; with dice, its stand-in (the seasonal squares follow the dice)
	if cfg.Dice == DiceCards {
		c, rebuilt, err := r.DrawCard(s, &cfg)
		if err != nil {
			return deck.Turn{}, err
		}
		rec = deck.Record{Draw: s.Draws, Year: s.Year, Player: s.Current, Card: c, Rebuilt: rebuilt}
		card = r.cards[c]
	} else {
		red, white, rebuilt := r.Roll(s, &cfg)
		rec = deck.Record{Draw: s.Draws, Year: s.Year, Player: s.Current, Rebuilt: rebuilt,
			Dice: map[string]string{DieRed: strconv.Itoa(red), DieWhite: strconv.Itoa(white)}}
		card = Card{Red: red, White: white, Number: red + white, Event: EventNone}
	}
	for _, l := range cfg.layers() {
		l.roll(s, &cfg, &rec, card, false)
	}
	markDamaged(s, &rec)
	s.StartTurn(rec)
	t := r.turnOf(s, rec, cfg)
	s.NextPlayer()
	return t, nil
}

// TurnOf rebuilds what the table sees for a recorded turn: the number with
// its odds, the dice as the printing shows them, the event, and the marks.
func (r *Ruleset) TurnOf(rec deck.Record, cfg Config) deck.Turn { return r.turnOf(nil, rec, cfg) }

// turnOf is TurnOf in game s (nil: none): the Robber Attacks card says the
// hand limits s knows (overLimit).
func (r *Ruleset) turnOf(s *deck.State, rec deck.Record, cfg Config) deck.Turn {
	t := deck.Turn{Draw: rec.Draw, Year: rec.Year, Player: rec.Player, Rebuilt: rec.Rebuilt, Chosen: rec.NoCard}
	if rec.Rebuilt {
		t.RebuiltText = fmt.Sprintf("New Year: the deck is reshuffled. Year %d begins.", rec.Year)
		if cfg.NewYear == NewYearNone { // no New Year card: the deck ran out
			t.RebuiltText = fmt.Sprintf("The deck ran out and is reshuffled. Year %d begins.", rec.Year)
		}
	}
	var red, white int
	var card Card
	dice := cfg.Dice != DiceCards && !rec.NoCard // a dice mode's roll: no card, no event
	switch {
	case dice:
		red, _ = strconv.Atoi(rec.Dice[DieRed])
		white, _ = strconv.Atoi(rec.Dice[DieWhite])
		t.Text = diceText(cfg)
		if rec.Rebuilt {
			t.RebuiltText = fmt.Sprintf("The dice deck is reshuffled: pass %d begins.", rec.Year)
		}
	case rec.NoCard:
		// Alchemy: the chosen dice, no card, no card event.
		red, _ = strconv.Atoi(rec.Dice[DieRed])
		white, _ = strconv.Atoi(rec.Dice[DieWhite])
		t.Event, t.Title = EventNone, "Alchemy"
		t.Text = "Alchemy: the dice were chosen. No card is drawn and no card event happens."
	default:
		card = r.cards[rec.Card]
		red, white = card.Red, card.White
		t.Event, t.Title, t.Text = card.Event, Title(card.Event, cfg.Edition), Text(card.Event, cfg)
		if card.Event == EventRobberAttacks && !cfg.Explorers {
			t.Text = robberCardText(s, cfg)
		}
		if card.Event == EventNone && cfg.BeautifulDay {
			t.Title = Title(EventNone, 5) // the setting: the old name in the 6th too
		}
		r.house(rec.Card, cfg, &t)
	}
	t.Number = red + white
	t.Pips = Pips(t.Number)
	switch {
	case t.Number == 7:
		t.NumberNote, t.NumberAlert, t.Bell = "robber", true, true
	case t.Number == 6 || t.Number == 8:
		// The tokens print 6 and 8 in red: the likeliest numbers that produce.
		t.NumberNote, t.NumberAlert = "hot", true
	}
	if cfg.RedDie || rec.NoCard || dice {
		// rules/000: the plain printing shows the number only; real dice
		// always show both.
		set := rec.NoCard || cfg.Dice == DiceTyped
		t.Dice = append(t.Dice, pipFace(DieRed, red, set), pipFace(DieWhite, white, set))
	}
	if cfg.Explorers && !rec.NoCard && !dice {
		// rules/000: Explorers & Pirates uses the numbers only.
		t.Event, t.Title, t.Text = EventNone, "", Text(EventNone, cfg)
	}
	if rec.NoCard || dice {
		card = Card{Red: red, White: white, Number: red + white, Event: EventNone}
	}
	for _, l := range cfg.layers() {
		l.describe(rec, card, cfg, &t)
	}
	return t
}

// Dice ids of the board game.
const (
	DieRed   = "red"
	DieWhite = "white"
)

// pipFace describes a red or white die showing v.
func pipFace(die string, v int, set bool) deck.Face {
	f := deck.Face{Die: die, Name: die, Value: strconv.Itoa(v), Pips: v, Letter: "W", Colour: "white", Ways: 1, Of: 6, Set: set}
	if die != DieWhite {
		f.Letter, f.Colour = "R", "red"
	}
	return f
}

// Pips is how many dots a Catan number token shows for n: the ways two dice
// make it (2 and 12: 1 … 6 and 8: 5). 7 has no token; it shows its 6 ways.
func Pips(n int) int {
	if n < 2 || n > 12 {
		return 0
	}
	return 6 - max(7-n, n-7)
}

// Validate checks that a loaded game is a Catan game with every card in the
// deck exactly once: the 36 numbered cards, and New Year in the draw pile
// unless the game plays without it.
func (r *Ruleset) Validate(s *deck.State) error {
	cfg, err := config(s)
	if err != nil {
		return err
	}
	want := NumberedCards + 1
	if cfg.NewYear == NewYearNone {
		want = NumberedCards
	}
	if s.Deck.Total() != want {
		return fmt.Errorf("the deck holds %d cards, want %d", s.Deck.Total(), want)
	}
	for _, c := range s.Deck.Discard {
		if c >= NewYear {
			return fmt.Errorf("card %d in the discard pile", c)
		}
	}
	for _, c := range s.Deck.Draw {
		if c > NewYear || (c == NewYear && cfg.NewYear == NewYearNone) {
			return fmt.Errorf("card %d in the draw pile", c)
		}
	}
	for i := range s.Turns() {
		if h := s.TurnAt(i); h.Card >= NewYear && !h.NoCard {
			return fmt.Errorf("card %d in the history", h.Card)
		}
	}
	return nil
}
