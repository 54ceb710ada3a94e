package cardgame

import (
	"strconv"

	"github.com/eventdeck/eventdeck/deck"
)

// Turn is turn i as the table saw it (0 the first, -1 the last): the
// production number, both dice in the order they are read, the event card
// if "?" drew one, and whether Year End reshuffled the deck first.
func (r *Ruleset) Turn(s *deck.State, i int) (deck.Turn, bool) {
	if i == -1 {
		i = s.Turns() - 1
	}
	if i < 0 || i >= s.Turns() {
		return deck.Turn{}, false
	}
	cfg, err := r.Config(s)
	if err != nil {
		return deck.Turn{}, false
	}
	rec := s.TurnAt(i)
	return turnOf(rec, cfg, s.Players), true
}

func turnOf(rec deck.Record, cfg *Config, players []deck.Player) deck.Turn {
	prod := rec.Dice[ProductionDie]
	n, _ := strconv.Atoi(prod)
	t := deck.Turn{Draw: rec.Draw, Year: rec.Year, Player: rec.Player, Number: n}
	ev := eventDieFace(rec.Dice[EventDie], NewEventDie(cfg.QuestionFaces))
	pf := pipFace(ProductionDie, "production", "P", prod)
	if cfg.EventFirst {
		t.Dice = []deck.Face{ev, pf}
	} else {
		t.Dice = []deck.Face{pf, ev}
	}
	face, _ := findFace(ev.Value)
	t.Event, t.Title, t.Text = face.ID, face.Title, face.Text
	if !rec.NoCard && cfg.Box.Has(rec.Card) {
		sl := cfg.Box[rec.Card]
		t.Card, t.Event, t.Title, t.Text = sl.Kind.ID, sl.Kind.ID, sl.Kind.Title, sl.Kind.Text
		if sl.Owner >= 0 && sl.Owner < len(players) {
			// A drawn Tournament card may say whose it is; before it is
			// drawn, nothing shows a pick.
			t.Text += " Added by " + players[sl.Owner].Name + " (" + ThemeName(sl.Theme) + ")."
		}
	}
	if rec.Rebuilt {
		t.Rebuilt = true
		t.RebuiltText = "Year End: the whole event deck was shuffled, then the next card drawn."
	}
	if v, ok := rec.Dice[WatchTowerDie]; ok {
		t.Dice = append(t.Dice, pipFace(WatchTowerDie, "watch tower", "W", v))
		caught := false
		if w, err := strconv.Atoi(v); err == nil {
			caught = SpyCaught(w)
		}
		text := "not caught"
		if caught {
			text = "caught"
		}
		t.Marks = append(t.Marks, deck.Mark{Key: "spy", Label: "Spy", Value: caught, Text: text})
	}
	if v, ok := rec.Dice[GreatWallDie]; ok {
		t.Dice = append(t.Dice, pipFace(GreatWallDie, "great wall", "G", v))
	}
	return t
}
