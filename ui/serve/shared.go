package serve

import (
	"net"
	"time"
)

// Limiter is the wrong-code limiter (limit.go: per address, per /64 on
// IPv6, and for everyone), to share between the SSH server and the phone
// page, so that a guesser gains nothing by trying both.
type Limiter struct{ l *limiter }

// NewLimiter returns a limiter on the wall clock.
func NewLimiter() *Limiter { return &Limiter{newLimiter(time.Now)} }

// Left is how long code tries from remote ("host:port") stay refused; 0
// when they are taken.
func (l *Limiter) Left(remote string) time.Duration { return l.l.Left(source(hostPort(remote))) }

// Wrong counts a wrong code from remote.
func (l *Limiter) Wrong(remote string) { l.l.Wrong(source(hostPort(remote))) }

// hostPort is an address given as text.
type hostPort string

func (a hostPort) Network() string { return "tcp" }
func (a hostPort) String() string  { return string(a) }

var _ net.Addr = hostPort("")
