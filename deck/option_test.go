package deck

import "testing"

// The option prologue every game shares names the key it refuses, says
// which values it wants, and leaves the keys a game reads itself alone.
func TestCheckOptions(t *testing.T) {
	listed := 0
	list := func() []Option {
		listed++
		return []Option{
			{Key: "edition", Values: []string{"1", "2", "3"}},
			{Key: "stack", Values: []string{"0", "1", "2", "3", "4", "5", "6", "7"}},
			{Key: "names", Values: []string{"a"}, Free: true},
			{Key: "theme", Values: []string{"a", "b", "c", "d", "e", "f", "g"}},
		}
	}
	own := func(k string) bool { return k == "dice" }
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{nil, ""},
		{map[string]string{"dice": "hybrid=40"}, ""},
		{map[string]string{"edition": "2", "names": "anything", "stack": "7", "theme": "g"}, ""},
		{map[string]string{"colour": "red"}, `unknown option "colour"`},
		{map[string]string{"edition": "4"}, `edition "4": want 1, 2 or 3`},
		{map[string]string{"stack": "9"}, `stack "9": want 0 to 7`},
		{map[string]string{"theme": "z"}, `theme "z": want a, b, c, d, e, f or g`},
	} {
		err := CheckOptions(tc.opts, list, own)
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%v: %q, want %q", tc.opts, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%v: accepted, want %q", tc.opts, tc.want)
		}
	}
	if listed != 5 {
		t.Errorf("the options were listed %d times, want 5: not for no key, nor for the game's own", listed)
	}
}
