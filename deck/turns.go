package deck

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// The history in a save (format 2) is a table of strings and one list of
// numbers per turn, so that a long game saves small: every text a turn holds
// (a die's face, an answer and its words, a mark's name) is said once in the
// table and then named by its index. A turn is
//
//	[draw − previous draw, year − previous year, player, card, flags, steps,
//	 dice: n, then n pairs (name, face),
//	 answers: n, then n pairs (key, value),
//	 said: n, then n pairs (key, words) — or −1, then the words of each
//	       answer in the order above, when said has the answers' keys,
//	 marks: n, then n pairs (name, number)]
//
// with trailing zeros of the first six numbers, and empty lists at the end,
// left out. Flags: 1 the deck was rebuilt, 2 no card.
const (
	turnRebuilt = 1 << iota
	turnNoCard
)

// maxWireInt bounds every number of a saved turn, far above any counter
// (MaxCounter, MaxDraws) and far from overflowing when the deltas are added.
const maxWireInt = 10_000_000

// maxStrings bounds a save's table of strings.
const maxStrings = 1 << 20

// turnWriter builds the table of strings while it encodes turns.
type turnWriter struct {
	strings []string
	index   map[string]int
	keys    []string // scratch: a map's keys, sorted
	answers []string // scratch: the answers' keys, sorted
}

func (w *turnWriter) str(s string) int {
	i, ok := w.index[s]
	if !ok {
		i = len(w.strings)
		w.strings = append(w.strings, s)
		w.index[s] = i
	}
	return i
}

func (w *turnWriter) turn(r, prev Record) []int {
	flags := 0
	if r.Rebuilt {
		flags |= turnRebuilt
	}
	if r.NoCard {
		flags |= turnNoCard
	}
	t := []int{r.Draw - prev.Draw, r.Year - prev.Year, r.Player, int(r.Card), flags, r.Steps}
	keep := len(t) // trailing zeros of the first six, and empty lists at the end, are left out
	for keep > 0 && t[keep-1] == 0 {
		keep--
	}
	t = w.pairs(t, r.Dice, &keep)
	t = w.pairs(t, r.Answers, &keep)
	w.answers = sortedKeys(w.answers[:0], r.Answers)
	answers := w.answers
	if len(r.Said) > 0 && len(r.Said) == len(r.Answers) && sameKeys(r.Said, answers) {
		t = append(t, -1)
		for _, k := range answers {
			t = append(t, w.str(r.Said[k]))
		}
		keep = len(t)
	} else {
		t = w.pairs(t, r.Said, &keep)
	}
	t = append(t, len(r.Marks))
	w.keys = sortedKeys(w.keys[:0], r.Marks)
	for _, k := range w.keys {
		t = append(t, w.str(k), r.Marks[k])
	}
	if len(r.Marks) > 0 {
		keep = len(t)
	}
	return t[:keep:keep]
}

// pairs appends m's size and its pairs; keep moves past them unless m is empty.
func (w *turnWriter) pairs(t []int, m map[string]string, keep *int) []int {
	t = append(t, len(m))
	w.keys = sortedKeys(w.keys[:0], m)
	for _, k := range w.keys {
		t = append(t, w.str(k), w.str(m[k]))
	}
	if len(m) > 0 {
		*keep = len(t)
	}
	return t
}

func sameKeys(m map[string]string, keys []string) bool {
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// decodeTurns reads the history turnWriter wrote. Anything out of range
// is an error; the records' order and counters are checked later with the
// states that hold them (validate).
func decodeTurns(strs []string, turns [][]int) ([]Record, error) {
	if len(strs) > maxStrings {
		return nil, fmt.Errorf("%d strings in the history: too many", len(strs))
	}
	if len(turns) > MaxDraws {
		return nil, fmt.Errorf("%d turns: more than %d", len(turns), MaxDraws)
	}
	out := make([]Record, len(turns))
	prev := Record{}
	for i, t := range turns {
		r, err := readTurn(strs, t, prev)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %w", i+1, err)
		}
		out[i], prev = r, r
	}
	return out, nil
}

// turnReader reads one turn's numbers in order; past the end every number
// is 0, as turnWriter leaves trailing zeros out.
type turnReader struct {
	strs []string
	t    []int
	at   int
	err  error
}

func (rd *turnReader) num() int {
	if rd.at >= len(rd.t) {
		return 0
	}
	n := rd.t[rd.at]
	rd.at++
	if (n < -maxWireInt || n > maxWireInt) && rd.err == nil {
		rd.err = fmt.Errorf("%d out of range", n)
	}
	return n
}

func (rd *turnReader) str() string {
	i := rd.num()
	if i < 0 || i >= len(rd.strs) {
		if rd.err == nil {
			rd.err = fmt.Errorf("string %d out of range", i)
		}
		return ""
	}
	return rd.strs[i]
}

// count reads how many pairs follow; each takes two numbers.
func (rd *turnReader) count() int {
	n := rd.num()
	if (n < 0 || 2*n > len(rd.t)-rd.at) && rd.err == nil {
		rd.err = fmt.Errorf("%d pairs out of range", n)
	}
	if rd.err != nil {
		return 0
	}
	return n
}

func (rd *turnReader) pairs() map[string]string {
	n := rd.count()
	if n == 0 {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		k := rd.str()
		m[k] = rd.str()
	}
	return m
}

func readTurn(strs []string, t []int, prev Record) (Record, error) {
	rd := &turnReader{strs: strs, t: t}
	var r Record
	r.Draw = prev.Draw + rd.num()
	r.Year = prev.Year + rd.num()
	r.Player = rd.num()
	card := rd.num()
	if (card < 0 || card > 255) && rd.err == nil {
		rd.err = fmt.Errorf("card %d out of range", card)
	}
	r.Card = Card(card)
	flags := rd.num()
	if flags&^(turnRebuilt|turnNoCard) != 0 && rd.err == nil {
		rd.err = fmt.Errorf("unknown flags %d", flags)
	}
	r.Rebuilt, r.NoCard = flags&turnRebuilt != 0, flags&turnNoCard != 0
	r.Steps = rd.num()
	r.Dice = rd.pairs()
	r.Answers = rd.pairs()
	if rd.at < len(t) && t[rd.at] == -1 {
		rd.at++
		if len(r.Answers) > len(t)-rd.at {
			return Record{}, errors.New("more answers than words")
		}
		if len(r.Answers) > 0 {
			r.Said = make(map[string]string, len(r.Answers))
			for _, k := range slices.Sorted(maps.Keys(r.Answers)) {
				r.Said[k] = rd.str()
			}
		}
	} else {
		r.Said = rd.pairs()
	}
	if n := rd.count(); n > 0 {
		r.Marks = make(map[string]int, n)
		for range n {
			k := rd.str()
			r.Marks[k] = rd.num()
		}
	}
	if rd.err != nil {
		return Record{}, rd.err
	}
	if rd.at != len(t) {
		return Record{}, errors.New("numbers after the end")
	}
	return r, nil
}
