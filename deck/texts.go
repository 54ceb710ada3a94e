package deck

import (
	"encoding/json"
	"strconv"
)

// Texts is a map of names to texts: a state's options and facts, a turn's
// dice, answers and words. It encodes to JSON as encoding/json encodes a
// map (keys sorted, the same escapes) but without reflection, which spent
// some 50 allocations on every journal line, a line a key (issue 32).
type Texts map[string]string

// Counts is Texts for numbers: a state's trackers, a turn's marks.
type Counts map[string]int

// MarshalJSON encodes m as encoding/json encodes a map[string]string.
func (m Texts) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	var buf [16]string
	out := make([]byte, 0, 2+len(m)*32)
	out = append(out, '{')
	for i, k := range sortedKeys(buf[:0], m) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONString(out, k), ':')
		out = appendJSONString(out, m[k])
	}
	return append(out, '}'), nil
}

// MarshalJSON encodes m as encoding/json encodes a map[string]int.
func (m Counts) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	var buf [16]string
	out := make([]byte, 0, 2+len(m)*24)
	out = append(out, '{')
	for i, k := range sortedKeys(buf[:0], m) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONString(out, k), ':')
		out = strconv.AppendInt(out, int64(m[k]), 10)
	}
	return append(out, '}'), nil
}

// appendJSONString appends s as a JSON string, as encoding/json writes it:
// plain printable ASCII as it is, anything else through encoding/json.
func appendJSONString(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always encodes
			return append(out, b...)
		}
	}
	out = append(out, '"')
	out = append(out, s...)
	return append(out, '"')
}
