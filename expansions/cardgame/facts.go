package cardgame

import (
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/steps"
)

// Fact keys: what the table told eventdeck and it offers again.
const (
	FactKnight      = "knight"       // who holds the Knight token
	FactWindmill    = "windmill"     // who holds the Windmill token
	FactChurch      = "church"       // who has a Church or Cathedral
	FactPlentyCards = "plenty-cards" // who has a card that adds to a Year of Plenty
	factBankVault   = "bank-vault"   // per seat: has a Bank Vault
)

// The cards that add to a Year of Plenty (rules/002).
const (
	cardTollStation   = "Toll Station"
	cardPirateFleet   = "Pirate Fleet"
	cardPalace        = "Palace"
	cardTreasureFleet = "Treasure Fleet"
)

func vaultKey(seat int) string { return steps.PlayerKey(factBankVault, seat) }

// knightQ: the Knight token goes to strictly more strength points
// (catan-card-game.md).
func knightQ() deck.Question {
	return deck.Question{Key: FactKnight, Prompt: "Who holds the Knight token (more strength)?",
		Topic: "Knight token", Kind: deck.AskPlayer, Remember: true}
}

// windmillQ: the Windmill token goes to strictly more commerce points, with
// a city (catan-card-game.md).
func windmillQ() deck.Question {
	return deck.Question{Key: FactWindmill, Prompt: "Who holds the Windmill token (more commerce, with a city)?",
		Topic: "Windmill token", Kind: deck.AskPlayer, Remember: true}
}

// buildingQ asks who has a card, as one set of players; under eventdeck
// serve each player answers for themselves on their own screen (issue 30).
func buildingQ(key, card string) deck.Question {
	return deck.Question{Key: key, Prompt: "Who has a " + card + "?", Topic: card,
		Kind: deck.AskPlayers, Remember: true, Own: "Do you have a " + card + "?"}
}

func vaultQ(seat int, name string) deck.Question {
	return deck.Question{Key: vaultKey(seat), Prompt: "Does " + name + " have a Bank Vault?",
		Topic: name + "'s Bank Vault", Kind: deck.AskYesNo, Remember: true}
}

// plentyQ asks who holds any of cards, as one set of players: "Who has a
// Toll Station, Pirate Fleet, Palace or Treasure Fleet?".
func plentyQ(cards []string) deck.Question {
	list := cards[len(cards)-1]
	if len(cards) > 1 {
		list = strings.Join(cards[:len(cards)-1], ", ") + " or " + list
	}
	return buildingQ(FactPlentyCards, list)
}

// plentyCards are the cards adding to a Year of Plenty that a player could
// hold in this game: Knights and Merchants cards where a player could hold
// them; the Treasure Fleet whenever theme decks are in play (our sources do
// not say which deck prints it).
func (c *Config) plentyCards() []string {
	var out []string
	if c.knightsMerchants() {
		out = append(out, cardTollStation, cardPirateFleet, cardPalace)
	}
	if c.usesThemes() {
		out = append(out, cardTreasureFleet)
	}
	return out
}

// factQuestions lists the facts this game can use: the tokens and the
// Church always; who holds a card adding to a Year of Plenty, and each
// Bank Vault, when a player could hold them.
func factQuestions(s *deck.State, cfg *Config) []deck.Question {
	qs := []deck.Question{knightQ(), windmillQ(), buildingQ(FactChurch, "Church or Cathedral")}
	if cards := cfg.plentyCards(); len(cards) > 0 {
		qs = append(qs, plentyQ(cards))
	}
	if cfg.knightsMerchants() {
		for seat, p := range s.Players {
			qs = append(qs, vaultQ(seat, p.Name))
		}
	}
	return qs
}

// Facts lists every fact the game keeps, each with its remembered value as
// Default ("" for unknown).
func (r *Ruleset) Facts(s *deck.State) []deck.Question {
	cfg, err := r.Config(s)
	if err != nil {
		return nil
	}
	qs := factQuestions(s, cfg)
	for i := range qs {
		qs[i].Default = s.Facts[qs[i].Key]
	}
	return qs
}

// SetFact corrects a fact; "" forgets it.
func (r *Ruleset) SetFact(s *deck.State, q deck.Question, value string) error {
	return steps.SetKnownFact(s, r.Facts(s), q, value)
}

// Answer applies an answer to one of the open turn's questions, checked
// against the question as the steps ask it.
func (r *Ruleset) Answer(s *deck.State, q deck.Question, value string) error {
	return steps.AnswerAsAsked(s, r.Steps(s), q, value)
}
