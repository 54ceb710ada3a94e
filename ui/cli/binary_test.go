package cli

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
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
	env  []string // the environment the test binary started with
}

// eventdeckBinary is the eventdeck binary built from this tree, the same
// one for every test: tests must not change it.
func eventdeckBinary(t testing.TB) string {
	t.Helper()
	binary.once.Do(buildBinary)
	if binary.err != nil {
		t.Fatalf("go build: %v\n%s", binary.err, binary.out)
	}
	return binary.path
}

// buildBinary builds the eventdeck binary into a new temporary folder.
func buildBinary() {
	if binary.dir, binary.err = os.MkdirTemp("", "eventdeck-bin-"); binary.err != nil {
		return
	}
	binary.path = filepath.Join(binary.dir, "eventdeck")
	// No testexec limit here: the build is shared, not one test's.
	cmd := exec.Command("go", "build", "-o", binary.path, "github.com/eventdeck/eventdeck")
	cmd.Env = binary.env // not a test's t.Setenv (XDG_CONFIG_HOME moves go env's settings)
	binary.out, binary.err = cmd.CombinedOutput()
}

// waitingTests is how many of this package's parallel tests run at once
// unless -parallel says: they drive the built binary in a terminal, a
// tmux server or an OpenSSH client and mostly wait on what those show, so
// more of them than cores keeps the cores busy.
const waitingTests = 4

// TestMain builds the binary beside the first tests, runs the waiting
// tests waitingTests at a time, and removes the binary.
func TestMain(m *testing.M) {
	binary.env = os.Environ()
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given && runtime.GOMAXPROCS(0) < waitingTests {
		_ = flag.Set("test.parallel", strconv.Itoa(waitingTests))
	}
	// In a whole run the binary builds while the tests that need none run.
	// Not in a run of chosen tests: this test binary also runs as another
	// eventdeck in some tests (-test.run=^…$), which ends with os.Exit and
	// would leave a build running.
	built := make(chan struct{})
	go func() {
		defer close(built)
		if !testing.Short() && flag.Lookup("test.run").Value.String() == "" {
			binary.once.Do(buildBinary)
		}
	}()
	code := m.Run()
	<-built
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}
