package deck

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Encoder writes one game's saves one after another, as Encode does, byte
// for byte, keeping the history it wrote: turns are never changed once
// made (a change appends to a copy of the state), so a save whose history
// extends the last one's encodes only the turns new since. An autosave on
// every key then costs the new turns and a copy of the file, not a walk
// over the whole game. An Encoder is used by one goroutine at a time.
type Encoder struct {
	tw    turnWriter
	last  *turn  // the last turn encoded, where it lies in its history
	seen  Record // and a copy of it, to know it was not changed since
	n     int    // turns encoded
	strs  []byte // the strings' JSON so far, without its closing bracket
	turns []byte // the turns' JSON so far, without its closing bracket
}

// wireTail is wireGame after its history.
type wireTail struct {
	Now  json.RawMessage   `json:"state"`
	Undo []json.RawMessage `json:"undo"`
	Redo []json.RawMessage `json:"redo"`
}

// Encode writes g as Encode(g) does.
func (e *Encoder) Encode(g *Game) ([]byte, error) {
	undo := g.undo[max(len(g.undo)-SavedUndo, 0):]
	redo := g.redo[max(len(g.redo)-SavedUndo, 0):]
	history := g.Now.History
	if len(redo) > 0 {
		history = redo[0].History
	}
	e.add(history)
	var w wireTail
	now, err := toWire(g.Now)
	if err != nil {
		return nil, err
	}
	w.Now = appendWire(nil, now)
	if w.Undo, err = deltas(undo, w.Now); err != nil {
		return nil, err
	}
	if w.Redo, err = deltas(redo, w.Now); err != nil {
		return nil, err
	}
	// json.Marshal(wireGame), written by hand: the history, compact JSON
	// already, goes in between the format and the states as it is (a long
	// game's save is mostly history: issue 29), and the states, compact
	// JSON from appendWire and deltas, after it without encoding/json's
	// pass to check and copy each (issue 32: a fold off the key's CPU).
	n := len(e.strs) + len(e.turns) + len(w.Now) + 96
	for _, d := range slices.Concat(w.Undo, w.Redo) {
		n += len(d) + 1
	}
	out := make([]byte, 0, n)
	out = append(out, `{"format":"`+formatName+`","version":`...) // a plain name: nothing to escape
	out = strconv.AppendInt(out, FormatVersion, 10)
	out = append(append(append(out, `,"strings":`...), e.strs...), ']')
	out = append(append(append(out, `,"turns":`...), e.turns...), ']')
	out = append(append(out, `,"state":`...), w.Now...)
	out = appendRaws(append(out, `,"undo":`...), w.Undo)
	out = appendRaws(append(out, `,"redo":`...), w.Redo)
	return append(out, '}'), nil
}

// appendRaws appends ds as encoding/json writes a slice of compact raw
// messages.
func appendRaws(out []byte, ds []json.RawMessage) []byte {
	return appendArray(out, ds, func(out []byte, d json.RawMessage) []byte { return append(out, d...) })
}

// add brings the encoded history up to history: its new turns only when
// it extends the history encoded last, else all of it afresh.
func (e *Encoder) add(history History) {
	if e.n > history.Len() || e.n > 0 && (&history.turns[e.n-1] != e.last || !sameRecord(history.At(e.n-1), e.seen)) {
		e.n = 0
	}
	if e.n == 0 {
		e.tw = turnWriter{strings: []string{}, index: map[string]int{}}
		e.strs = append(e.strs[:0], '[')
		e.turns = append(e.turns[:0], '[')
	}
	prev := Record{}
	if e.n > 0 {
		prev = history.At(e.n - 1)
	}
	for i := e.n; i < history.Len(); i++ {
		r := history.At(i)
		from := len(e.tw.strings)
		t := e.tw.turn(r, prev)
		for _, s := range e.tw.strings[from:] {
			if len(e.strs) > 1 {
				e.strs = append(e.strs, ',')
			}
			b, _ := json.Marshal(s) // a string: never fails
			e.strs = append(e.strs, b...)
		}
		if i > 0 {
			e.turns = append(e.turns, ',')
		}
		e.turns = append(e.turns, '[')
		for j, v := range t {
			if j > 0 {
				e.turns = append(e.turns, ',')
			}
			e.turns = strconv.AppendInt(e.turns, int64(v), 10)
		}
		e.turns = append(e.turns, ']')
		prev = r
	}
	e.n = history.Len()
	if e.n > 0 {
		e.last, e.seen = &history.turns[e.n-1], history.At(e.n-1)
	}
}

// sameRecord reports whether a and b are the same turn, as far as a quick
// look tells: a guard, beside the turn's place, against a history written
// over.
func sameRecord(a, b Record) bool {
	return a.Draw == b.Draw && a.Year == b.Year && a.Player == b.Player && a.Card == b.Card &&
		a.Steps == b.Steps && a.Rebuilt == b.Rebuilt && a.NoCard == b.NoCard && len(a.Answers) == len(b.Answers) && len(a.Said) == len(b.Said) &&
		len(a.Dice) == len(b.Dice) && len(a.Marks) == len(b.Marks)
}
