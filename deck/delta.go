package deck

import (
	"bytes"
	"encoding/json"
	"maps"
)

// An undo or redo state differs from its neighbour in a few fields (the
// deck, the open turn, the random stream); the save writes only those: a
// JSON object of the fields whose encoding differs from the state after it
// (outward from the current state), with null for a field it leaves out.

// fields is a state's encoding as its top-level fields.
func fields(state []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(state, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// deltas encodes states (the last one next to the current state) each as
// its difference from the state after it; now is the current state's
// encoding.
func deltas(states []*State, now []byte) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(states))
	ref, err := fields(now)
	if err != nil {
		return nil, err
	}
	for i := len(states) - 1; i >= 0; i-- {
		ws, err := toWire(states[i])
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(ws)
		if err != nil {
			return nil, err
		}
		f, err := fields(b)
		if err != nil {
			return nil, err
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
			return nil, err
		}
		ref = f
	}
	return out, nil
}

// undeltas reads what deltas wrote, given the current state's encoding.
func undeltas(ds []json.RawMessage, now []byte) ([]wireState, error) {
	out := make([]wireState, len(ds))
	ref, err := fields(now)
	if err != nil {
		return nil, err
	}
	for i := len(ds) - 1; i >= 0; i-- {
		d, err := fields(ds[i])
		if err != nil {
			return nil, err
		}
		f := maps.Clone(ref)
		maps.Copy(f, d)
		b, err := json.Marshal(f)
		if err != nil {
			return nil, err
		}
		if err := strict(b, &out[i]); err != nil {
			return nil, err
		}
		ref = f
	}
	return out, nil
}
