package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// drawOne is a tiny ruleset for engine tests: draw the top card, discard it,
// rebuild when the pile is empty.
func drawOne(s *State) error { return drawOneWith(s, nil) }

// drawOneWith is drawOne with edit making the turn's record before it
// goes into the history, unless edit is nil.
func drawOneWith(s *State, edit func(*Record)) error {
	c, err := s.Deck.Top()
	if err == ErrEmpty {
		s.Deck.Rebuild(s.Rand())
		s.Year++
		c, err = s.Deck.Top()
	}
	if err != nil {
		return err
	}
	s.Deck.PutDiscard(c)
	s.Draws++
	r := Record{Draw: s.Draws, Year: s.Year, Player: s.Current, Card: c}
	if edit != nil {
		edit(&r)
	}
	s.History.Append(r)
	s.NextPlayer()
	return nil
}

func newTestGame(seed uint64) *Game {
	s := NewState("test", map[string]string{"k": "v"}, []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}, seed)
	s.Deck = NewDeck(cards(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)...)
	s.Deck.Shuffle(s.Rand())
	return NewGame(s)
}

func mustEncode(t testing.TB, g *Game) []byte {
	t.Helper()
	b, err := Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stateBytes encodes only the current state, for comparing states.
func stateBytes(t testing.TB, s *State) []byte {
	return mustEncode(t, NewGame(s))
}

func TestUndoRestoresExactlyAndRedoReplays(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		g := newTestGame(seed)
		var states [][]byte
		for range 25 { // crosses two rebuilds
			states = append(states, stateBytes(t, g.Now))
			if err := g.Do(drawOne); err != nil {
				t.Fatal(err)
			}
		}
		final := stateBytes(t, g.Now)
		for i := len(states) - 1; i >= 0; i-- {
			if !g.Undo() {
				t.Fatalf("seed %d: nothing to undo at %d", seed, i)
			}
			if got := stateBytes(t, g.Now); !bytes.Equal(got, states[i]) {
				t.Fatalf("seed %d: undo to %d gave\n%s\nwant\n%s", seed, i, got, states[i])
			}
		}
		if g.Undo() {
			t.Fatal("undo past the start")
		}
		for range states {
			if !g.Redo() {
				t.Fatal("nothing to redo")
			}
		}
		if g.Redo() {
			t.Fatal("redo past the end")
		}
		if got := stateBytes(t, g.Now); !bytes.Equal(got, final) {
			t.Fatalf("seed %d: redo all gave\n%s\nwant\n%s", seed, got, final)
		}
	}
}

func TestUndoThenDrawGivesTheSameCard(t *testing.T) {
	g := newTestGame(4)
	for range 9 {
		_ = g.Do(drawOne)
	}
	// The 10th draw empties the pile; the 11th rebuilds first.
	_ = g.Do(drawOne)
	_ = g.Do(drawOne)
	first := g.Now.History.At(g.Now.History.Len() - 1)
	g.Undo()
	_ = g.Do(drawOne)
	again := g.Now.History.At(g.Now.History.Len() - 1)
	if first.Card != again.Card || first.Year != again.Year {
		t.Fatalf("after undo across a rebuild the draw gave %+v, first %+v", again, first)
	}
}

func TestFailedActionChangesNothing(t *testing.T) {
	g := newTestGame(1)
	_ = g.Do(drawOne)
	before := mustEncode(t, g)
	err := g.Do(func(s *State) error {
		_ = drawOne(s)
		return errors.New("refused")
	})
	if err == nil {
		t.Fatal("no error")
	}
	if got := mustEncode(t, g); !bytes.Equal(got, before) {
		t.Fatal("a failed action changed the game")
	}
}

func TestNewActionClearsRedo(t *testing.T) {
	g := newTestGame(1)
	_ = g.Do(drawOne)
	_ = g.Do(drawOne)
	g.Undo()
	_ = g.Do(func(s *State) error { s.NextPlayer(); return nil })
	if g.CanRedo() {
		t.Fatal("redo survived a new action")
	}
}

func TestUndoDepthIsBounded(t *testing.T) {
	g := newTestGame(1)
	for range MaxUndo + 30 {
		_ = g.Do(drawOne)
	}
	n := 0
	for g.Undo() {
		n++
	}
	if n != MaxUndo {
		t.Fatalf("undid %d actions, want %d", n, MaxUndo)
	}
}

func TestEncodeDecodeEncodeIsIdentical(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		g := newTestGame(seed)
		for i := range 40 {
			_ = g.Do(drawOne)
			if i%7 == 3 {
				g.Undo()
			}
		}
		g.Undo()
		g.Undo() // leave something to redo
		g.Now.Facts = map[string]string{"largest-army": "Bob"}
		first := mustEncode(t, g)
		back, err := Decode(first)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if second := mustEncode(t, back); !bytes.Equal(first, second) {
			t.Fatalf("seed %d: encode/decode/encode differs:\n%s\n%s", seed, first, second)
		}
	}
}

func TestDecodedGameContinuesTheSameStream(t *testing.T) {
	a := newTestGame(9)
	for range 13 {
		_ = a.Do(drawOne)
	}
	b, err := Decode(mustEncode(t, a))
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		_ = a.Do(drawOne)
		_ = b.Do(drawOne)
	}
	if !bytes.Equal(mustEncode(t, a), mustEncode(t, b)) {
		t.Fatal("a reloaded game drew differently from the one that went on")
	}
	// Undo and redo survive the reload too.
	// Undo survives the reload too, as deep as a save keeps it.
	c, _ := Decode(mustEncode(t, a))
	for i := range SavedUndo {
		a.Undo()
		if !c.Undo() {
			t.Fatalf("a reloaded game undid only %d actions, want %d", i, SavedUndo)
		}
		if !bytes.Equal(stateBytes(t, a.Now), stateBytes(t, c.Now)) {
			t.Fatalf("undo %d after a reload differs", i+1)
		}
	}
	if c.Undo() {
		t.Fatalf("a reloaded game undid more than the %d actions saved", SavedUndo)
	}
}

func TestDecodeRejects(t *testing.T) {
	g := newTestGame(2)
	for range 5 {
		_ = g.Do(drawOne)
	}
	good := string(mustEncode(t, g))
	version := fmt.Sprintf(`"version":%d`, FormatVersion)
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "not a readable save"},
		{"truncated", good[:len(good)/2], "not a readable save"},
		{"not json", "hello", "not a readable save"},
		{"trailing", good + "{}", "data after the end"},
		{"other format", strings.Replace(good, `"format":"eventdeck"`, `"format":"x"`, 1), "not an eventdeck save"},
		{"newer", strings.Replace(good, version, `"version":99`, 1), "newer version"},
		{"old", strings.Replace(good, version, `"version":0`, 1), "unknown save format"},
		{"unknown field", strings.Replace(good, version, version+`,"x":1`, 1), "unknown field"},
		{"unknown field in a state", strings.Replace(good, `"ruleset":`, `"x":1,"ruleset":`, 1), "unknown field"},
		{"unknown field in an undo state", strings.Replace(good, `"undo":[{`, `"undo":[{"x":1,`, 1), "unknown field"},
		{"string out of range", strings.Replace(good, `"strings":[`, `"strings":[],"x":[`, 1), "unknown field"},
		{"turn out of order", strings.Replace(good, `"turns":[[1`, `"turns":[[-1`, 1), "draw"},
		{"turn's string out of range", strings.Replace(good, `"turns":[[1,1,0,`, `"turns":[[1,1,0,0,0,0,1,99,99],[1,1,0,`, 1), "string 99 out of range"},
		{"no state", strings.Replace(good, `"state":{`, `"statex":{`, 1), "unknown field"},
		{"bad rng", strings.Replace(good, `"rng":"`, `"rng":"AAAA`, 1), "random stream"},
		{"turn out of range", strings.Replace(good, `"current":2`, `"current":7`, 1), "current player 7 out of range (0 to 2 for 3 players)"},
		{"turn before the first", strings.Replace(good, `"current":2`, `"current":-1`, 1), "current player -1 out of range (0 to 2 for 3 players)"},
		{"history too long", strings.Replace(good, `"history_len":5`, `"history_len":99`, 1), "history"},
		{"no players", strings.Replace(good, `"players":[{"name":"Ann"},{"name":"Bob"},{"name":"Cy"}]`, `"players":[]`, 1), "players"},
		{"year 0", strings.Replace(good, `"year":1,"draws"`, `"year":0,"draws"`, 1), "year"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.data == good {
				t.Fatal("the test's replacement did not apply")
			}
			_, err := Decode([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Decode error %v, want one containing %q", err, tt.want)
			}
		})
	}
	if _, err := Decode([]byte(strings.Replace(good, version, `"version":99`, 1))); !errors.Is(err, ErrNewerFormat) {
		t.Errorf("a newer save is not ErrNewerFormat: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	g := newTestGame(5)
	for range 12 {
		_ = g.Do(drawOne)
	}
	g.Undo()
	f.Add(mustEncode(f, g))
	f.Add([]byte(`{"format":"eventdeck","version":1}`))
	f.Add([]byte(`{"format":"eventdeck","version":1,"history":[],"state":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Decode(data)
		if err != nil {
			return
		}
		// Whatever decodes must encode, decode again, and stay the same.
		b, err := Encode(g)
		if err != nil {
			t.Fatalf("a decoded game does not encode: %v", err)
		}
		g2, err := Decode(b)
		if err != nil {
			t.Fatalf("a re-encoded game does not decode: %v", err)
		}
		b2, _ := Encode(g2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("not stable:\n%s\n%s", b, b2)
		}
		// And it must be playable without panicking.
		_ = g2.Do(drawOne)
		g2.Undo()
		g2.Redo()
	})
}

func TestOpenTurnAnswersUndo(t *testing.T) {
	g := newTestGame(2)
	open := func(s *State) error {
		s.StartTurn(Record{Draw: s.Draws + 1, Year: s.Year, Player: s.Current})
		s.Draws++
		return nil
	}
	_ = g.Do(open)
	hand := Question{Key: "hand:Ann", Topic: "Ann's hand", Kind: AskNumber}
	army := Question{Key: "largest-army", Topic: "Largest Army", Kind: AskPlayer, Remember: true}
	_ = g.Do(func(s *State) error { s.Answer(hand, "9"); return nil })
	_ = g.Do(func(s *State) error { s.Answer(army, "1"); return nil })
	if g.Now.Open.Answers["hand:Ann"] != "9" || g.Now.Facts["largest-army"] != "1" || g.Now.History.Len() != 0 {
		t.Fatalf("answers: %+v facts %v", g.Now.Open, g.Now.Facts)
	}
	g.Undo()
	if _, ok := g.Now.Open.Answers["largest-army"]; ok || g.Now.Facts["largest-army"] != "" || g.Now.Open.Said["largest-army"] != "" {
		t.Fatal("undo kept the answer")
	}
	if g.Now.Open.Answers["hand:Ann"] != "9" {
		t.Fatal("undo lost the earlier answer")
	}
	g.Redo()
	_ = g.Do(open) // the next turn closes this one into the history
	if g.Now.History.Len() != 1 || g.Now.History.At(0).Answers["largest-army"] != "1" || g.Now.Turns() != 2 {
		t.Fatalf("history %+v", g.Now.History)
	}
	if h := g.Now.History.At(0).Said; h["largest-army"] != "Largest Army: Bob" || h["hand:Ann"] != "Ann's hand: 9" {
		t.Fatalf("answers in words: %v", h)
	}
	if g.Now.Open.Answers != nil || g.Now.Open.Said != nil || g.Now.Facts["largest-army"] != "1" {
		t.Fatal("the new turn inherited answers, or the fact was lost")
	}
	back, err := Decode(mustEncode(t, g))
	if err != nil || !bytes.Equal(mustEncode(t, back), mustEncode(t, g)) {
		t.Fatalf("open turn does not round-trip: %v", err)
	}
}

func TestAnswerWordsNamePlayers(t *testing.T) {
	ps := []Player{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}}
	tests := []struct {
		q    Question
		v    string
		want string
	}{
		{Question{Key: "over", Topic: "Over the limit", Kind: AskPlayers}, "1", "Over the limit: Bob"},
		{Question{Key: "over", Topic: "Over the limit", Kind: AskPlayers}, "0,2", "Over the limit: Ann and Cy"},
		{Question{Key: "over", Topic: "Over the limit", Kind: AskPlayers}, "2,0,1", "Over the limit: Cy, Ann and Bob"},
		{Question{Key: "over", Topic: "Over the limit", Kind: AskPlayers}, AnswerNobody, "Over the limit: nobody"},
		{Question{Key: "army", Topic: "Largest Army", Kind: AskPlayer}, "2", "Largest Army: Cy"},
		{Question{Key: "army", Topic: "Largest Army", Kind: AskPlayer}, AnswerNobody, "Largest Army: nobody"},
		{Question{Key: "hand:0", Topic: "Ann's hand", Kind: AskNumber}, "9", "Ann's hand: 9"},
		{Question{Key: "hand:0", Topic: "Ann's hand", Kind: AskNumber}, AnswerSkip, "Ann's hand: skipped"},
		{Question{Key: "yn", Prompt: "Damaged?", Kind: AskYesNo}, AnswerYes, "Damaged?: yes"},
	}
	for _, tt := range tests {
		s := NewState("test", nil, ps, 1)
		s.StartTurn(Record{Draw: 1, Year: 1})
		s.Answer(tt.q, tt.v)
		if got := s.Open.Said[tt.q.Key]; got != tt.want {
			t.Errorf("%q answered %q: said %q, want %q", tt.q.Topic, tt.v, got, tt.want)
		}
		if s.Open.Answers[tt.q.Key] != tt.v {
			t.Errorf("%q: answer %q kept as %q", tt.q.Topic, tt.v, s.Open.Answers[tt.q.Key])
		}
	}
	// A skip of a remembered question is no fact.
	s := NewState("test", nil, ps, 1)
	s.StartTurn(Record{})
	s.Answer(Question{Key: "army", Kind: AskPlayer, Remember: true}, AnswerSkip)
	if _, ok := s.Facts["army"]; ok {
		t.Fatal("a skip became a fact")
	}
	// No open turn: nothing is recorded.
	s = NewState("test", nil, ps, 1)
	s.Answer(Question{Key: "army", Kind: AskPlayer, Remember: true}, "1")
	if s.Facts["army"] != "" {
		t.Fatal("an answer with no open turn became a fact")
	}
}

func TestParseSeats(t *testing.T) {
	if seats, err := ParseSeats("2,0", 3); err != nil || len(seats) != 2 || seats[0] != 2 || seats[1] != 0 {
		t.Fatalf("2,0: %v %v", seats, err)
	}
	if seats, err := ParseSeats(AnswerNobody, 3); err != nil || seats != nil {
		t.Fatalf("nobody: %v %v", seats, err)
	}
	for _, bad := range []string{"", "3", "-1", "0,0", "a", "0,,1"} {
		if _, err := ParseSeats(bad, 3); err == nil {
			t.Errorf("ParseSeats(%q) accepted", bad)
		}
	}
	if FormatSeats(nil) != AnswerNobody || FormatSeats([]int{0, 2}) != "0,2" {
		t.Fatal("FormatSeats")
	}
}

func TestChangesCountsEveryChange(t *testing.T) {
	g := newTestGame(3)
	if g.Changes() != 0 {
		t.Fatal("a new game has changes")
	}
	_ = g.Do(drawOne)
	_ = g.Do(drawOne)
	_ = g.Do(func(*State) error { return errors.New("refused") })
	if g.Changes() != 2 {
		t.Fatalf("two draws and a refusal: %d changes", g.Changes())
	}
	g.Undo()
	g.Redo()
	g.Undo()
	if g.Changes() != 5 {
		t.Fatalf("after undo, redo, undo: %d changes, want 5", g.Changes())
	}
	g.Undo()
	if g.Undo() || g.Changes() != 6 {
		t.Fatalf("an undo with nothing to undo counted: %d", g.Changes())
	}
}

func TestRecordReadsOldBarbarianFields(t *testing.T) {
	var r Record
	if err := json.Unmarshal([]byte(`{"draw":3,"year":1,"player":0,"card":4,"barbarians":7,"attack":true}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Marks["barbarians"] != 7 || r.Marks["attack"] != 1 || r.Draw != 3 {
		t.Fatalf("old record read as %+v", r)
	}
	if err := json.Unmarshal([]byte(`{"draw":3,"nonsense":1}`), &r); err == nil {
		t.Fatal("an unknown field was accepted")
	}
}

// TestSnapshotKeepsAfterForget: a snapshot taken after an undo is what a
// save writes on another goroutine; Forget and the next draws must not
// write over the history its undone state still holds.
func TestSnapshotKeepsAfterForget(t *testing.T) {
	g := newTestGame(3)
	for range 6 {
		if err := g.Do(drawOne); err != nil {
			t.Fatal(err)
		}
	}
	g.Undo()
	snap := g.Snapshot()
	before := mustEncode(t, snap)
	done := make(chan []byte)
	go func() { // a save, as the table's saver runs it
		for range 20 {
			Encode(snap)
		}
		b, _ := Encode(snap)
		done <- b
	}()
	g.Forget()
	for range 3 { // not the draw undone: players changed seats, say
		if err := g.Do(func(s *State) error {
			s.History.Append(Record{Draw: 99, Player: 2})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if after := <-done; !bytes.Equal(before, after) {
		t.Errorf("the snapshot changed under the save:\n%s\nthen\n%s", before, after)
	}
}
