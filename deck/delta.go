package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
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
// encoding (appendWire's). It writes what json.Marshal wrote of a map of
// the differing fields, byte for byte, without decoding the states again:
// appendWire's fields come in one order, each state's own (issue 32: a
// fold a few milliseconds, not tens).
func deltas(states []*State, now []byte) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(states))
	ref, err := topFields(now, nil)
	if err != nil {
		return nil, err
	}
	var f, d []field
	for i := len(states) - 1; i >= 0; i-- {
		ws, err := toWire(states[i])
		if err != nil {
			return nil, err
		}
		// Each state's encoding is kept while it is the next one's
		// reference: f holds slices of it.
		if f, err = topFields(appendWire(make([]byte, 0, len(now)), ws), nil); err != nil {
			return nil, err
		}
		d = d[:0]
		for _, x := range f {
			if v, ok := lookup(ref, x.key); !ok || !bytes.Equal(v, x.val) {
				d = append(d, x)
			}
		}
		for _, x := range ref {
			if _, ok := lookup(f, x.key); !ok {
				d = append(d, field{x.key, []byte("null")})
			}
		}
		slices.SortFunc(d, func(a, b field) int { return strings.Compare(a.key, b.key) })
		n := 2
		for _, x := range d {
			n += len(x.key) + len(x.val) + 4
		}
		o := make([]byte, 0, n)
		o = append(o, '{')
		for k, x := range d {
			if k > 0 {
				o = append(o, ',')
			}
			o = append(append(append(append(o, '"'), x.key...), '"', ':'), x.val...)
		}
		out[i], ref = append(o, '}'), f
	}
	return out, nil
}

// field is one top-level field of a JSON object: its key (plain ASCII, as
// State's JSON names are) and its value's bytes.
type field struct {
	key string
	val []byte
}

func lookup(fs []field, key string) ([]byte, bool) {
	for _, f := range fs {
		if f.key == key {
			return f.val, true
		}
	}
	return nil, false
}

// topFields splits obj, a JSON object as appendWire writes it (compact,
// keys without escapes), into its top-level fields, appended to fs.
func topFields(obj []byte, fs []field) ([]field, error) {
	bad := errors.New("a state's encoding is not an object")
	if len(obj) < 2 || obj[0] != '{' || obj[len(obj)-1] != '}' {
		return nil, bad
	}
	i := 1
	for i < len(obj)-1 {
		if obj[i] != '"' {
			return nil, bad
		}
		end := bytes.IndexByte(obj[i+1:], '"')
		if end < 0 || i+end+2 >= len(obj) || obj[i+end+2] != ':' {
			return nil, bad
		}
		key := string(obj[i+1 : i+1+end])
		i += end + 3
		start, depth, inStr := i, 0, false
		for ; i < len(obj)-1; i++ {
			c := obj[i]
			if inStr {
				switch c {
				case '\\':
					i++
				case '"':
					inStr = false
				}
				continue
			}
			switch c {
			case '"':
				inStr = true
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			if depth == 0 && c == ',' {
				break
			}
		}
		fs = append(fs, field{key, obj[start:i:i]})
		if i < len(obj)-1 {
			i++ // the comma
		}
	}
	return fs, nil
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
