package deck

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestStateDirPerOS: the OS's own folder for an app's data, an
// EVENTDECK_STATE that replaces it everywhere, and a clear error where
// there is no folder to take. stateDir reads and joins paths as the OS it
// runs on does (filepath): on Windows, which reads "/x/state" as no
// absolute path and joins with \, only Windows' rows are checked
// (TestStateDirHere checks each OS's folders as it writes them).
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
		if runtime.GOOS == "windows" && c.goos != "windows" {
			continue // Unix paths, which Windows' filepath does not read as Unix does
		}
		got, err := stateDir(c.goos, c.env, c.home)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("%s, home %q: %q, %v; want %q", c.goos, c.home, got, err, c.want)
		}
	}
}

// TestStateDirHere: on the OS the test runs on, StateDir and ConfigDir are
// that OS's own folders, written as it writes paths: on Windows
// %LocalAppData%\eventdeck for the saves and %AppData%\eventdeck for the
// settings; on macOS ~/Library/Application Support/eventdeck for both;
// elsewhere $XDG_STATE_HOME/eventdeck and $XDG_CONFIG_HOME/eventdeck.
func TestStateDirHere(t *testing.T) {
	t.Setenv(StateEnv, "")
	var state, config string
	switch runtime.GOOS {
	case "windows":
		t.Setenv("LocalAppData", `C:\Users\ann\AppData\Local`)
		t.Setenv("AppData", `C:\Users\ann\AppData\Roaming`)
		state, config = `C:\Users\ann\AppData\Local\eventdeck`, `C:\Users\ann\AppData\Roaming\eventdeck`
	case "darwin", "ios":
		t.Setenv("HOME", "/Users/ann")
		state = "/Users/ann/Library/Application Support/eventdeck"
		config = state
	default:
		t.Setenv("XDG_STATE_HOME", "/x/state")
		t.Setenv("XDG_CONFIG_HOME", "/x/config")
		state, config = "/x/state/eventdeck", "/x/config/eventdeck"
	}
	if got, err := StateDir(); got != state || err != nil {
		t.Errorf("StateDir: %q, %v; want %q", got, err, state)
	}
	if got, err := ConfigDir(); got != config || err != nil {
		t.Errorf("ConfigDir: %q, %v; want %q", got, err, config)
	}
}
