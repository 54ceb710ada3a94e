package deck

import (
	"path/filepath"
	"testing"
)

// TestStateDirPerOS: the OS's own folder for an app's data, an
// EVENTDECK_STATE that replaces it everywhere, and a clear error where
// there is no folder to take.
func TestStateDirPerOS(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		goos string
		env  func(string) string
		home string
		want string
	}{
		{"linux", env(), "/home/ann", "/home/ann/.local/state/eventdeck"},
		{"linux", env("XDG_STATE_HOME", "/x/state"), "/home/ann", "/x/state/eventdeck"},
		{"linux", env("XDG_STATE_HOME", "relative"), "/home/ann", "/home/ann/.local/state/eventdeck"},
		{"freebsd", env(), "/home/ann", "/home/ann/.local/state/eventdeck"},
		{"darwin", env("XDG_STATE_HOME", "/x/state"), "/Users/ann", "/Users/ann/Library/Application Support/eventdeck"},
		{"windows", env("LocalAppData", `C:\Users\ann\AppData\Local`), `C:\Users\ann`, filepath.Join(`C:\Users\ann\AppData\Local`, "eventdeck")},
		{"linux", env(StateEnv, "/srv/table"), "/home/ann", "/srv/table"},
		{"darwin", env(StateEnv, "/srv/table"), "/Users/ann", "/srv/table"},
		{"windows", env(StateEnv, `D:\table`), `C:\Users\ann`, `D:\table`},
		{"windows", env(), `C:\Users\ann`, ""},
		{"linux", env(), "", ""},
	} {
		got, err := stateDir(c.goos, c.env, c.home)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("%s, home %q: %q, %v; want %q", c.goos, c.home, got, err, c.want)
		}
	}
}
