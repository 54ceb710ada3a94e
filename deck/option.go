package deck

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// CheckOptions is the prologue every game's option parser shares: each key
// of opts must be one of the game's options (list, called only when a key is
// there to check) and each value one its option takes. Keys for which own
// is true the game reads itself (the table's own cards, a value with a
// number in it) and are left to it. The error names the key.
func CheckOptions(opts map[string]string, list func() []Option, own func(key string) bool) error {
	var specs []Option                                 // listed at the first key to check: a draw gives none
	for _, k := range slices.Sorted(maps.Keys(opts)) { // sorted: the same options, the same error
		v := opts[k]
		if own != nil && own(k) {
			continue
		}
		if specs == nil {
			specs = list()
		}
		i := 0
		for i < len(specs) && specs[i].Key != k {
			i++
		}
		if i == len(specs) {
			return fmt.Errorf("unknown option %q", k)
		}
		if !specs[i].Takes(v) {
			return fmt.Errorf("%s %q: want %s", k, v, oneOf(specs[i].Values))
		}
	}
	return nil
}

// oneOf lists values as "a, b or c"; a long run of numbers by its ends,
// "0 to 35".
func oneOf(vals []string) string {
	if len(vals) < 2 {
		return strings.Join(vals, "")
	}
	first, err1 := strconv.Atoi(vals[0])
	last, err2 := strconv.Atoi(vals[len(vals)-1])
	if len(vals) > 6 && err1 == nil && err2 == nil && last-first == len(vals)-1 {
		return vals[0] + " to " + vals[len(vals)-1]
	}
	return strings.Join(vals[:len(vals)-1], ", ") + " or " + vals[len(vals)-1]
}
