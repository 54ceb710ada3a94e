package cardgame

import (
	"strconv"
	"testing"

	"github.com/eventdeck/eventdeck/deck"
)

// Chi-square critical values at p = 0.001: 18.467 for 4 degrees of freedom
// (the event die's five kinds of face), 20.515 for 5 (the production die).
const (
	critical4 = 18.467
	critical5 = 20.515
)

func chiSquare(counts map[string]int, want map[string]float64, n int) float64 {
	x := 0.0
	for face, p := range want {
		e := p * float64(n)
		d := float64(counts[face]) - e
		x += d * d / e
	}
	return x
}

// TestDiceAreFair rolls each die 100,000 times through the game's own roll
// and checks the faces against their weights with the "?" weight chosen.
func TestDiceAreFair(t *testing.T) {
	const rolls = 100_000
	r := newRuleset(t)
	for _, q := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(q)+" question faces", func(t *testing.T) {
			s := newGame(t, r, map[string]string{OptQuestionFaces: strconv.Itoa(q)}, uint64(40+q))
			ev, prod := map[string]int{}, map[string]int{}
			for range rolls {
				if err := r.Act(s, deck.Action{ID: ActRoll}); err != nil {
					t.Fatal(err)
				}
				ev[s.Open.Dice[EventDie]]++
				prod[s.Open.Dice[ProductionDie]]++
			}
			of := float64(4 + q)
			wantEv := map[string]float64{FaceBrigand: 1 / of, FaceTrade: 1 / of, FaceTournament: 1 / of,
				FacePlenty: 1 / of, FaceEvent: float64(q) / of}
			if x := chiSquare(ev, wantEv, rolls); x > critical4 {
				t.Errorf("event die: chi-square %.2f > %.3f: %v", x, critical4, ev)
			} else {
				t.Logf("event die: chi-square %.2f (critical %.3f)", x, critical4)
			}
			wantProd := map[string]float64{}
			for i := 1; i <= 6; i++ {
				wantProd[strconv.Itoa(i)] = 1.0 / 6
			}
			if x := chiSquare(prod, wantProd, rolls); x > critical5 {
				t.Errorf("production die: chi-square %.2f > %.3f: %v", x, critical5, prod)
			} else {
				t.Logf("production die: chi-square %.2f (critical %.3f)", x, critical5)
			}
			tt, _ := r.Turn(s, -1)
			if f, _ := tt.Die(EventDie); f.Of != 4+q || f.Ways != NewEventDie(q).Weight(f.Value) {
				t.Errorf("face odds %d in %d", f.Ways, f.Of)
			}
		})
	}
}
