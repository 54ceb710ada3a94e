package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

const testCode = "424242"

var testSeats = []string{"Ann", "Bob", "Cy"}

// hello is the trivial model every test session runs: one line saying who
// the server thinks joined; q quits; p panics in Update, c in a command,
// v in View.
type hello struct {
	who    Who
	key    bool
	broken bool
}

func (h hello) Init() tea.Cmd { return nil }

func (h hello) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch k.String() {
		case "q":
			return h, tea.Quit
		case "p":
			panic("boom")
		case "c":
			return h, tea.Batch(nil, func() tea.Msg { panic("boom in a command") })
		case "v":
			h.broken = true
		}
	}
	return h, nil
}

func (h hello) View() string {
	if h.broken {
		panic("boom in View")
	}
	return fmt.Sprintf("hello %s as %s in seat %d key=%v\n", h.who.Name, h.who.Role, h.who.Seat+1, h.key)
}

func helloProgram(sess ssh.Session, who Who) tea.Model {
	return hello{who: who, key: sess.PublicKey() != nil}
}

// startServer serves on a free loopback port with the test's code and
// seats; the server shuts down when the test ends.
func startServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	if cfg.StateDir == "" {
		cfg.StateDir = t.TempDir()
	}
	cfg.Listen = "127.0.0.1:0"
	if cfg.JoinCode == "" {
		cfg.JoinCode = testCode
	}
	if cfg.Seats == nil {
		cfg.Seats = func() []string { return testSeats }
	}
	if cfg.Program == nil {
		cfg.Program = helloProgram
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return s
}

func dial(s *Server, user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", s.Addr().String(), &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.FixedHostKey(s.signer.PublicKey()),
		Timeout:         10 * time.Second,
	})
}

// screen is one session's output as it arrives.
type screen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	sess *gossh.Session
	in   interface{ Write([]byte) (int, error) }
	done chan error
}

func (sc *screen) Write(p []byte) (int, error) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.buf.Write(p)
}

func (sc *screen) String() string {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.buf.String()
}

// waitFor waits until the screen shows what, or fails after 10 seconds.
func (sc *screen) waitFor(t *testing.T, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		if strings.Contains(sc.String(), what) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%q never appeared; the session showed %q", what, sc.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// open starts a shell with a PTY (or without one) on c.
func open(t *testing.T, c *gossh.Client, pty bool) *screen {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sc := &screen{sess: sess, done: make(chan error, 1)}
	sess.Stdout = sc
	sess.Stderr = sc
	if sc.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if pty {
		if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { sc.done <- sess.Wait() }()
	return sc
}

// join dials as user with the password and opens a PTY session.
func join(t *testing.T, s *Server, user string, auth ...gossh.AuthMethod) (*gossh.Client, *screen) {
	t.Helper()
	if len(auth) == 0 {
		auth = []gossh.AuthMethod{gossh.Password(testCode)}
	}
	c, err := dial(s, user, auth...)
	if err != nil {
		t.Fatalf("join as %s: %v", user, err)
	}
	t.Cleanup(func() { c.Close() })
	return c, open(t, c, true)
}

func TestJoinWithCodeAsPasswordOrTyped(t *testing.T) {
	s := startServer(t, Config{})
	_, sc := join(t, s, "ann")
	sc.waitFor(t, "hello Ann as player in seat 1 key=false")

	typed := gossh.KeyboardInteractive(func(_, _ string, questions []string, _ []bool) ([]string, error) {
		if len(questions) != 1 || !strings.Contains(questions[0], "join code") {
			return nil, fmt.Errorf("asked %q", questions)
		}
		return []string{testCode}, nil
	})
	_, sc = join(t, s, "BOB", typed)
	sc.waitFor(t, "hello Bob as player in seat 2")
	if s.Refused() != 0 {
		t.Errorf("refused %d tries with the right code", s.Refused())
	}
}

func TestWrongCodeRefused(t *testing.T) {
	s := startServer(t, Config{})
	if _, err := dial(s, "ann", gossh.Password("000000")); err == nil {
		t.Fatal("a wrong code joined")
	}
	if _, err := dial(s, "ann"); err == nil {
		t.Fatal("joined with no code at all")
	}
	if s.Refused() != 1 {
		t.Errorf("Refused() = %d after one wrong code", s.Refused())
	}
}

func TestSixthTryInAMinuteRefusedEvenWithTheRightCode(t *testing.T) {
	s := startServer(t, Config{})
	for i := range maxWrong {
		if _, err := dial(s, "ann", gossh.Password(fmt.Sprintf("00000%d", i))); err == nil {
			t.Fatal("a wrong code joined")
		}
	}
	_, err := dial(s, "ann", gossh.Password(testCode))
	if err == nil {
		t.Fatal("the right code joined from an address with 5 wrong codes this minute")
	}
	if s.Refused() != maxWrong+1 {
		t.Errorf("Refused() = %d, want %d", s.Refused(), maxWrong+1)
	}
}

func TestLimiterForgetsAfterTheBlock(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(func() time.Time { return now })
	for range maxWrong - 1 {
		l.Wrong("10.0.0.1")
	}
	if l.Blocked("10.0.0.1") != notBlocked {
		t.Fatal("blocked after 4 wrong codes")
	}
	now = now.Add(wrongWindow)
	l.Wrong("10.0.0.1")
	if l.Blocked("10.0.0.1") != notBlocked {
		t.Fatal("blocked for wrong codes more than a minute apart")
	}
	for range maxWrong - 1 {
		l.Wrong("10.0.0.1")
	}
	if l.Blocked("10.0.0.1") != blockedHere || l.Blocked("10.0.0.2") != notBlocked {
		t.Fatal("5 wrong codes in a minute block that address, and only that one")
	}
	now = now.Add(blockFor)
	if l.Blocked("10.0.0.1") != notBlocked {
		t.Fatal("still blocked after the block ran out")
	}
}

func newEd25519(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv := newEd25519(t)
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

func TestPlayersKeyRememberedThenRejoinWithoutCode(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, Config{StateDir: dir})
	key := newKey(t)
	onlyKey := gossh.PublicKeys(key)

	if _, err := dial(s, "ann", onlyKey); err == nil {
		t.Fatal("an unknown key joined without the code")
	}
	_, sc := join(t, s, "ann", onlyKey, gossh.Password(testCode))
	sc.waitFor(t, "hello Ann as player in seat 1 key=true")

	info, err := os.Stat(filepath.Join(dir, playersFile))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("players' keys have mode %04o, want 0600", info.Mode().Perm())
	}

	_, sc = join(t, s, "ANN", onlyKey)
	sc.waitFor(t, "hello Ann as player in seat 1 key=true")
	_, sc = join(t, s, "1", onlyKey)
	sc.waitFor(t, "hello Ann as player in seat 1")
	if _, err := dial(s, "bob", onlyKey); err == nil {
		t.Error("Ann's key let Bob in without the code")
	}
	if _, err := dial(s, "ann", gossh.PublicKeys(newKey(t))); err == nil {
		t.Error("another key joined as Ann without the code")
	}

	// A viewer's key is not remembered.
	viewerKey := gossh.PublicKeys(newKey(t))
	_, sc = join(t, s, "zed", viewerKey, gossh.Password(testCode))
	sc.waitFor(t, "hello zed as viewer")
	if _, err := dial(s, "zed", viewerKey); err == nil {
		t.Error("a viewer's key was remembered")
	}

	// The next night: the same host key, and Ann's key still known.
	next := startServer(t, Config{StateDir: dir, JoinCode: "999999"})
	if next.Fingerprint() != s.Fingerprint() {
		t.Errorf("host key changed between serves: %s, then %s", s.Fingerprint(), next.Fingerprint())
	}
	_, sc = join(t, next, "ann", onlyKey)
	sc.waitFor(t, "hello Ann as player in seat 1 key=true")
}

func TestUnknownUserJoinsAsViewerUnderACleanName(t *testing.T) {
	s := startServer(t, Config{})
	_, sc := join(t, s, "zed\x1b[31m\u202eevil\x07")
	sc.waitFor(t, "hello zed[31mevil as viewer in seat 0")
	_, sc = join(t, s, "2")
	sc.waitFor(t, "hello Bob as player in seat 2")
	_, sc = join(t, s, "4")
	sc.waitFor(t, "hello 4 as viewer")
}

func TestNoPTYRefusedInOneLine(t *testing.T) {
	s := startServer(t, Config{})
	c, err := dial(s, "ann", gossh.Password(testCode))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sc := open(t, c, false)
	if err := <-sc.done; err == nil {
		t.Error("a session without a terminal ended with success")
	}
	if got := strings.TrimSpace(sc.String()); strings.Count(got, "\n") != 0 || !strings.Contains(got, "PTY") {
		t.Errorf("without a terminal the session showed %q", got)
	}
}

func TestSeventeenthSessionRefused(t *testing.T) {
	s := startServer(t, Config{})
	var conns []*gossh.Client
	for i := range DefaultMaxSessions {
		if i%maxScreensPerConn == 0 {
			c, err := dial(s, "ann", gossh.Password(testCode))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			conns = append(conns, c)
		}
		open(t, conns[len(conns)-1], true).waitFor(t, "hello Ann")
		if s.Sessions() != i+1 {
			t.Fatalf("Sessions() = %d with %d open", s.Sessions(), i+1)
		}
	}
	other, sc := join(t, s, "bob")
	var exit *gossh.ExitError
	if err := <-sc.done; !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("the 17th session ended with %v, want exit status 1", err)
	}
	if got := strings.TrimSpace(sc.String()); got != "eventdeck: the table is full (16 screens open); try again later" {
		t.Errorf("the 17th session showed %q", got)
	}
	if s.Full() != 1 {
		t.Errorf("Full() = %d", s.Full())
	}
	other.Close()

	// One leaves: there is room again.
	conns[0].Close()
	waitUntil(t, "two sessions closed", func() bool { return s.Sessions() == DefaultMaxSessions-maxScreensPerConn })
	_, sc = join(t, s, "cy")
	sc.waitFor(t, "hello Cy")
}

// hostOutput catches what reaches the host's stdout and stderr until the
// test ends: with the host's table on that terminal, nothing may.
func hostOutput(t *testing.T) func() string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = w, w
	var got bytes.Buffer
	copied := make(chan struct{})
	go func() {
		_, _ = got.ReadFrom(r)
		close(copied)
	}()
	restore := sync.OnceFunc(func() {
		os.Stdout, os.Stderr = stdout, stderr
		w.Close()
		<-copied
		r.Close()
	})
	t.Cleanup(restore)
	return func() string {
		restore()
		return got.String()
	}
}

func TestPanicInOneSessionLeavesTheOthers(t *testing.T) {
	printed := hostOutput(t)
	s := startServer(t, Config{})
	_, calm := join(t, s, "ann")
	calm.waitFor(t, "hello Ann")
	for _, key := range []string{"p", "c", "v"} {
		_, sc := join(t, s, "bob")
		sc.waitFor(t, "hello Bob")
		if _, err := sc.in.Write([]byte(key)); err != nil {
			t.Fatal(err)
		}
		<-sc.done
	}
	_, sc := join(t, s, "cy")
	sc.waitFor(t, "hello Cy")
	if _, err := calm.in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	if err := <-calm.done; err != nil {
		t.Errorf("Ann's session ended with %v after Bob's panicked", err)
	}
	if out := printed(); out != "" {
		t.Errorf("the host's terminal got %q", out)
	}
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestGoroutinesBackToBaselineAfterAllDisconnect(t *testing.T) {
	before := runtime.NumGoroutine()
	s, err := New(Config{StateDir: t.TempDir(), Listen: "127.0.0.1:0", JoinCode: testCode, Seats: func() []string { return testSeats }, Program: helloProgram})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	serving := runtime.NumGoroutine()

	var clients []*gossh.Client
	for _, user := range []string{"ann", "bob", "cy", "zed", "2"} {
		c, sc := join(t, s, user)
		sc.waitFor(t, "hello")
		clients = append(clients, c)
	}
	left, sc := join(t, s, "ann")
	sc.waitFor(t, "hello")
	if _, err := sc.in.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	<-sc.done
	left.Close()
	for _, c := range clients {
		c.Close()
	}
	waitUntil(t, fmt.Sprintf("goroutines back to %d with the server up (now %d)", serving, runtime.NumGoroutine()),
		func() bool { return runtime.NumGoroutine() <= serving })

	// Shutdown closes sessions still open, and leaves nothing behind.
	for range 3 {
		_, sc := join(t, s, "bob")
		sc.waitFor(t, "hello Bob")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := dial(s, "ann", gossh.Password(testCode)); err == nil {
		t.Error("joined after Shutdown")
	}
	waitUntil(t, fmt.Sprintf("goroutines back to %d after Shutdown (now %d)", before, runtime.NumGoroutine()),
		func() bool { return runtime.NumGoroutine() <= before })
}

func TestJoinCommandAndFingerprint(t *testing.T) {
	s := startServer(t, Config{})
	_, port, _ := strings.Cut(s.Addr().String(), ":")
	if got, want := s.JoinCommand("ann", "table.local"), "ssh -p "+port+" ann@table.local"; got != want {
		t.Errorf("JoinCommand = %q, want %q", got, want)
	}
	if fp := s.Fingerprint(); !strings.HasPrefix(fp, "SHA256:") || len(fp) != len("SHA256:")+43 {
		t.Errorf("Fingerprint = %q", fp)
	}
	if code := s.JoinCode(); code != testCode {
		t.Errorf("JoinCode = %q", code)
	}
}

func TestNewJoinCodeEachServe(t *testing.T) {
	dir := t.TempDir()
	seen := map[string]bool{}
	for range 5 {
		s, err := New(Config{StateDir: dir, Program: helloProgram})
		if err != nil {
			t.Fatal(err)
		}
		code := s.JoinCode()
		if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
			t.Errorf("join code %q is not 6 digits", code)
		}
		seen[code] = true
	}
	if len(seen) < 2 {
		t.Errorf("5 serves all made the code %v", seen)
	}
	if _, err := New(Config{StateDir: dir, Program: helloProgram, JoinCode: "12\x1b[3"}); err == nil {
		t.Error("a join code with an escape was taken")
	}
}

func TestHostKeyKeptPrivateAndNeverReplaced(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, Config{StateDir: dir})
	path := filepath.Join(dir, hostKeyFile)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("host key has mode %04o, want 0600", info.Mode().Perm())
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{StateDir: dir, Program: helloProgram}); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a host key others may read was taken: %v", err)
	}
	if err := os.WriteFile(path, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{StateDir: dir, Program: helloProgram}); err == nil {
		t.Error("a broken host key was taken")
	}
	if after, _ := os.ReadFile(path); string(after) != "not a key" {
		t.Error("a broken host key was replaced")
	}
	if s.Fingerprint() == "" {
		t.Error("no fingerprint")
	}
}

func TestIdleSessionClosed(t *testing.T) {
	s := startServer(t, Config{IdleTimeout: 300 * time.Millisecond})
	_, sc := join(t, s, "ann")
	sc.waitFor(t, "hello Ann")
	select {
	case <-sc.done:
	case <-time.After(10 * time.Second):
		t.Fatal("an idle session stayed open")
	}
}

func TestStartContextEndsServing(t *testing.T) {
	s, err := New(Config{StateDir: t.TempDir(), Listen: "127.0.0.1:0", JoinCode: testCode, Program: helloProgram})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Start(ctx); err != nil {
		t.Fatal(err)
	}
	_, sc := join(t, s, "zed")
	sc.waitFor(t, "hello zed")
	cancel()
	<-sc.done
	if _, err := dial(s, "zed", gossh.Password(testCode)); err == nil {
		t.Error("joined after the context ended")
	}
	if err := s.Shutdown(context.Background()); err != nil {
		t.Error(err)
	}
}

func TestLogHasNoEscapesFromClients(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serve.log")
	s := startServer(t, Config{LogPath: path})
	_, sc := join(t, s, "mallory\x1b]0;pwned\x07")
	sc.waitFor(t, "hello mallory")
	if _, err := dial(s, "eve\x1b[2J", gossh.Password("0")); err == nil {
		t.Fatal("a wrong code joined")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "mallory") || !strings.Contains(string(b), "wrong join code") {
		t.Errorf("the log misses the join or the wrong code:\n%s", b)
	}
	if strings.ContainsAny(string(b), "\x1b\x07") {
		t.Errorf("the log holds escapes: %q", b)
	}
}

// TestRendererFollowsTheClientsTerminal styles with the session's own
// renderer: colours for a client whose TERM has them, none for a dumb one,
// and the screen comes up before the client types anything.
func TestRendererFollowsTheClientsTerminal(t *testing.T) {
	s := startServer(t, Config{Program: func(sess ssh.Session, who Who) tea.Model {
		r := Renderer(sess)
		return styled{text: r.NewStyle().Foreground(lipgloss.Color("5")).Render("hello " + who.Name)}
	}})
	for _, tc := range []struct {
		term   string
		colour bool
	}{{"xterm-256color", true}, {"dumb", false}} {
		c, err := dial(s, "ann", gossh.Password(testCode))
		if err != nil {
			t.Fatal(err)
		}
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		sc := &screen{sess: sess, done: make(chan error, 1)}
		sess.Stdout = sc
		if err := sess.RequestPty(tc.term, 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if err := sess.Shell(); err != nil {
			t.Fatal(err)
		}
		sc.waitFor(t, "hello Ann")
		if got := strings.Contains(sc.String(), "\x1b[35mhello Ann"); got != tc.colour {
			t.Errorf("TERM=%s: coloured %v, want %v; the screen %q", tc.term, got, tc.colour, sc.String())
		}
		c.Close()
	}
}

type styled struct{ text string }

func (m styled) Init() tea.Cmd                       { return nil }
func (m styled) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m styled) View() string                        { return m.text }

// TestSessionsGetTheirOwnSize: a session's model learns its terminal's
// size at the start and on every resize.
func TestSessionsGetTheirOwnSize(t *testing.T) {
	s := startServer(t, Config{Program: func(ssh.Session, Who) tea.Model { return sized{} }})
	_, sc := join(t, s, "ann")
	sc.waitFor(t, "size 80x24")
	if err := sc.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	sc.waitFor(t, "size 100x30")
}

type sized struct{ w, h int }

func (m sized) Init() tea.Cmd { return nil }

func (m sized) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = s.Width, s.Height
	}
	return m, nil
}

func (m sized) View() string { return fmt.Sprintf("size %dx%d", m.w, m.h) }
