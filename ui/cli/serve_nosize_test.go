package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestTerminalWithoutASizeToldTooSmall: the real OpenSSH client with no
// terminal of its own (ssh -tt, its input a pipe) asks for a 0×0 one; the
// served table tells it the terminal is too small, rather than sending a
// blank screen, and ctrl+c still leaves.
func TestTerminalWithoutASizeToldTooSmall(t *testing.T) {
	if _, err := exec.LookPath("ssh"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ssh is missing: .ci/run installs it")
		}
		t.Skip("ssh is not installed")
	}
	st := serveTable(t)
	defer st.shutdown(t)
	dir := t.TempDir()
	askpass := filepath.Join(dir, "askpass")
	if err := os.WriteFile(askpass, []byte("#!/bin/sh\necho "+loadCode+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(st.srv.Addr().String(), ":")
	cmd := command(t, 30*time.Second, "ssh", "-F", "/dev/null", "-p", port, "-tt",
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile="+filepath.Join(dir, "known_hosts"),
		"-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=keyboard-interactive", "-o", "NumberOfPasswordPrompts=1",
		"guest@127.0.0.1")
	cmd.Env = append(os.Environ(), "SSH_ASKPASS="+askpass, "SSH_ASKPASS_REQUIRE=force")
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(15 * time.Second); !strings.Contains(out.String(), "terminal too small"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no note that the terminal is too small; the client got %q", out.String())
		}
	}
	if !strings.Contains(out.String(), "now 0×0") {
		t.Errorf("the note does not say the size: %q", out.String())
	}
	if _, err := in.Write([]byte{3}); err != nil { // ctrl+c
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("ssh ended with %v: %q", err, out.String())
	}
}

// lockedBuffer is a program's output as it comes, read while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
