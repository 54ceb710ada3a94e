package serve

import (
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/eventdeck/eventdeck/ui/internal/testexec"
)

// needTools skips when a tool is missing here; on CI (where .ci/run
// installs them) a missing tool fails the test.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing: .ci/run installs it", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
}

// TestOpenSSHClientInTmux joins with the real OpenSSH client, the code
// typed at its keyboard-interactive prompt; a wrong code is refused; a
// player's key is remembered, and the next join with it asks nothing. The
// fingerprint serve shows is the one ssh-keygen prints for the key the
// client kept in known_hosts.
func TestOpenSSHClientInTmux(t *testing.T) {
	needTools(t, "ssh", "tmux")
	dir := t.TempDir()
	s := startServer(t, Config{StateDir: filepath.Join(dir, "state")})
	_, port, _ := strings.Cut(s.Addr().String(), ":")
	knownHosts := filepath.Join(dir, "known_hosts")

	socket := fmt.Sprintf("eventdeck-serve-test-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		b, err := testexec.Command(t, 20*time.Second, "tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", socket, "kill-server").Run() })

	// ssh runs the client in a new tmux window; the shell says how it
	// ended and stays, so the screen can be read after.
	n := 0
	ssh := func(user string, opts ...string) string {
		t.Helper()
		n++
		win := fmt.Sprintf("w%d", n)
		args := append([]string{"ssh", "-F", "/dev/null", "-p", port,
			"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=" + knownHosts}, opts...)
		args = append(args, "-o", "NumberOfPasswordPrompts=1", user+"@127.0.0.1") // after opts: ssh takes an option's first value
		shell := fmt.Sprintf("env TERM=xterm-256color %s; echo ssh ended $?; sleep 600", strings.Join(args, " "))
		if n == 1 {
			tmux("new-session", "-d", "-s", "t", "-n", win, "-x", "80", "-y", "24", shell)
		} else {
			tmux("new-window", "-d", "-t", "t", "-n", win, shell)
		}
		return "t:" + win
	}
	screen := func(win string) string { return tmux("capture-pane", "-p", "-t", win) }
	waitFor := func(win, what string) {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); ; {
			sc := screen(win)
			if strings.Contains(sc, what) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q never appeared; the screen:\n%s", what, sc)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	typeIn := func(win, text string) {
		tmux("send-keys", "-t", win, "-l", text)
		tmux("send-keys", "-t", win, "Enter")
	}

	noKeys := []string{"-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=keyboard-interactive"}

	w := ssh("ann", noKeys...)
	waitFor(w, "eventdeck join code:")
	typeIn(w, testCode)
	waitFor(w, "hello Ann as player in seat 1 key=false")
	tmux("send-keys", "-t", w, "q")
	waitFor(w, "ssh ended 0")

	w = ssh("bob", noKeys...)
	waitFor(w, "eventdeck join code:")
	typeIn(w, "111111")
	waitFor(w, "Permission denied")
	waitFor(w, "ssh ended 255")
	if s.Refused() != 1 {
		t.Errorf("Refused() = %d after one wrong code", s.Refused())
	}

	// Asked again after a wrong code, the client reads first that it was
	// wrong.
	w = ssh("cy", append(noKeys, "-o", "NumberOfPasswordPrompts=2")...)
	waitFor(w, "eventdeck join code:")
	typeIn(w, "222222")
	waitFor(w, wrongCodeNote)
	sc := screen(w)
	if note, ask := strings.Index(sc, wrongCodeNote), strings.LastIndex(sc, "eventdeck join code:"); ask < note || strings.Count(sc, "eventdeck join code:") != 2 {
		t.Errorf("a wrong code's note is not before the second ask:\n%s", sc)
	}
	typeIn(w, testCode)
	waitFor(w, "hello Cy as player in seat 3 key=false")
	tmux("send-keys", "-t", w, "q")
	waitFor(w, "ssh ended 0")

	// Ann's key: the first join asks the code, the next asks nothing.
	keyFile := filepath.Join(dir, "id_ann")
	writeClientKey(t, keyFile)
	withKey := []string{"-i", keyFile, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
		"-o", "PreferredAuthentications=publickey,keyboard-interactive"}
	w = ssh("ann", withKey...)
	waitFor(w, "eventdeck join code:")
	typeIn(w, testCode)
	waitFor(w, "hello Ann as player in seat 1 key=true")
	tmux("send-keys", "-t", w, "q")
	waitFor(w, "ssh ended 0")

	w = ssh("Ann", withKey...)
	waitFor(w, "hello Ann as player in seat 1 key=true")
	if sc := screen(w); strings.Contains(sc, "join code") {
		t.Errorf("a remembered key was asked for the code:\n%s", sc)
	}
	tmux("send-keys", "-t", w, "q")
	waitFor(w, "ssh ended 0")

	// ssh-keygen comes with the client; a system without it skips only
	// this check, and on CI its lack fails.
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ssh-keygen is missing: .ci/run installs it")
		}
		return
	}
	out, err := testexec.Command(t, 20*time.Second, "ssh-keygen", "-l", "-f", knownHosts).CombinedOutput()
	if err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), s.Fingerprint()+" ") {
		t.Errorf("ssh-keygen printed %q; serve shows %s", out, s.Fingerprint())
	}
}

// writeClientKey writes a new ed25519 private key for ssh -i, mode 0600.
func writeClientKey(t *testing.T, path string) {
	t.Helper()
	_, priv := newEd25519(t)
	block, err := gossh.MarshalPrivateKey(priv, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
}
