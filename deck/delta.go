package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
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
		f, err := fields(appendWire(nil, ws))
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

// undeltas reads what deltas wrote, given the current state decoded: each
// state is the one after it with the fields its delta names decoded anew
// (null: left out), the others shared with it (states never change once
// made). Only the deltas are decoded, each once, and each state's names
// are checked as soon as it is made: a huge or hostile field is refused at
// the first state that has it, not carried through every state after.
func undeltas(ds []json.RawMessage, now wireState) ([]wireState, error) {
	out := make([]wireState, len(ds))
	ref := now
	for i := len(ds) - 1; i >= 0; i-- {
		d, err := fields(ds[i])
		if err != nil {
			return nil, err
		}
		next := ref
		st := *ref.State
		next.State = &st
		for k := range d {
			if !zeroField(&next, k) {
				return nil, fmt.Errorf("json: unknown field %q", k)
			}
		}
		if err := strict(ds[i], &next); err != nil {
			return nil, err
		}
		if next.State == nil {
			return nil, errors.New("a state is missing")
		}
		if err := checkNames(next.State); err != nil {
			return nil, err
		}
		out[i], ref = next, next
	}
	return out, nil
}

// zeroField sets the field of w whose JSON name is key to its zero value,
// and reports whether w has one.
func zeroField(w *wireState, key string) bool {
	if f, ok := fieldByJSON(reflect.ValueOf(w).Elem(), key); ok {
		f.SetZero()
		return true
	}
	if f, ok := fieldByJSON(reflect.ValueOf(w.State).Elem(), key); ok {
		f.SetZero()
		return true
	}
	return false
}

// fieldByJSON is the field of struct v named key in JSON.
func fieldByJSON(v reflect.Value, key string) (reflect.Value, bool) {
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == key && name != "-" && t.Field(i).IsExported() {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}
