package serve

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// publicKeyExt is where charmbracelet/ssh looks for the key a connection
// proved, to hand it out as Session.PublicKey.
const publicKeyExt = "gliderlabs/ssh.PublicKey"

var (
	errWrongCode = errors.New("wrong join code")
	errNoAuth    = errors.New("a join code is needed")
)

// newJoinCode makes a 6-digit join code. It comes from crypto/rand: it is a
// secret, not a game's choice.
func newJoinCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// authConfig is the SSH server's authentication for one connection:
//   - a public key remembered for the player the user name names lets them
//     in;
//   - a player's key not yet known is checked (the client proves it holds
//     it) and then the join code is asked; with the right code the key is
//     remembered;
//   - otherwise the join code is asked as the password or by
//     keyboard-interactive.
//
// Wrong codes are limited per source address in the code checks themselves:
// a limit in a session middleware would act only after a guess succeeded.
// Once the connection is let in, in() is called: its handshake is over.
func (s *Server) authConfig(in func()) *gossh.ServerConfig {
	let := func(p *gossh.Permissions, err error) (*gossh.Permissions, error) {
		if err == nil {
			in()
		}
		return p, err
	}
	// The connection's last code was wrong: the next time it is asked,
	// the client is told so first. Its tries come one at a time.
	wrong := false
	ask := func(c gossh.ConnMetadata, challenge gossh.KeyboardInteractiveChallenge, key gossh.PublicKey) (*gossh.Permissions, error) {
		p, err := s.askCode(c, challenge, key, wrong)
		wrong = errors.Is(err, errWrongCode)
		return let(p, err)
	}
	check := func(c gossh.ConnMetadata, code []byte, key gossh.PublicKey) (*gossh.Permissions, error) {
		p, err := s.checkCode(c, code, key)
		wrong = errors.Is(err, errWrongCode)
		return let(p, err)
	}
	cfg := &gossh.ServerConfig{
		// charmbracelet/ssh turns "no client auth" on when it sets no
		// handlers of its own; this refuses it again.
		NoClientAuth:         true,
		NoClientAuthCallback: func(gossh.ConnMetadata) (*gossh.Permissions, error) { return nil, errNoAuth },
		PasswordCallback: func(c gossh.ConnMetadata, pw []byte) (*gossh.Permissions, error) {
			return check(c, pw, nil)
		},
		KeyboardInteractiveCallback: func(c gossh.ConnMetadata, challenge gossh.KeyboardInteractiveChallenge) (*gossh.Permissions, error) {
			return ask(c, challenge, nil)
		},
	}
	cfg.PublicKeyCallback = func(c gossh.ConnMetadata, key gossh.PublicKey) (*gossh.Permissions, error) {
		who := WhoIs(c.User(), s.seats())
		if who.Role != Player {
			return nil, errNoAuth
		}
		if s.keys.Knows(who.seatName, key) {
			p := keyPermissions(key)
			p.Extensions[keySeatExt] = who.seatName // the key is this player's, whatever the seats become
			return let(p, nil)
		}
		// x/crypto/ssh verifies the client's signature before it reports
		// this partial success, so the key remembered is the client's own.
		return nil, &gossh.PartialSuccessError{Next: gossh.ServerAuthCallbacks{
			PasswordCallback: func(c gossh.ConnMetadata, pw []byte) (*gossh.Permissions, error) {
				return check(c, pw, key)
			},
			KeyboardInteractiveCallback: func(c gossh.ConnMetadata, challenge gossh.KeyboardInteractiveChallenge) (*gossh.Permissions, error) {
				return ask(c, challenge, key)
			},
		}}
	}
	return cfg
}

// keyPermissions hands the proved key on to the session.
func keyPermissions(key gossh.PublicKey) *gossh.Permissions {
	return &gossh.Permissions{Extensions: map[string]string{
		publicKeyExt: base64.StdEncoding.EncodeToString(key.Marshal()),
	}}
}

// wrongCodeNote is the keyboard-interactive instruction a client reads
// before it is asked again, after a wrong code.
const wrongCodeNote = "eventdeck: wrong code; try again."

// askCode asks for the join code by keyboard-interactive; after a wrong
// one on this connection (wrongBefore), the client reads so first.
func (s *Server) askCode(c gossh.ConnMetadata, ask gossh.KeyboardInteractiveChallenge, key gossh.PublicKey, wrongBefore bool) (*gossh.Permissions, error) {
	addr := source(c.RemoteAddr())
	if b := s.limit.Blocked(addr); b != notBlocked {
		return s.refuseBlocked(addr, b)
	}
	instruction := ""
	if wrongBefore {
		instruction = wrongCodeNote
	}
	answers, err := ask("", instruction, []string{"eventdeck join code: "}, []bool{false})
	if err != nil {
		return nil, err
	}
	if len(answers) != 1 {
		return nil, errWrongCode
	}
	return s.checkCode(c, []byte(answers[0]), key)
}

// checkCode lets the connection in when code is the join code, and then
// remembers key (when there is one) for the player the user name names.
func (s *Server) checkCode(c gossh.ConnMetadata, code []byte, key gossh.PublicKey) (*gossh.Permissions, error) {
	addr := source(c.RemoteAddr())
	if b := s.limit.Blocked(addr); b != notBlocked {
		return s.refuseBlocked(addr, b)
	}
	if subtle.ConstantTimeCompare(code, []byte(s.code)) != 1 {
		s.refused.Add(1)
		s.limit.Wrong(addr)
		s.changed()
		s.logf("wrong join code from %s as %q", c.RemoteAddr(), SafeName(c.User()))
		return nil, errWrongCode
	}
	if key == nil {
		return &gossh.Permissions{}, nil
	}
	who := WhoIs(c.User(), s.seats())
	if who.Role == Player {
		if err := s.keys.Remember(who.seatName, key); err != nil {
			s.logf("remember %s's key: %v", who.Name, err)
		}
	}
	return keyPermissions(key), nil
}

// keySeatExt is the player a connection's remembered key was checked for,
// when the key alone let it in.
const keySeatExt = "eventdeck.key-seat"

// KeySeat is the player whose remembered key alone let sess in, by their
// name at the table then; false when the join code let it in, which lets
// anyone take any seat. A screen a key let in is that player's in every
// game, whatever the seats become: the key proves who they are, not which
// seat number they typed.
func KeySeat(sess ssh.Session) (string, bool) {
	p := sess.Context().Permissions()
	if p == nil || p.Permissions == nil {
		return "", false
	}
	name, ok := p.Extensions[keySeatExt]
	return name, ok
}

// refuseBlocked refuses a code try from addr, blocked as b, and tells the
// client why and for how long: the time actually left, rounded up to a
// minute.
func (s *Server) refuseBlocked(addr string, b block) (*gossh.Permissions, error) {
	s.refused.Add(1)
	s.changed()
	why := "from your address"
	if b == blockedAll {
		why = "at this table"
	}
	msg := fmt.Sprintf("eventdeck: too many wrong codes %s; try again in %s\r\n", why, minutesLeft(s.limit.Left(addr)))
	return nil, &gossh.BannerError{Err: errWrongCode, Message: msg}
}

// minutesLeft says d in whole minutes, rounded up: "1 minute", "5 minutes".
func minutesLeft(d time.Duration) string {
	n := max(int((d+time.Minute-1)/time.Minute), 1)
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}
