package deck

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func cards(ids ...int) []Card {
	out := make([]Card, len(ids))
	for i, id := range ids {
		out[i] = Card(id)
	}
	return out
}

func testRand(seed uint64) *rand.Rand { return rand.New(NewSource(seed)) }

func TestDeckPlacement(t *testing.T) {
	// Piles are written bottom first: cards(0,1,2,3,4) has 4 on top.
	tests := []struct {
		name string
		op   func(d *Deck) error
		want []Card
	}{
		{"seat 1st from bottom", func(d *Deck) error { return d.SeatFromBottom(9, 1) }, cards(9, 0, 1, 2, 3, 4)},
		{"seat 3rd from bottom", func(d *Deck) error { return d.SeatFromBottom(9, 3) }, cards(0, 1, 9, 2, 3, 4)},
		{"seat on top by k", func(d *Deck) error { return d.SeatFromBottom(9, 6) }, cards(0, 1, 2, 3, 4, 9)},
		{"put bottom", func(d *Deck) error { d.PutBottom(9); return nil }, cards(9, 0, 1, 2, 3, 4)},
		{"put top", func(d *Deck) error { d.PutTop(9); return nil }, cards(0, 1, 2, 3, 4, 9)},
		{"under top 0", func(d *Deck) error { d.PutUnder(9, 0); return nil }, cards(0, 1, 2, 3, 4, 9)},
		{"under top 4", func(d *Deck) error { d.PutUnder(9, 4); return nil }, cards(0, 9, 1, 2, 3, 4)},
		{"under top 9 of 5", func(d *Deck) error { d.PutUnder(9, 9); return nil }, cards(9, 0, 1, 2, 3, 4)},
		{"remove top", func(d *Deck) error { _, err := d.RemoveAt(0); return err }, cards(0, 1, 2, 3)},
		{"remove 3rd from top", func(d *Deck) error { _, err := d.RemoveAt(2); return err }, cards(0, 1, 3, 4)},
		{"remove bottom", func(d *Deck) error { _, err := d.RemoveAt(4); return err }, cards(1, 2, 3, 4)},
		{"top to bottom keeps order", func(d *Deck) error { return d.TopToBottom(0, 2) }, cards(2, 4, 0, 1, 3)},
		{"top to bottom one", func(d *Deck) error { return d.TopToBottom(1) }, cards(3, 0, 1, 2, 4)},
		{"top to bottom none", func(d *Deck) error { return d.TopToBottom() }, cards(0, 1, 2, 3, 4)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDeck(cards(0, 1, 2, 3, 4)...)
			if err := tt.op(&d); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.Draw, tt.want) {
				t.Errorf("draw pile %v, want %v", d.Draw, tt.want)
			}
		})
	}
}

func TestDeckPlacementErrors(t *testing.T) {
	tests := []struct {
		name string
		op   func(d *Deck) error
	}{
		{"seat 0th", func(d *Deck) error { return d.SeatFromBottom(9, 0) }},
		{"seat past top", func(d *Deck) error { return d.SeatFromBottom(9, 7) }},
		{"remove past bottom", func(d *Deck) error { _, err := d.RemoveAt(5); return err }},
		{"remove negative", func(d *Deck) error { _, err := d.RemoveAt(-1); return err }},
		{"top to bottom past bottom", func(d *Deck) error { return d.TopToBottom(5) }},
		{"top to bottom twice", func(d *Deck) error { return d.TopToBottom(1, 1) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDeck(cards(0, 1, 2, 3, 4)...)
			if err := tt.op(&d); err == nil {
				t.Fatal("no error")
			}
			if !slices.Equal(d.Draw, cards(0, 1, 2, 3, 4)) {
				t.Errorf("a failed operation changed the pile: %v", d.Draw)
			}
		})
	}
}

func TestDeckTopDiscardRebuild(t *testing.T) {
	d := NewDeck(cards(0, 1, 2)...)
	for _, want := range []Card{2, 1, 0} {
		c, err := d.Top()
		if err != nil || c != want {
			t.Fatalf("Top = %d, %v; want %d", c, err, want)
		}
		d.PutDiscard(c)
	}
	if _, err := d.Top(); err != ErrEmpty {
		t.Fatalf("Top on empty pile: %v, want ErrEmpty", err)
	}
	if !slices.Equal(d.Discard, cards(2, 1, 0)) {
		t.Fatalf("discard %v", d.Discard)
	}
	d.Rebuild(testRand(1))
	if len(d.Discard) != 0 || d.Len() != 3 {
		t.Fatalf("after rebuild: draw %v discard %v", d.Draw, d.Discard)
	}
	got := slices.Sorted(slices.Values(d.Draw))
	if !slices.Equal(got, cards(0, 1, 2)) {
		t.Fatalf("rebuild lost cards: %v", d.Draw)
	}
}

func TestDeckPeek(t *testing.T) {
	d := NewDeck(cards(0, 1, 2, 3, 4)...)
	tests := []struct {
		n    int
		want []Card
	}{
		{0, cards()}, {1, cards(4)}, {3, cards(4, 3, 2)}, {9, cards(4, 3, 2, 1, 0)}, {-1, cards()},
	}
	for _, tt := range tests {
		if got := d.Peek(tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("Peek(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	if !slices.Equal(d.Draw, cards(0, 1, 2, 3, 4)) {
		t.Errorf("Peek moved cards: %v", d.Draw)
	}
}

func TestShuffleIsSeededAndKeepsCards(t *testing.T) {
	a := NewDeck(cards(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)...)
	b := a.Clone()
	a.Shuffle(testRand(7))
	b.Shuffle(testRand(7))
	if !slices.Equal(a.Draw, b.Draw) {
		t.Fatalf("same seed, different shuffles: %v %v", a.Draw, b.Draw)
	}
	c := NewDeck(cards(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)...)
	c.Shuffle(testRand(8))
	if slices.Equal(a.Draw, c.Draw) {
		t.Errorf("seeds 7 and 8 gave the same order %v", a.Draw)
	}
	if !slices.Equal(slices.Sorted(slices.Values(a.Draw)), cards(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)) {
		t.Errorf("shuffle lost cards: %v", a.Draw)
	}
}

// TestOperationsKeepEveryCard applies random sequences of every operation and
// checks that each card is still in the deck exactly once.
func TestOperationsKeepEveryCard(t *testing.T) {
	const n = 12
	for seed := uint64(0); seed < 200; seed++ {
		rng := testRand(seed)
		d := NewDeck()
		for i := range n {
			d.PutTop(Card(i))
		}
		var hand []Card // cards taken off and not yet put back
		for step := 0; step < 300; step++ {
			switch rng.IntN(10) {
			case 0:
				d.Shuffle(rng)
			case 1:
				if c, err := d.Top(); err == nil {
					hand = append(hand, c)
				}
			case 2:
				if c, err := d.Top(); err == nil {
					d.PutDiscard(c)
				}
			case 3:
				d.Rebuild(rng)
			case 4:
				if d.Len() > 0 {
					if c, err := d.RemoveAt(rng.IntN(d.Len())); err == nil {
						hand = append(hand, c)
					}
				}
			case 5:
				if d.Len() > 0 {
					k := rng.IntN(min(d.Len(), 4))
					ps := rng.Perm(d.Len())[:k]
					if err := d.TopToBottom(ps...); err != nil {
						t.Fatal(err)
					}
				}
			case 6, 7, 8, 9:
				if len(hand) == 0 {
					continue
				}
				c := hand[len(hand)-1]
				hand = hand[:len(hand)-1]
				switch rng.IntN(4) {
				case 0:
					if err := d.SeatFromBottom(c, 1+rng.IntN(d.Len()+1)); err != nil {
						t.Fatal(err)
					}
				case 1:
					d.PutBottom(c)
				case 2:
					d.PutUnder(c, rng.IntN(6))
				case 3:
					d.PutDiscard(c)
				}
			}
			all := slices.Concat(d.Draw, d.Discard, hand)
			slices.Sort(all)
			for i, c := range all {
				if i >= n || c != Card(i) {
					t.Fatalf("seed %d step %d: cards %v", seed, step, all)
				}
			}
			if len(all) != n {
				t.Fatalf("seed %d step %d: %d cards", seed, step, len(all))
			}
		}
	}
}

func TestDie(t *testing.T) {
	event := Die{Name: "event", Faces: []string{"ship", "ship", "ship", "trade", "politics", "science"}}
	tests := []struct {
		face   string
		weight int
		ok     bool
	}{
		{"ship", 3, true}, {"trade", 1, true}, {"science", 1, true}, {"dragon", 0, false},
	}
	for _, tt := range tests {
		if w := event.Weight(tt.face); w != tt.weight {
			t.Errorf("Weight(%q) = %d, want %d", tt.face, w, tt.weight)
		}
		got, err := event.Set(tt.face)
		if (err == nil) != tt.ok || (tt.ok && got != tt.face) {
			t.Errorf("Set(%q) = %q, %v", tt.face, got, err)
		}
	}
	// Rolled faces follow the weights: ships about half the time.
	rng := testRand(3)
	counts := map[string]int{}
	const rolls = 60000
	for range rolls {
		counts[event.Roll(rng)]++
	}
	if s := counts["ship"]; s < 29000 || s > 31000 {
		t.Errorf("ships %d of %d, want about half", s, rolls)
	}
	for _, f := range []string{"trade", "politics", "science"} {
		if c := counts[f]; c < 9400 || c > 10600 {
			t.Errorf("%s %d of %d, want about a sixth", f, c, rolls)
		}
	}
	red := NumberDie("red")
	for range 1000 {
		v := red.Roll(rng)
		if len(v) != 1 || v < "1" || v > "6" {
			t.Fatalf("red die rolled %q", v)
		}
	}
}

func TestUnmet(t *testing.T) {
	opts := []Option{
		{Key: "ck", Values: []string{"off", "on"}, Default: "off"},
		{Key: "seasons", Values: []string{"off", "on"}, Default: "off", Needs: "ck=on"},
		{Key: "season-by", Values: []string{"hand", "round"}, Default: "hand", Needs: "seasons=on"},
	}
	for _, c := range []struct {
		values map[string]string
		want   []string
	}{
		{map[string]string{"seasons": "on"}, []string{"seasons"}},
		{map[string]string{"ck": "on", "seasons": "on", "season-by": "round"}, []string{}},
		{map[string]string{"ck": "off", "seasons": "on", "season-by": "round"}, []string{"seasons", "season-by"}},
		{map[string]string{"season-by": "round"}, []string{"season-by"}},
	} {
		if got := Unmet(opts, c.values); !slices.Equal(got, c.want) {
			t.Errorf("Unmet(%v) = %v, want %v", c.values, got, c.want)
		}
	}
}
