package deck

import (
	"encoding/base64"
	"strconv"
	"unicode/utf8"
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
	return appendTexts(make([]byte, 0, 2+len(m)*32), m), nil
}

// MarshalJSON encodes m as encoding/json encodes a map[string]int.
func (m Counts) MarshalJSON() ([]byte, error) {
	return appendCounts(make([]byte, 0, 2+len(m)*24), m), nil
}

func appendTexts(out []byte, m Texts) []byte { return appendObject(out, m, appendJSONString) }

func appendCounts(out []byte, m Counts) []byte { return appendObject(out, m, appendInt) }

func appendInt(out []byte, n int) []byte { return strconv.AppendInt(out, int64(n), 10) }

// appendObject appends m as encoding/json encodes a map with string keys:
// null when nil, else its keys sorted, each value by value.
func appendObject[V any](out []byte, m map[string]V, value func([]byte, V) []byte) []byte {
	if m == nil {
		return append(out, "null"...)
	}
	var buf [16]string
	out = append(out, '{')
	for i, k := range sortedKeys(buf[:0], m) {
		if i > 0 {
			out = append(out, ',')
		}
		out = value(append(appendJSONString(out, k), ':'), m[k])
	}
	return append(out, '}')
}

// appendArray appends xs as encoding/json encodes a slice: null when nil,
// else each item by item.
func appendArray[T any](out []byte, xs []T, item func([]byte, T) []byte) []byte {
	if xs == nil {
		return append(out, "null"...)
	}
	out = append(out, '[')
	for i, x := range xs {
		if i > 0 {
			out = append(out, ',')
		}
		out = item(out, x)
	}
	return append(out, ']')
}

// appendJSONString appends s as a JSON string, as encoding/json writes it
// (HTML characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD).
func appendJSONString(out []byte, s string) []byte {
	const hex = "0123456789abcdef"
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			out = append(out, s[start:i]...)
			switch c {
			case '"', '\\':
				out = append(out, '\\', c)
			case '\b':
				out = append(out, '\\', 'b')
			case '\f':
				out = append(out, '\\', 'f')
			case '\n':
				out = append(out, '\\', 'n')
			case '\r':
				out = append(out, '\\', 'r')
			case '\t':
				out = append(out, '\\', 't')
			default:
				out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(append(out, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			out = append(append(out, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(out, s[start:]...), '"')
}

// appendWire appends w as json.Marshal encodes it, byte for byte, without
// reflection: a journal line is written on every key, before its frame
// (issue 32's keypress budget). TestWireEncodesAsEncodingJSONDoes holds it
// to json.Marshal for every field of State and Record.
func appendWire(out []byte, w wireState) []byte {
	s := w.State
	out = append(out, `{"ruleset":`...)
	out = appendJSONString(out, s.Ruleset)
	out = appendTexts(append(out, `,"options":`...), s.Options)
	out = appendPlayers(append(out, `,"players":`...), s.Players)
	out = strconv.AppendInt(append(out, `,"current":`...), int64(s.Current), 10)
	out = appendDeck(append(out, `,"deck":`...), s.Deck)
	out = strconv.AppendInt(append(out, `,"year":`...), int64(s.Year), 10)
	out = strconv.AppendInt(append(out, `,"draws":`...), int64(s.Draws), 10)
	if len(s.Trackers) > 0 {
		out = appendCounts(append(out, `,"trackers":`...), s.Trackers)
	}
	if len(s.Piles) > 0 {
		out = appendObject(append(out, `,"piles":`...), s.Piles, appendDeck)
	}
	if len(s.Counters) > 0 {
		out = appendArray(append(out, `,"counters":`...), s.Counters, appendInt)
	}
	if len(s.Facts) > 0 {
		out = appendTexts(append(out, `,"facts":`...), s.Facts)
	}
	if s.Timer != 0 {
		out = strconv.AppendInt(append(out, `,"timer":`...), int64(s.Timer), 10)
	}
	if len(s.Left) > 0 {
		out = appendPlayers(append(out, `,"left":`...), s.Left)
	}
	if len(s.Table) > 0 {
		out = appendArray(append(out, `,"table":`...), s.Table, func(out []byte, n TableNote) []byte {
			out = appendInt(append(out, `{"turn":`...), n.Turn)
			out = appendJSONString(append(out, `,"text":`...), n.Text)
			if n.Colour != 0 {
				out = appendInt(append(out, `,"colour":`...), n.Colour)
			}
			return append(out, '}')
		})
	}
	if s.Open != nil {
		out = appendRecord(append(out, `,"open":`...), *s.Open)
	}
	out = strconv.AppendInt(append(out, `,"history_len":`...), int64(w.HistoryLen), 10)
	out = appendBytes(append(out, `,"rng":`...), w.RNG)
	return append(out, '}')
}

// appendRecord appends r as json.Marshal encodes it.
func appendRecord(out []byte, r Record) []byte {
	out = strconv.AppendInt(append(out, `{"draw":`...), int64(r.Draw), 10)
	out = strconv.AppendInt(append(out, `,"year":`...), int64(r.Year), 10)
	out = strconv.AppendInt(append(out, `,"player":`...), int64(r.Player), 10)
	out = strconv.AppendInt(append(out, `,"card":`...), int64(r.Card), 10)
	if r.Rebuilt {
		out = append(out, `,"new_year":true`...)
	}
	if len(r.Dice) > 0 {
		out = appendTexts(append(out, `,"dice":`...), r.Dice)
	}
	if len(r.Answers) > 0 {
		out = appendTexts(append(out, `,"answers":`...), r.Answers)
	}
	if len(r.Said) > 0 {
		out = appendTexts(append(out, `,"said":`...), r.Said)
	}
	if r.Steps != 0 {
		out = strconv.AppendInt(append(out, `,"steps":`...), int64(r.Steps), 10)
	}
	if r.NoCard {
		out = append(out, `,"no_card":true`...)
	}
	if len(r.Marks) > 0 {
		out = appendCounts(append(out, `,"marks":`...), r.Marks)
	}
	return append(out, '}')
}

func appendPlayers(out []byte, ps []Player) []byte {
	return appendArray(out, ps, func(out []byte, p Player) []byte {
		out = appendJSONString(append(out, `{"name":`...), p.Name)
		if p.Colour != "" {
			out = appendJSONString(append(out, `,"colour":`...), p.Colour)
		}
		return append(out, '}')
	})
}

func appendDeck(out []byte, d Deck) []byte {
	out = appendCards(append(out, `{"draw":`...), d.Draw)
	out = appendCards(append(out, `,"discard":`...), d.Discard)
	return append(out, '}')
}

// appendCards appends a pile as encoding/json encodes it: a Card is a
// byte, so a pile is a []byte to it, in base64.
func appendCards(out []byte, cs []Card) []byte {
	if cs == nil {
		return append(out, "null"...)
	}
	var buf [128]byte
	b := buf[:0]
	for _, c := range cs {
		b = append(b, byte(c))
	}
	return appendBytes(out, b)
}

// appendBytes appends b as encoding/json encodes a []byte: base64, or null.
func appendBytes(out, b []byte) []byte {
	if b == nil {
		return append(out, "null"...)
	}
	out = append(out, '"')
	out = base64.StdEncoding.AppendEncode(out, b)
	return append(out, '"')
}
