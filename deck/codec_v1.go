package deck

import (
	"errors"
	"fmt"
)

// wireGameV1 is the first save format: the history once as records, and
// each state (current, undo, redo) in full with the length of the history
// it had. Decode still reads it; Encode writes FormatVersion.
type wireGameV1 struct {
	Format  string      `json:"format"`
	Version int         `json:"version"`
	History []Record    `json:"history"`
	Now     *wireState  `json:"state"`
	Undo    []wireState `json:"undo"`
	Redo    []wireState `json:"redo"`
}

// decodeV1 reads a save of the first format.
func decodeV1(data []byte) (*Game, error) {
	var w wireGameV1
	if err := strict(data, &w); err != nil {
		return nil, fmt.Errorf("not a readable save: %w", err)
	}
	if w.Now == nil {
		return nil, errors.New("the save holds no game")
	}
	if len(w.Undo) > SavedUndo || len(w.Redo) > SavedUndo {
		return nil, errors.New("the save's undo history is too long")
	}
	return assemble(w.History, *w.Now, w.Undo, w.Redo)
}
