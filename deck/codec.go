package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
)

// FormatVersion is the version of the save format this build writes. It reads
// this version only; a newer one is refused with ErrNewerFormat.
const FormatVersion = 1

// formatName marks a file as an eventdeck save.
const formatName = "eventdeck"

// MaxPlayers bounds the players a saved game may list.
const MaxPlayers = 8

// ErrNewerFormat is returned for a save written by a newer eventdeck.
var ErrNewerFormat = errors.New("saved by a newer version of eventdeck")

// wireGame is the save format: the history once, and each state (current,
// undo, redo) with the length of the history it had.
type wireGame struct {
	Format  string      `json:"format"`
	Version int         `json:"version"`
	History []Record    `json:"history"`
	Now     *wireState  `json:"state"`
	Undo    []wireState `json:"undo"`
	Redo    []wireState `json:"redo"`
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
	return wireState{State: s, HistoryLen: len(s.History), RNG: rng}, nil
}

// Encode writes g in the versioned JSON save format, with the last
// SavedUndo states to undo and the next SavedUndo to redo.
func Encode(g *Game) ([]byte, error) {
	undo := g.undo[max(len(g.undo)-SavedUndo, 0):]
	redo := g.redo[max(len(g.redo)-SavedUndo, 0):]
	w := wireGame{Format: formatName, Version: FormatVersion, History: g.Now.History}
	if len(redo) > 0 {
		w.History = redo[0].History // redo states extend the current history
	}
	now, err := toWire(g.Now)
	if err != nil {
		return nil, err
	}
	w.Now = &now
	w.Undo = make([]wireState, len(undo))
	for i, s := range undo {
		if w.Undo[i], err = toWire(s); err != nil {
			return nil, err
		}
	}
	w.Redo = make([]wireState, len(redo))
	for i, s := range redo {
		if w.Redo[i], err = toWire(s); err != nil {
			return nil, err
		}
	}
	return json.Marshal(w)
}

// Decode reads a game in the save format. Anything malformed, truncated or
// inconsistent is an error; Decode never panics.
func Decode(data []byte) (*Game, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var w wireGame
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("not a readable save: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not a readable save: data after the end")
	}
	if w.Format != formatName {
		return nil, errors.New("not an eventdeck save")
	}
	if w.Version > FormatVersion {
		return nil, fmt.Errorf("%w (format %d, this build reads %d)", ErrNewerFormat, w.Version, FormatVersion)
	}
	if w.Version != FormatVersion {
		return nil, fmt.Errorf("unknown save format version %d", w.Version)
	}
	if w.Now == nil {
		return nil, errors.New("the save holds no game")
	}
	if len(w.Undo) > SavedUndo || len(w.Redo) > SavedUndo {
		return nil, errors.New("the save's undo history is too long")
	}
	// The history is written once, as long as the furthest state needs it:
	// undo states hold a prefix of the current history, redo states extend it.
	nowLen, full := w.Now.HistoryLen, w.Now.HistoryLen
	if len(w.Redo) > 0 {
		full = w.Redo[0].HistoryLen
	}
	if len(w.History) != full {
		return nil, fmt.Errorf("the history has %d turns, the game %d", len(w.History), full)
	}
	for _, u := range w.Undo {
		if u.HistoryLen > nowLen {
			return nil, errors.New("an undo state is ahead of the game")
		}
	}
	for _, r := range w.Redo {
		if r.HistoryLen < nowLen {
			return nil, errors.New("a redo state is behind the game")
		}
	}
	g := &Game{}
	var err error
	if g.Now, err = fromWire(*w.Now, w.History); err != nil {
		return nil, err
	}
	for _, ws := range w.Undo {
		s, err := fromWire(ws, w.History)
		if err != nil {
			return nil, fmt.Errorf("undo: %w", err)
		}
		g.undo = append(g.undo, s)
	}
	for _, ws := range w.Redo {
		s, err := fromWire(ws, w.History)
		if err != nil {
			return nil, fmt.Errorf("redo: %w", err)
		}
		g.redo = append(g.redo, s)
	}
	return g, nil
}

func fromWire(w wireState, history []Record) (*State, error) {
	s := w.State
	if s == nil {
		return nil, errors.New("a state is missing")
	}
	if w.HistoryLen < 0 || w.HistoryLen > len(history) {
		return nil, fmt.Errorf("history length %d out of range", w.HistoryLen)
	}
	s.History = history[:w.HistoryLen:w.HistoryLen]
	src := &rand.ChaCha8{}
	if err := src.UnmarshalBinary(w.RNG); err != nil {
		return nil, fmt.Errorf("random stream: %w", err)
	}
	s.setSource(src)
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	s.Deck.Reserve(s.Deck.Total())
	return s, nil
}
