package deck

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Texts and Counts encode exactly as encoding/json encodes their maps:
// saves written before them, and hashes of saves, stay the same.
func TestTextsEncodeAsMapsDo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "Ann", "<", ">", "&", "\"", "\\", "\n", "\x00", "\x7f", "é", "\u2028", "\u2029", "\u202e", "\xff", "\xe2\x80", "🎲", " ", "level-4", "\b", "\f", "\r", "\t", "\x1f", "\ufffd"}
	word := func() string {
		var b bytes.Buffer
		if rng.IntN(8) == 0 { // any bytes at all
			for range rng.IntN(12) {
				b.WriteByte(byte(rng.IntN(256)))
			}
			return b.String()
		}
		for range rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 2000 {
		var texts map[string]string
		var counts map[string]int
		if rng.IntN(10) > 0 {
			texts, counts = map[string]string{}, map[string]int{}
			for range rng.IntN(20) {
				texts[word()] = word()
				counts[word()] = rng.IntN(2000) - 1000
			}
		}
		for _, c := range []struct{ plain, ours any }{{texts, Texts(texts)}, {counts, Counts(counts)}} {
			want, err := json.Marshal(c.plain)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(c.ours)
			if err != nil {
				t.Fatal(err)
			}
			own, err := c.ours.(json.Marshaler).MarshalJSON() // as it is, before encoding/json mends it
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) || !bytes.Equal(own, want) {
				t.Fatalf("encoded %s (on its own %s), encoding/json %s", got, own, want)
			}
		}
	}
}

// appendWire writes every state as json.Marshal does, byte for byte:
// random states with every field of State and Record set or left out.
// A field added to either struct fails here until appendWire writes it.
func TestWireEncodesAsEncodingJSONDoes(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want int
	}{{reflect.TypeFor[State](), 15}, {reflect.TypeFor[Record](), 11}, {reflect.TypeFor[wireState](), 3}, {reflect.TypeFor[Player](), 2}, {reflect.TypeFor[Deck](), 2}, {reflect.TypeFor[TableNote](), 3}} {
		if exportedFields(c.typ) != c.want {
			t.Errorf("%v has %d fields; appendWire writes %d: teach it the new ones", c.typ, exportedFields(c.typ), c.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Ann", "<", "&", "\"", "\n", "é", "\u2028", "\xff", "🎲", "level-4"}
	word := func() string {
		var b bytes.Buffer
		for range rng.IntN(4) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	texts := func() Texts {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return Texts{}
		}
		m := Texts{}
		for range 1 + rng.IntN(6) {
			m[word()] = word()
		}
		return m
	}
	counts := func() Counts {
		if rng.IntN(3) == 0 {
			return nil
		}
		m := Counts{}
		for range rng.IntN(6) {
			m[word()] = rng.IntN(100) - 50
		}
		return m
	}
	cards := func() []Card {
		if rng.IntN(4) == 0 {
			return nil
		}
		cs := make([]Card, rng.IntN(200))
		for i := range cs {
			cs[i] = Card(rng.IntN(256))
		}
		return cs
	}
	players := func() []Player {
		if rng.IntN(3) == 0 {
			return nil
		}
		ps := make([]Player, rng.IntN(4))
		for i := range ps {
			ps[i] = Player{Name: word(), Colour: word()}
		}
		return ps
	}
	var all []*State
	for i := range 3000 {
		s := NewState(word(), texts(), players(), uint64(i))
		s.Options = texts()
		s.Current, s.Year, s.Draws, s.Timer = rng.IntN(9)-2, rng.IntN(9), rng.IntN(3000), rng.IntN(3)*60
		s.Deck = Deck{Draw: cards(), Discard: cards()}
		s.Trackers, s.Facts, s.Left = counts(), texts(), players()
		if rng.IntN(2) == 0 {
			s.Piles = map[string]Deck{}
			for range rng.IntN(3) {
				s.Piles[word()] = Deck{Draw: cards(), Discard: cards()}
			}
		}
		if rng.IntN(2) == 0 {
			s.Counters = make([]int, rng.IntN(5))
			for k := range s.Counters {
				s.Counters[k] = rng.IntN(20)
			}
		}
		for range rng.IntN(3) {
			s.Table = append(s.Table, TableNote{Turn: rng.IntN(50), Text: word(), Colour: rng.IntN(3)})
		}
		if rng.IntN(3) > 0 {
			s.Open = &Record{Draw: rng.IntN(99), Year: rng.IntN(9), Player: rng.IntN(5) - 1, Card: Card(rng.IntN(256)),
				Rebuilt: rng.IntN(2) == 0, Dice: texts(), Answers: texts(), Said: texts(), Steps: rng.IntN(4), NoCard: rng.IntN(2) == 0, Marks: counts()}
		}
		for range rng.IntN(3) {
			s.History.Append(Record{Draw: len(s.History.turns) + 1})
		}
		all = append(all, s)
		w, err := toWire(s)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendWire(nil, w); !bytes.Equal(got, want) {
			t.Fatalf("state %d:\nappendWire %s\njson       %s", i, got, want)
		}
	}
	// deltas, without decoding, write what they wrote through maps.
	for i := 0; i+26 <= len(all); i += 26 {
		w, err := toWire(all[i+25])
		if err != nil {
			t.Fatal(err)
		}
		now := appendWire(nil, w)
		got, err := deltas(all[i:i+25], now)
		if err != nil {
			t.Fatal(err)
		}
		want := deltasByMaps(t, all[i:i+25], now)
		for k := range got {
			if !bytes.Equal(got[k], want[k]) {
				t.Fatalf("delta %d of %d:\nwritten  %s\nby maps  %s", k, i, got[k], want[k])
			}
		}
	}
}

// deltasByMaps is deltas as it was written before (issue 32): each state
// through encoding/json, its fields decoded into a map.
func deltasByMaps(t *testing.T, states []*State, now []byte) []json.RawMessage {
	out := make([]json.RawMessage, len(states))
	ref, err := fields(now)
	if err != nil {
		t.Fatal(err)
	}
	for i := len(states) - 1; i >= 0; i-- {
		ws, err := toWire(states[i])
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(ws)
		if err != nil {
			t.Fatal(err)
		}
		f, err := fields(b)
		if err != nil {
			t.Fatal(err)
		}
		d := map[string]json.RawMessage{}
		for k, v := range f {
			if !bytes.Equal(ref[k], v) {
				d[k] = v
			}
		}
		for k := range ref {
			if _, ok := f[k]; !ok {
				d[k] = json.RawMessage("null")
			}
		}
		if out[i], err = json.Marshal(d); err != nil {
			t.Fatal(err)
		}
		ref = f
	}
	return out
}

func exportedFields(t reflect.Type) int {
	n := 0
	for f := range t.Fields() {
		if f.IsExported() && f.Tag.Get("json") != "-" {
			n++
		}
	}
	return n
}

// A journal line written by hand is the line lineOf writes of the same
// change.
func TestChangeLineAsLineOfWritesIt(t *testing.T) {
	s := NewState("catan", Texts{"a": "<b>"}, []Player{{Name: "Ann"}, {Name: "Bob"}}, 7)
	g := NewGame(s)
	for i := range 30 {
		prev := g.Snapshot()
		switch {
		case i%7 == 6:
			g.Undo()
		case i%11 == 10:
			g.Redo()
		default:
			_ = g.Do(func(st *State) error {
				if i%3 == 0 {
					st.History.Append(Record{Draw: st.History.Len() + 1, Year: 1, Dice: Texts{"red": "3"}, Marks: Counts{"x": i}})
				}
				st.Current = i % 2
				return nil
			})
		}
		got, err := changeLine(prev, g.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if got == nil {
			continue
		}
		var l journalLine
		if err := strict(got[:len(got)-1], &l); err != nil {
			t.Fatalf("change %d: %v: %s", i, err, got)
		}
		want, err := lineOf(l)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("change %d:\nby hand %s\nlineOf  %s", i, got, want)
		}
	}
}
