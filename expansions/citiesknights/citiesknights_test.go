package citiesknights

import (
	"slices"
	"testing"
)

func TestDrawsEveryLevelAndRed(t *testing.T) {
	// cities-and-knights.md: a level draws on red values up to one above it; level 0 never.
	want := map[int][]int{0: nil, 1: {1, 2}, 2: {1, 2, 3}, 3: {1, 2, 3, 4}, 4: {1, 2, 3, 4, 5}, 5: {1, 2, 3, 4, 5, 6}}
	for level := 0; level <= MaxLevel; level++ {
		for red := 1; red <= 6; red++ {
			if got := Draws(level, red); got != slices.Contains(want[level], red) {
				t.Errorf("level %d red %d: draws %v", level, red, got)
			}
		}
		if Draws(level, 0) || Draws(level, 7) {
			t.Errorf("level %d draws on an impossible red", level)
		}
	}
	for red := 1; red <= 6; red++ {
		min := MinLevel(red)
		if !Draws(min, red) || (min > 1 && Draws(min-1, red)) {
			t.Errorf("MinLevel(%d) = %d", red, min)
		}
	}
}

func TestEventDie(t *testing.T) {
	d := EventDie()
	if d.Weight(Ship) != 3 || d.Weight(Trade) != 1 || d.Weight(Politics) != 1 || d.Weight(Science) != 1 || len(d.Faces) != 6 {
		t.Fatalf("faces %v", d.Faces)
	}
	for _, f := range d.Faces {
		if Letter(f) == "" {
			t.Errorf("face %s has no letter", f)
		}
	}
	for _, g := range Gates() {
		if Colour(g) == "" || Track(g) == "" {
			t.Errorf("gate %s lacks a colour or track", g)
		}
	}
}

func TestAttack(t *testing.T) {
	tests := []struct {
		name             string
		board            int
		strength, cities []int
		want             Outcome
	}{
		{"catan wins, one defender", 4, []int{3, 1, 1}, []int{1, 1, 1},
			Outcome{Barbarians: 4, Catan: 5, CatanWins: true, Defender: 0}},
		{"catan wins a tie of strengths", 5, []int{2, 2, 1}, []int{1, 1, 1},
			Outcome{Barbarians: 5, Catan: 5, CatanWins: true, Defender: -1, Tied: []int{0, 1}}},
		{"nobody's knights active, nothing on the board", 0, []int{0, 0}, []int{0, 0},
			Outcome{Barbarians: 0, Catan: 0, CatanWins: true, Defender: -1}},
		{"barbarians win, the weakest with a city", 6, []int{2, 0, 1}, []int{1, 2, 1},
			Outcome{Barbarians: 6, Catan: 3, Defender: -1, LoseCity: []int{1}}},
		{"barbarians win, weakest has no city", 6, []int{2, 0, 1}, []int{1, 0, 1},
			Outcome{Barbarians: 6, Catan: 3, Defender: -1, LoseCity: []int{2}}},
		{"barbarians win, ties all lose", 6, []int{1, 1, 3}, []int{2, 1, 1},
			Outcome{Barbarians: 6, Catan: 5, Defender: -1, LoseCity: []int{0, 1}}},
		{"barbarians win, nobody has a city", 3, []int{0, 0}, []int{0, 0},
			Outcome{Barbarians: 3, Catan: 0, Defender: -1}},
	}
	for _, tt := range tests {
		got := Attack(tt.board, tt.strength, tt.cities)
		if got.Barbarians != tt.want.Barbarians || got.Catan != tt.want.Catan || got.CatanWins != tt.want.CatanWins ||
			got.Defender != tt.want.Defender || !slices.Equal(got.Tied, tt.want.Tied) || !slices.Equal(got.LoseCity, tt.want.LoseCity) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
