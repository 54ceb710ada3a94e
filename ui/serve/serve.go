// Package serve runs eventdeck's SSH server: each SSH session is a Bubble
// Tea program of its own (built with charmbracelet/wish), and who it is —
// a seated player or a viewer — comes from the SSH user name. The model
// each session runs comes from Config.Program, so the table session they
// all attach to stays outside this package.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Defaults for the fields of Config left zero.
const (
	DefaultListen      = ":2222"
	DefaultMaxSessions = 16
	DefaultIdleTimeout = 30 * time.Minute
	// DefaultHandshakeTimeout is how long a connection has to log in.
	DefaultHandshakeTimeout = 30 * time.Second
	// DefaultSilentTimeout is how long a connection that has sent nothing
	// is kept: an ssh client speaks first, at once.
	DefaultSilentTimeout = 5 * time.Second
)

// LogEnv names the environment variable that, set to a file path, makes
// serve log connections and failures to that file. Nothing is logged
// otherwise: the host's own terminal shows its table.
const LogEnv = "EVENTDECK_SSH_LOG"

// Config says how to serve.
type Config struct {
	Listen      string          // address to listen on; DefaultListen when empty
	StateDir    string          // keeps the host key and players' keys (0600)
	JoinCode    string          // "" makes a new 6-digit code
	Seats       func() []string // the players' names, in seat order, as the table has them now
	IdleTimeout time.Duration   // a screen without a key or a change to the game this long is closed; 0: DefaultIdleTimeout; below 0: never
	MaxSessions int             // sessions open at once; 0: DefaultMaxSessions
	LogPath     string          // "" logs nothing; see LogEnv

	// HandshakeTimeout closes a connection not logged in by then, idle or
	// not; 0 or below: DefaultHandshakeTimeout.
	HandshakeTimeout time.Duration
	// SilentTimeout closes sooner a connection that has sent nothing at
	// all; 0 or below: DefaultSilentTimeout.
	SilentTimeout time.Duration

	// Program builds the model one session runs. It is called once per
	// session, on that session's goroutine.
	Program func(sess ssh.Session, who Who) tea.Model

	// Goodbye is the line (or lines) each joined screen is sent, its terminal
	// restored, when the host ends the game: at Shutdown (or the end of
	// Start's context), or when its program quits while GameEnded reports
	// true. "": DefaultGoodbye.
	Goodbye string
	// GameEnded reports whether the host has ended the game; nil: only
	// Shutdown ends it.
	GameEnded func() bool
	// Limiter counts wrong codes; share one with the phone page. nil: the
	// server's own.
	Limiter *Limiter
}

// Server is eventdeck's SSH server. Make one with New, then Start it.
type Server struct {
	cfg    Config
	code   string
	signer gossh.Signer
	keys   *playerKeys
	limit  *limiter
	log    logger
	logOut io.Closer

	ssh      *ssh.Server
	listener net.Listener
	conns    *connSet

	refused  atomic.Int64 // tries refused: wrong codes, blocked addresses
	full     atomic.Int64 // sessions refused because the table was full
	sessions atomic.Int64 // sessions open now
	open     sync.WaitGroup
	stop     chan struct{}
	stopOnce sync.Once
	ending   chan struct{} // closed when the host ends the game: every screen says Goodbye
	endOnce  sync.Once
	changes  chan struct{} // a figure changed (Changes)
}

// New checks cfg, loads or makes the host key in cfg.StateDir, and reads
// the players' keys remembered there. It does not listen yet.
func New(cfg Config) (*Server, error) {
	if cfg.Program == nil {
		return nil, errors.New("serve: no program for the sessions")
	}
	if cfg.StateDir == "" {
		return nil, errors.New("serve: no state folder")
	}
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if cfg.SilentTimeout <= 0 {
		cfg.SilentTimeout = DefaultSilentTimeout
	}
	if cfg.IdleTimeout < 0 {
		cfg.IdleTimeout = 0
	}
	if cfg.Goodbye == "" {
		cfg.Goodbye = DefaultGoodbye
	} else if !printable(strings.ReplaceAll(cfg.Goodbye, "\n", "")) {
		return nil, errors.New("serve: a goodbye is lines of printable characters only")
	}
	code := cfg.JoinCode
	if code == "" {
		var err error
		if code, err = newJoinCode(); err != nil {
			return nil, err
		}
	} else if len(code) > 64 || !printable(code) {
		return nil, errors.New("serve: a join code is at most 64 printable characters")
	}
	if err := os.MkdirAll(cfg.StateDir, 0o700); err != nil {
		return nil, err
	}
	signer, err := loadHostKey(cfg.StateDir)
	if err != nil {
		return nil, err
	}
	keys, err := loadPlayerKeys(cfg.StateDir)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:     cfg,
		code:    code,
		signer:  signer,
		keys:    keys,
		limit:   newLimiter(time.Now),
		stop:    make(chan struct{}),
		ending:  make(chan struct{}),
		changes: make(chan struct{}, 1),
	}
	if cfg.Limiter != nil {
		s.limit = cfg.Limiter.l
	}
	if s.log, s.logOut, err = openLog(cfg.LogPath); err != nil {
		return nil, err
	}
	if s.ssh, err = s.newSSH(); err != nil {
		s.closeLog()
		return nil, err
	}
	return s, nil
}

// Start listens and serves in the background until ctx ends or Shutdown.
// An address that cannot be listened on is an error here.
func (s *Server) Start(ctx context.Context) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	s.listener = ln
	s.open.Add(2)
	go func() {
		defer s.open.Done()
		err := s.ssh.Serve(ln)
		if err != nil && !errors.Is(err, ssh.ErrServerClosed) {
			s.logf("serve: %v", err)
		}
	}()
	go func() {
		defer s.open.Done()
		select {
		case <-ctx.Done():
			s.sayGoodbye(context.Background())
			s.closeAll()
		case <-s.stop:
		}
	}()
	return nil
}

// Shutdown ends the game for every joined screen: its program quits, so
// the client's terminal is restored, and it is sent Config.Goodbye. Then
// Shutdown stops listening, closes every connection, and waits until all
// of serve's goroutines are gone or ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	s.sayGoodbye(ctx)
	s.closeAll()
	done := make(chan struct{})
	go func() {
		s.open.Wait()
		close(done)
	}()
	select {
	case <-done:
		s.closeLog()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// goodbyeWait bounds the wait for the screens to say goodbye: a client
// that reads nothing does not hold up the host's exit.
const goodbyeWait = 2 * time.Second

// sayGoodbye tells every screen the host ended the game, and waits until
// all have closed, or goodbyeWait has passed, or ctx ends. No connection
// is let in from then on.
func (s *Server) sayGoodbye(ctx context.Context) {
	s.endOnce.Do(func() {
		s.conns.refuseNew()
		close(s.ending)
	})
	wait := time.NewTimer(goodbyeWait)
	defer wait.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for s.Sessions() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-wait.C:
			return
		case <-tick.C:
		}
	}
}

// closeAll closes the listener and every connection, once.
func (s *Server) closeAll() {
	s.stopOnce.Do(func() {
		close(s.stop)
		_ = s.ssh.Close()
		// Closed here too: ssh.Server.Close misses a listener its Serve
		// has not yet registered.
		if s.listener != nil {
			_ = s.listener.Close()
		}
		s.conns.closeAll()
	})
}

// Addr is the address the server listens on (after Start).
func (s *Server) Addr() net.Addr {
	if s.listener == nil {
		return nil
	}
	return s.listener.Addr()
}

// JoinCode is the code a newcomer types.
func (s *Server) JoinCode() string { return s.code }

// Fingerprint is the host key's SHA256 fingerprint as ssh-keygen -l and
// ssh print it ("SHA256:…"), for the host's screen.
func (s *Server) Fingerprint() string {
	return gossh.FingerprintSHA256(s.signer.PublicKey())
}

// JoinCommand is the command a player types to join as user, with host the
// name or address of this machine on the table's network.
func (s *Server) JoinCommand(user, host string) string {
	port := "22"
	if a, ok := s.Addr().(*net.TCPAddr); ok {
		port = strconv.Itoa(a.Port)
	} else if _, p, err := net.SplitHostPort(s.cfg.Listen); err == nil {
		port = p
	}
	target := user + "@" + host
	if port == "22" {
		return "ssh " + target
	}
	return "ssh -p " + port + " " + target
}

// Refused counts the tries refused so far: wrong codes, and tries from an
// address blocked for too many of them.
func (s *Server) Refused() int { return int(s.refused.Load()) }

// CodesBlocked is how long every join code stays refused, from every
// address, after too many wrong codes from all of them (a remembered key
// still joins); 0 while codes are taken.
func (s *Server) CodesBlocked() time.Duration { return s.limit.LeftForAll() }

// Full counts the sessions refused because MaxSessions were open.
func (s *Server) Full() int { return int(s.full.Load()) }

// Sessions is the number of sessions open now.
func (s *Server) Sessions() int { return int(s.sessions.Load()) }

// Changes receives when Refused, Full, Sessions or CodesBlocked may have
// changed, at once: the host's screen shows them as they are. Changes
// that come together are told once. (A block ending is not told: it ends
// with time.)
func (s *Server) Changes() <-chan struct{} { return s.changes }

// changed tells Changes, never waiting.
func (s *Server) changed() {
	select {
	case s.changes <- struct{}{}:
	default:
	}
}

// printable reports whether s holds only printable characters.
func printable(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) })
}

// seats are the players' names now; none before the table has a game.
func (s *Server) seats() []string {
	if s.cfg.Seats == nil {
		return nil
	}
	return s.cfg.Seats()
}
