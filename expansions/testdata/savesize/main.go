// Command savesize plays 1,000 draws of each game as the table does when
// every question is skipped ("x", then space), and prints the size of the
// save per 1,000 draws against issue 22's goal, and the memory the game
// (its state, history, undo and redo) holds then.
//
//	go run ./expansions/testdata/savesize
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
)

type setup struct {
	name, game string
	opts       map[string]string
	players    int
}

func main() {
	rs, err := expansions.All(assets.FS())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	setups := []setup{
		{"board", "catan", nil, 3},
		{"board, 6 players", "catan", nil, 6},
		{"board, balanced dice", "catan", map[string]string{"dice": "balanced"}, 4},
		{"board, seafarers", "catan", map[string]string{"seafarers": "on"}, 4},
		{"Cities & Knights", "catan", map[string]string{"cities-knights": "on"}, 4},
		{"C&K, seasonal die", "catan", map[string]string{"cities-knights": "on", "seasons": "on"}, 4},
		{"Rivals", "rivals", nil, 2},
		{"Rivals, theme game", "rivals", map[string]string{"mode": "theme"}, 2},
		{"Card Game", "card-game", nil, 2},
	}
	const draws, goalKB = 1000, 100
	for _, su := range setups {
		r, err := expansions.Find(rs, su.game)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		players := []deck.Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}, {Name: "Flo"}}[:su.players]
		s, err := r.NewGame(su.opts, players, 1)
		if err != nil {
			fmt.Fprintln(os.Stderr, su.name, err)
			os.Exit(1)
		}
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g := deck.NewGame(s)
		for g.Now.Draws < draws {
			if err := step(g, r); err != nil {
				fmt.Fprintln(os.Stderr, su.name, err)
				os.Exit(1)
			}
		}
		var after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&after)
		data, err := deck.Encode(g)
		kb := float64(len(data)) / 1000 * 1000 / float64(g.Now.Draws)
		mark := "ok"
		if kb > goalKB {
			mark = "OVER"
		}
		fmt.Printf("save per 1000 draws, %-20s %6.1f KB (goal %d KB) %-4s  game held in memory %6.0f KB\n",
			su.name, kb, goalKB, mark, float64(after.HeapAlloc-before.HeapAlloc)/1000)
		runtime.KeepAlive(g)
	}
}

// step is one key of "x " at the table: skip the open question, or draw.
func step(g *deck.Game, r expansions.Ruleset) error {
	steps := r.Steps(g.Now)
	if g.Now.Open != nil {
		for _, st := range steps {
			if q := st.Question; q != nil {
				if _, ok := g.Now.Open.Answers[q.Key]; !ok {
					return g.Do(func(s *deck.State) error { return r.Answer(s, *q, deck.AnswerSkip) })
				}
			}
		}
	}
	a, ok := expansions.Main(r.Actions(g.Now))
	if !ok {
		return fmt.Errorf("no main action")
	}
	act := deck.Action{ID: a.ID, Values: make([]int, len(a.Inputs))}
	return g.Do(func(s *deck.State) error {
		if s.Open != nil && s.Open.Steps < len(steps) {
			s.Open.Steps = len(steps)
		}
		return r.Act(s, act)
	})
}
