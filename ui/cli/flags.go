package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions/catan"
)

// gameFlags are the options that make a game, shared by `eventdeck draw` and
// the TUI's quick start, so the same flags give the same cards in both.
type gameFlags struct {
	seed       optionalSeed
	edition    string
	deck       string
	newYear    string
	expansions listFlag
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	fs.Var(&g.seed, "seed", "seed for the shuffles (a whole number); the same seed replays the same night")
	fs.StringVar(&g.edition, "edition", "6", "English edition: 4, 5 or 6")
	fs.StringVar(&g.deck, "deck", "red", "deck printing: red (red die on the cards) or plain")
	fs.StringVar(&g.newYear, "new-year", catan.NewYearOfficial, "New Year placement: official, random, hidden=K (K from 0 to 35) or none")
	fs.Var(&g.expansions, "expansion", "seafarers, explorers or cities-knights (repeat for more)")
}

// config validates the flags and returns the game's options and seed.
func (g *gameFlags) config() (catan.Config, uint64, error) {
	opts := map[string]string{
		catan.OptEdition: g.edition,
		catan.OptDeck:    g.deck,
		catan.OptNewYear: g.newYear,
	}
	for _, e := range g.expansions {
		switch e {
		case "seafarers":
			opts[catan.OptSeafarers] = "on"
		case "explorers":
			opts[catan.OptExplorers] = "on"
		case "cities-knights":
			opts[catan.OptCK] = "on"
		default:
			return catan.Config{}, 0, fmt.Errorf("unknown expansion %q: want seafarers, explorers or cities-knights", e)
		}
	}
	cfg, err := catan.ParseConfig(opts)
	if err != nil {
		return cfg, 0, err
	}
	seed := g.seed.value
	if !g.seed.set {
		seed = deck.RandomSeed()
	}
	return cfg, seed, nil
}

// optionalSeed is a --seed value that remembers whether it was given.
type optionalSeed struct {
	value uint64
	set   bool
}

func (s *optionalSeed) String() string {
	if !s.set {
		return ""
	}
	return strconv.FormatUint(s.value, 10)
}

func (s *optionalSeed) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return errors.New("want a whole number from 0 to 18446744073709551615")
	}
	s.value, s.set = n, true
	return nil
}

// listFlag collects a repeatable flag; commas also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}
