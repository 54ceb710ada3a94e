package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The eventdeck binary, built once for the whole test run of this package
// (it was built once per test: a link each, minutes under load) into a
// folder TestMain removes.
var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// eventdeckBinary is the eventdeck binary built from this tree, the same
// one for every test: tests must not change it.
func eventdeckBinary(t testing.TB) string {
	t.Helper()
	binary.once.Do(func() {
		if binary.dir, binary.err = os.MkdirTemp("", "eventdeck-bin-"); binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "eventdeck")
		// No testexec limit here: the build is shared, not one test's.
		binary.out, binary.err = exec.Command("go", "build", "-o", binary.path, "github.com/eventdeck/eventdeck").CombinedOutput()
	})
	if binary.err != nil {
		t.Fatalf("go build: %v\n%s", binary.err, binary.out)
	}
	return binary.path
}

// TestMain removes the binary the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}
