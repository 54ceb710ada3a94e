package serve

import (
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	"github.com/charmbracelet/wish/logging"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"
)

// newSSH builds the wish server: the host key, authentication, timeouts,
// a bound on connections, and the middlewares every session runs through.
func (s *Server) newSSH() (*ssh.Server, error) {
	conns := newConnSet(4*s.cfg.MaxSessions, 2*s.cfg.MaxSessions, &s.open)
	s.conns = conns
	return wish.NewServer(
		wish.WithAddress(s.cfg.Listen),
		wish.WithIdleTimeout(s.idleBackstop()),
		func(srv *ssh.Server) error {
			srv.AddHostKey(s.signer)
			// The context is the connection's own, from its first byte:
			// it carries the tracked connection to its authentication and
			// to its channels.
			srv.ConnCallback = func(ctx ssh.Context, c net.Conn) net.Conn {
				now := time.Now()
				tc := conns.track(c, now.Add(s.cfg.HandshakeTimeout), now.Add(s.cfg.SilentTimeout))
				if tc == nil {
					s.logf("refused a connection from %s: too many open, or not yet logged in from there", c.RemoteAddr())
					return nil
				}
				ctx.SetValue(connKey{}, tc)
				return tc
			}
			srv.ServerConfigCallback = func(ctx ssh.Context) *gossh.ServerConfig {
				loggedIn := func() {}
				if tc, ok := ctx.Value(connKey{}).(*trackedConn); ok {
					loggedIn = tc.loggedIn
				}
				return s.authConfig(loggedIn)
			}
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": screensPerConn(ssh.DefaultSessionHandler)}
			return nil
		},
		wish.WithMiddleware(
			// Run from the last to the first: logging, the bound on
			// sessions, the PTY check, and the Bubble Tea program, whose
			// guard is serve's one panic guard.
			s.runProgram,
			activeterm.Middleware(),
			s.bound,
			logging.MiddlewareWithLogger(s.log),
		),
	)
}

// idleBackstop is how long a connection may be silent: IdleTimeout closes
// each screen without a key, and says why; this closes a connection with
// no screen, or whose client stopped reading. 0: never.
func (s *Server) idleBackstop() time.Duration {
	if s.cfg.IdleTimeout <= 0 {
		return 0
	}
	return s.cfg.IdleTimeout + idleGrace
}

// bound counts the session in and refuses it when MaxSessions are open.
func (s *Server) bound(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		s.open.Add(1)
		defer s.open.Done()
		n := s.sessions.Add(1)
		s.changed()
		defer s.changed()
		defer s.sessions.Add(-1)
		if n > int64(s.cfg.MaxSessions) {
			s.full.Add(1)
			wish.Fatalln(sess, fmt.Sprintf("eventdeck: the table is full (%d screens open); try again later", s.cfg.MaxSessions))
			return
		}
		next(sess)
	}
}

// Renderer is a lipgloss renderer for one session: its colours come from
// the session's own TERM and environment, not the host's. Unlike
// wish/bubbletea.MakeRenderer it does not ask the client's terminal for its
// background: when the terminal does not answer, that question waits until
// the client types, and the key typed is lost. The background is taken as
// dark; a model may SetHasDarkBackground.
func Renderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, _ := sess.Pty()
	env := sessionEnv(append(sess.Environ(), "TERM="+pty.Term))
	return lipgloss.NewRenderer(sess,
		termenv.WithEnvironment(env),
		// The session is no *os.File, yet a terminal is at its far end.
		termenv.WithTTY(true),
		termenv.WithColorCache(true))
}

// sessionEnv is a session's environment as termenv reads it.
type sessionEnv []string

func (e sessionEnv) Environ() []string { return e }

func (e sessionEnv) Getenv(key string) string {
	v := ""
	for _, kv := range e {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val // the last one wins, as TERM is appended
		}
	}
	return v
}
