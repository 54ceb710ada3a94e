package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// TestWrongCodeSaidBeforeTheNextAsk: a client asked again on the same
// connection after a wrong code reads the instruction that it was wrong;
// the first ask has none.
func TestWrongCodeSaidBeforeTheNextAsk(t *testing.T) {
	s := startServer(t, Config{})
	var instructions []string
	typed := gossh.RetryableAuthMethod(gossh.KeyboardInteractive(func(_, instruction string, questions []string, _ []bool) ([]string, error) {
		instructions = append(instructions, instruction)
		if len(instructions) == 1 {
			return []string{"000000"}, nil
		}
		return []string{testCode}, nil
	}), 2)
	_, sc := join(t, s, "ann", typed)
	sc.waitFor(t, "hello Ann")
	if len(instructions) != 2 || instructions[0] != "" || !strings.Contains(instructions[1], "wrong code") {
		t.Errorf("the instructions read: %q", instructions)
	}
}

// TestKeyLoginsDoNotWaitForTheKeysFile: while a newcomer's key is being
// written to the remembered keys (the write held up here), a player whose
// key is remembered joins with it.
func TestKeyLoginsDoNotWaitForTheKeysFile(t *testing.T) {
	dir := t.TempDir()
	ann, bob := newKey(t), newKey(t)
	line := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(ann.PublicKey()))) + " Ann\n"
	if err := os.WriteFile(filepath.Join(dir, playersFile), []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{StateDir: dir, Listen: "127.0.0.1:0", JoinCode: testCode, Seats: func() []string { return testSeats }, Program: helloProgram})
	if err != nil {
		t.Fatal(err)
	}
	writing, release := make(chan struct{}), make(chan struct{})
	write := s.keys.write
	s.keys.write = func(path string, data []byte, perm os.FileMode) error {
		close(writing)
		<-release
		return write(path, data, perm)
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
	})
	bobIn := make(chan error, 1)
	go func() {
		c, err := dial(s, "bob", gossh.PublicKeys(bob), gossh.Password(testCode))
		if err == nil {
			c.Close()
		}
		bobIn <- err
	}()
	<-writing
	c, err := dial(s, "ann", gossh.PublicKeys(ann))
	close(release)
	if err != nil {
		t.Fatalf("Ann's remembered key waited for Bob's to be written: %v", err)
	}
	c.Close()
	if err := <-bobIn; err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, playersFile))
	if err != nil || !strings.Contains(string(b), " Ann\n") || !strings.Contains(string(b), " Bob\n") {
		t.Fatalf("the keys file holds %q, %v", b, err)
	}
}

// TestServerKeepsItsOwnLogger: serve logs to its own logger, to its file
// or nowhere; charmbracelet/log's default logger, the host program's, is
// left as it was.
func TestServerKeepsItsOwnLogger(t *testing.T) {
	before := log.Default()
	for _, path := range []string{"", filepath.Join(t.TempDir(), "serve.log")} {
		s := startServer(t, Config{LogPath: path})
		_, sc := join(t, s, "ann")
		sc.waitFor(t, "hello Ann")
		if log.Default() != before {
			t.Errorf("log path %q: serve replaced charmbracelet/log's default logger", path)
		}
	}
}

// TestPanicBuildingAScreenEndsOnlyThatSession: a panic while the screen
// is built is caught by serve's one guard: that client reads why and ends
// with status 1; nothing reaches the host's terminal; others still join.
func TestPanicBuildingAScreenEndsOnlyThatSession(t *testing.T) {
	printed := hostOutput(t)
	s := startServer(t, Config{Program: func(sess ssh.Session, who Who) tea.Model {
		if who.Name == "boom" {
			panic("boom while building")
		}
		return helloProgram(sess, who)
	}})
	_, sc := join(t, s, "boom")
	var exit *gossh.ExitError
	if err := <-sc.done; !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("the session ended with %v, want exit status 1", err)
	}
	if got := strings.TrimSpace(sc.String()); got != failedLine {
		t.Errorf("the session read %q", got)
	}
	_, sc = join(t, s, "ann")
	sc.waitFor(t, "hello Ann")
	if out := printed(); out != "" {
		t.Errorf("the host's terminal got %q", out)
	}
}
