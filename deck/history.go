package deck

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"sync"
)

// History is a game's finished turns, kept small: a long game holds
// thousands, and memory must stay flat (issue 29). Each turn is a few
// numbers, and its dice, answers, words and marks name maps that the
// history keeps once however many turns hold the same (a die's faces, a
// skipped question): records are final, so turns may share them. At
// gives a turn back as a Record, without copying anything.
//
// A History is a value. Copies share what they hold and only grow: an
// append to a copy that is not the longest one (see State.Clone) copies
// first, so no copy ever sees another's turns change.
type History struct {
	turns []turn
	sets  []mapSet            // the distinct sets of a turn's maps
	strs  []map[string]string // the distinct dice, answers and words maps
	ints  []map[string]int    // the distinct marks maps
	wide  []Record            // turns whose numbers do not fit a turn
	index *historyIndex       // finds a map already kept; shared by copies
}

// turn is one finished turn, in 16 bytes. maps is 0 when the turn has no
// maps, else one more than the index of its set in History.sets. With
// turnWide set, draw is the turn's index in History.wide instead.
type turn struct {
	draw, year    int32
	maps          uint32
	player, steps uint8
	card          Card
	flags         uint8
}

// mapSet is a turn's dice, answers, words and marks: each 0 for nil, else
// one more than its index in History.strs (History.ints for marks).
type mapSet [4]uint32

// turnWide: a turn kept whole in History.wide (see turn); the other
// flags are turns.go's.
const turnWide = turnNoCard << 1

// historyIndex finds a map a history already keeps, by its contents. It
// only ever learns: a copy of the history that does not hold what it
// names (another branch of undo) finds it missing and keeps its own.
type historyIndex struct {
	mu   sync.Mutex
	sets map[mapSet]uint32
	strs map[string]uint32
	ints map[string]uint32
	key  []byte // scratch for keys
}

// HistoryOf returns a history of records, in order.
func HistoryOf(records ...Record) History {
	var h History
	for _, r := range records {
		h.Append(r)
	}
	return h
}

// Len is how many turns the history holds.
func (h History) Len() int { return len(h.turns) }

// At returns turn i, from 0. Its maps are shared with other turns and
// states: read them, never change them.
func (h History) At(i int) Record {
	t := &h.turns[i]
	if t.flags&turnWide != 0 {
		return h.wide[t.draw]
	}
	r := Record{
		Draw: int(t.draw), Year: int(t.year), Player: int(t.player), Card: t.card, Steps: int(t.steps),
		Rebuilt: t.flags&turnRebuilt != 0, NoCard: t.flags&turnNoCard != 0,
	}
	if t.maps == 0 {
		return r
	}
	set := &h.sets[t.maps-1]
	if set[0] != 0 {
		r.Dice = h.strs[set[0]-1]
	}
	if set[1] != 0 {
		r.Answers = h.strs[set[1]-1]
	}
	if set[2] != 0 {
		r.Said = h.strs[set[2]-1]
	}
	if set[3] != 0 {
		r.Marks = h.ints[set[3]-1]
	}
	return r
}

// Last returns the last turn, and false when there is none.
func (h History) Last() (Record, bool) {
	if len(h.turns) == 0 {
		return Record{}, false
	}
	return h.At(len(h.turns) - 1), true
}

// Records returns turns from on, each as At returns it.
func (h History) Records(from int) []Record {
	out := make([]Record, 0, len(h.turns)-from)
	for i := from; i < len(h.turns); i++ {
		out = append(out, h.At(i))
	}
	return out
}

// Prefix returns the history of the first n turns, sharing them: an
// append to it copies first.
func (h History) Prefix(n int) History {
	h.turns = h.turns[:n:n]
	h.sets = slices.Clip(h.sets)
	h.strs = slices.Clip(h.strs)
	h.ints = slices.Clip(h.ints)
	h.wide = slices.Clip(h.wide)
	return h
}

// Reset empties the history, keeping its memory for the turns to come:
// only for a history no other state shares (a simulator's, a tally's).
func (h *History) Reset() { h.turns = h.turns[:0] }

// Append adds r as the last turn. r's maps are kept as they are, or
// replaced by equal ones the history holds already: they must not change
// after.
func (h *History) Append(r Record) {
	if !fits(r.Draw) || !fits(r.Year) || !small(r.Player) || !small(r.Steps) || len(h.wide) >= math.MaxInt32 {
		h.wide = append(h.wide, r)
		h.turns = append(h.turns, turn{draw: int32(len(h.wide) - 1), flags: turnWide})
		return
	}
	t := turn{draw: int32(r.Draw), year: int32(r.Year), player: uint8(r.Player), steps: uint8(r.Steps), card: r.Card}
	if r.Rebuilt {
		t.flags |= turnRebuilt
	}
	if r.NoCard {
		t.flags |= turnNoCard
	}
	if r.Dice != nil || r.Answers != nil || r.Said != nil || r.Marks != nil {
		if h.index == nil {
			h.index = &historyIndex{sets: map[mapSet]uint32{}, strs: map[string]uint32{}, ints: map[string]uint32{}}
		}
		h.index.mu.Lock()
		set := mapSet{h.keepStrs(r.Dice), h.keepStrs(r.Answers), h.keepStrs(r.Said), h.keepInts(r.Marks)}
		n, ok := h.index.sets[set]
		if !ok || int(n) > len(h.sets) || h.sets[n-1] != set {
			h.sets = append(h.sets, set)
			n = uint32(len(h.sets))
			h.index.sets[set] = n
		}
		t.maps = n
		h.index.mu.Unlock()
	}
	h.turns = append(h.turns, t)
}

func fits(n int) bool { return n >= math.MinInt32 && n <= math.MaxInt32 }

func small(n int) bool { return n >= 0 && n <= math.MaxUint8 }

// keepStrs returns m's number in h.strs (see turn), adding it if h holds
// no equal map. h.index is locked.
func (h *History) keepStrs(m map[string]string) uint32 {
	if m == nil {
		return 0
	}
	x := h.index
	x.key = x.key[:0]
	var buf [8]string // a turn's maps are small: their keys sort on the stack
	for _, k := range sortedKeys(buf[:0], m) {
		x.key = appendKeyPart(appendKeyPart(x.key, k), m[k])
	}
	if n, ok := x.strs[string(x.key)]; ok && int(n) <= len(h.strs) && maps.Equal(h.strs[n-1], m) {
		return n
	}
	h.strs = append(h.strs, m)
	n := uint32(len(h.strs))
	x.strs[string(x.key)] = n
	return n
}

// keepInts is keepStrs for marks.
func (h *History) keepInts(m map[string]int) uint32 {
	if m == nil {
		return 0
	}
	x := h.index
	x.key = x.key[:0]
	var buf [8]string
	for _, k := range sortedKeys(buf[:0], m) {
		x.key = strconv.AppendInt(appendKeyPart(x.key, k), int64(m[k]), 10)
		x.key = append(x.key, ' ')
	}
	if n, ok := x.ints[string(x.key)]; ok && int(n) <= len(h.ints) && maps.Equal(h.ints[n-1], m) {
		return n
	}
	h.ints = append(h.ints, m)
	n := uint32(len(h.ints))
	x.ints[string(x.key)] = n
	return n
}

// sortedKeys appends m's keys to keys, sorted.
func sortedKeys[V any](keys []string, m map[string]V) []string {
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// appendKeyPart appends s to a key so that no two lists of strings make
// the same key: its length, then itself.
func appendKeyPart(key []byte, s string) []byte {
	key = strconv.AppendInt(key, int64(len(s)), 10)
	key = append(key, ':')
	return append(key, s...)
}

// sameTurn reports whether turn i of h and of o are one turn: the same
// place in one array, or equal as far as sameRecord tells.
func (h History) sameTurn(i int, o History) bool {
	return &h.turns[i] == &o.turns[i] || sameRecord(h.At(i), o.At(i))
}
