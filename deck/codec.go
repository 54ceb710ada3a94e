package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
)

// FormatVersion is the version of the save format this build writes. It
// reads this version and the ones before it (see codec_v1.go); a newer one
// is refused with ErrNewerFormat.
//
// Version 2 writes the history as numbers and a table of strings (turns.go),
// and each undo and redo state as the fields it does not share with the
// state after it (delta.go): a save grows by tens of bytes a turn, not
// hundreds.
const FormatVersion = 2

// formatName marks a file as an eventdeck save.
const formatName = "eventdeck"

// MaxPlayers bounds the players a saved game may list.
const MaxPlayers = 8

// ErrNewerFormat is returned for a save written by a newer eventdeck.
var ErrNewerFormat = errors.New("saved by a newer version of eventdeck")

// wireHeader is what every version of the save format starts with.
type wireHeader struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
}

// wireGame is the save format: the history once, the current state with
// the length of the history it had, and each undo and redo state as its
// fields that differ from the state after it (see delta.go).
type wireGame struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Strings []string          `json:"strings"`
	Turns   [][]int           `json:"turns"`
	Now     json.RawMessage   `json:"state"` // a wireState
	Undo    []json.RawMessage `json:"undo"`  // oldest first
	Redo    []json.RawMessage `json:"redo"`  // furthest first
}

type wireState struct {
	*State
	HistoryLen int    `json:"history_len"`
	RNG        []byte `json:"rng"`
}

func toWire(s *State) (wireState, error) {
	rng, err := s.src.MarshalBinary()
	if err != nil {
		return wireState{}, err
	}
	return wireState{State: s, HistoryLen: s.History.Len(), RNG: rng}, nil
}

// Encode writes g in the versioned JSON save format, with the last
// SavedUndo states to undo and the next SavedUndo to redo. An Encoder
// writes the saves of one game faster.
func Encode(g *Game) ([]byte, error) {
	var e Encoder
	return e.Encode(g)
}

// Decode reads a game in the save format, this version or an older one.
// Anything malformed, truncated or inconsistent is an error; Decode never
// panics.
func Decode(data []byte) (*Game, error) {
	// What is cheap first: one look at the bytes for a text no game holds,
	// before any decoding (a huge name would be decoded, then copied, for
	// every state that shares it).
	if n := longestString(data); n > maxSavedString {
		return nil, fmt.Errorf("a text of %d bytes in the save: no game holds one over %d", n, maxSavedString)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var h wireHeader
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("not a readable save: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not a readable save: data after the end")
	}
	if h.Format != formatName {
		return nil, errors.New("not an eventdeck save")
	}
	switch {
	case h.Version > FormatVersion:
		return nil, fmt.Errorf("%w (format %d, this build reads %d)", ErrNewerFormat, h.Version, FormatVersion)
	case h.Version == 1:
		return decodeV1(data)
	case h.Version != FormatVersion:
		return nil, fmt.Errorf("unknown save format version %d", h.Version)
	}
	var w wireGame
	if err := strict(data, &w); err != nil {
		return nil, fmt.Errorf("not a readable save: %w", err)
	}
	if len(w.Now) == 0 || string(w.Now) == "null" {
		return nil, errors.New("the save holds no game")
	}
	if len(w.Undo) > SavedUndo || len(w.Redo) > SavedUndo {
		return nil, errors.New("the save's undo history is too long")
	}
	history, err := decodeTurns(w.Strings, w.Turns)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	var now wireState
	if err := strict(w.Now, &now); err != nil {
		return nil, fmt.Errorf("not a readable save: %w", err)
	}
	if now.State == nil {
		return nil, errors.New("a state is missing")
	}
	// What is cheap first: the names, before any undo or redo state is
	// made (a huge name costs one decode, not one per state).
	if err := checkNames(now.State); err != nil {
		return nil, err
	}
	undo, err := undeltas(w.Undo, now)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	redo, err := undeltas(w.Redo, now)
	if err != nil {
		return nil, fmt.Errorf("redo: %w", err)
	}
	return assemble(history, now, undo, redo)
}

// strict decodes data into v, refusing unknown fields and anything after
// the end.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the end")
	}
	return nil
}

// assemble builds the game from its history, written once as long as the
// furthest state needs it, and its states: undo states hold a prefix of the
// current history, redo states extend it.
func assemble(history []Record, now wireState, undo, redo []wireState) (*Game, error) {
	nowLen, full := now.HistoryLen, now.HistoryLen
	if len(redo) > 0 {
		full = redo[0].HistoryLen
	}
	if len(history) != full {
		return nil, fmt.Errorf("the history has %d turns, the game %d", len(history), full)
	}
	for _, u := range undo {
		if u.HistoryLen > nowLen {
			return nil, errors.New("an undo state is ahead of the game")
		}
	}
	for _, r := range redo {
		if r.HistoryLen < nowLen {
			return nil, errors.New("a redo state is behind the game")
		}
	}
	// The turns are checked once, for every state that holds them.
	if err := checkTurns(history); err != nil {
		return nil, err
	}
	g := &Game{}
	var err error
	h := HistoryOf(history...)
	if g.Now, err = fromWire(now, h); err != nil {
		return nil, err
	}
	for _, ws := range undo {
		s, err := fromWire(ws, h)
		if err != nil {
			return nil, fmt.Errorf("undo: %w", err)
		}
		g.undo = append(g.undo, s)
	}
	for _, ws := range redo {
		s, err := fromWire(ws, h)
		if err != nil {
			return nil, fmt.Errorf("redo: %w", err)
		}
		g.redo = append(g.redo, s)
	}
	return g, nil
}

func fromWire(w wireState, history History) (*State, error) {
	s := w.State
	if s == nil {
		return nil, errors.New("a state is missing")
	}
	if w.HistoryLen < 0 || w.HistoryLen > history.Len() {
		return nil, fmt.Errorf("history length %d out of range", w.HistoryLen)
	}
	s.History = history.Prefix(w.HistoryLen)
	src := &rand.ChaCha8{}
	if err := src.UnmarshalBinary(w.RNG); err != nil {
		return nil, fmt.Errorf("random stream: %w", err)
	}
	s.setSource(src)
	s.cfg = &configCache{}
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	if err := s.check(s.History.Len()); err != nil { // its turns: assemble checked them
		return nil, err
	}
	s.Deck.Reserve(s.Deck.Total())
	return s, nil
}

// maxSavedString bounds one JSON string in a save: the longest a game
// keeps is the copy of its house cards (an option, at most 200 cards).
const maxSavedString = 1 << 20

// longestString is the length in bytes of the longest JSON string in data,
// found without decoding: from each quote to the next one no backslash
// escapes.
func longestString(data []byte) int {
	longest := 0
	for i := 0; i < len(data); {
		open := bytes.IndexByte(data[i:], '"')
		if open < 0 {
			break
		}
		start := i + open + 1
		end := start
		for {
			q := bytes.IndexByte(data[end:], '"')
			if q < 0 {
				return max(longest, len(data)-start)
			}
			end += q
			slashes := 0
			for k := end - 1; k >= start && data[k] == '\\'; k-- {
				slashes++
			}
			if slashes%2 == 0 {
				break
			}
			end++
		}
		longest = max(longest, end-start)
		i = end + 1
	}
	return longest
}
