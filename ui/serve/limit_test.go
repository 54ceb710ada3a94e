package serve

import (
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func TestSourceGroupsIPv6ByNetwork(t *testing.T) {
	src := func(ip string) string { return source(&net.TCPAddr{IP: net.ParseIP(ip), Port: 40000}) }
	if a, b := src("2001:db8:1:2::1"), src("2001:db8:1:2:ffff:ee:dd:cc"); a != b {
		t.Errorf("two addresses of one /64 are two sources: %s, %s", a, b)
	}
	if a, b := src("2001:db8:1:2::1"), src("2001:db8:1:3::1"); a == b {
		t.Errorf("two /64 networks are one source %s", a)
	}
	if a, b := src("10.0.0.1"), src("10.0.0.2"); a == b {
		t.Errorf("two IPv4 addresses are one source %s", a)
	}
	if a, b := src("::ffff:10.0.0.1"), src("10.0.0.1"); a != b {
		t.Errorf("an IPv4 address mapped in IPv6 is another source: %s, %s", a, b)
	}
}

func TestNewAddressInTheSameNetworkStaysBlocked(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(func() time.Time { return now })
	for i := range maxWrong {
		l.Wrong(source(&net.TCPAddr{IP: net.ParseIP(fmt.Sprintf("2001:db8::%x", i+1))}))
	}
	if got := l.Blocked(source(&net.TCPAddr{IP: net.ParseIP("2001:db8::beef")})); got != blockedHere {
		t.Errorf("a fresh address in a blocked /64: %v, want blocked", got)
	}
	if got := l.Blocked(source(&net.TCPAddr{IP: net.ParseIP("2001:db8:0:1::1")})); got != notBlocked {
		t.Errorf("another /64: %v, want not blocked", got)
	}
}

func TestBlockedSourceNotForgottenInAFlood(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(func() time.Time { return now })
	for range maxWrong {
		l.Wrong("10.0.0.1")
	}
	// A second later, wrong codes from more addresses than are tracked.
	now = now.Add(time.Second)
	for i := range maxTracked + 10 {
		l.Wrong(fmt.Sprintf("172.16.%d.%d", i/256, i%256))
	}
	if len(l.addrs) > maxTracked {
		t.Errorf("%d sources tracked, at most %d", len(l.addrs), maxTracked)
	}
	// The block on all has ended; the one on 10.0.0.1 has not.
	now = now.Add(blockAllFor)
	if got := l.Blocked("10.0.0.1"); got != blockedHere {
		t.Errorf("a blocked address after a flood of others: %v, want still blocked", got)
	}
	now = time.Unix(0, 0).Add(blockFor)
	if got := l.Blocked("10.0.0.1"); got != notBlocked {
		t.Errorf("after its block: %v", got)
	}
}

func TestWrongCodesFromEverywhereBlockEveryone(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(func() time.Time { return now })
	// Spread over more than a minute, as many wrong codes block no one.
	for i := range maxWrongAll {
		l.Wrong(fmt.Sprintf("10.0.%d.1", i))
		now = now.Add(wrongWindow/(maxWrongAll-1) + time.Millisecond)
	}
	if got := l.Blocked("10.9.9.9"); got != notBlocked {
		t.Fatalf("%d wrong codes in more than a minute: %v", maxWrongAll, got)
	}
	// Within a minute, from that many addresses: every code is refused.
	now = now.Add(wrongWindow)
	for i := range maxWrongAll - 1 {
		l.Wrong(fmt.Sprintf("10.1.%d.1", i))
	}
	if got := l.Blocked("10.9.9.9"); got != notBlocked {
		t.Fatalf("%d wrong codes within a minute: %v", maxWrongAll-1, got)
	}
	l.Wrong("10.2.0.1")
	if got := l.Blocked("10.9.9.9"); got != blockedAll {
		t.Fatalf("%d wrong codes from %d addresses within a minute: %v, want everyone blocked", maxWrongAll, maxWrongAll, got)
	}
	now = now.Add(blockAllFor)
	if got := l.Blocked("10.9.9.9"); got != notBlocked {
		t.Errorf("after the block on all: %v", got)
	}
}

func TestRememberedKeyJoinsWhileCodesAreRefusedForEveryone(t *testing.T) {
	s := startServer(t, Config{})
	key := gossh.PublicKeys(newKey(t))
	c, err := dial(s, "ann", key, gossh.Password(testCode))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	for i := range maxWrongAll {
		s.limit.Wrong(fmt.Sprintf("10.0.%d.1", i))
	}

	var banner string
	_, err = gossh.Dial("tcp", s.Addr().String(), &gossh.ClientConfig{
		User: "bob", Auth: []gossh.AuthMethod{gossh.Password(testCode)},
		HostKeyCallback: gossh.FixedHostKey(s.signer.PublicKey()),
		BannerCallback:  func(msg string) error { banner = msg; return nil },
	})
	if err == nil {
		t.Fatal("the right code joined while codes are refused for everyone")
	}
	if !strings.Contains(banner, "too many wrong codes at this table") {
		t.Errorf("the refused client was told %q", banner)
	}
	if s.Refused() != 1 {
		t.Errorf("Refused() = %d, want the refusal counted", s.Refused())
	}
	_, sc := join(t, s, "ann", key)
	sc.waitFor(t, "hello Ann as player in seat 1 key=true")
}

// tryFrom tries code as the password from the loopback address ip, and
// returns the banner the server sent, if any; a try that joins fails the
// test.
func tryFrom(t *testing.T, s *Server, ip, code string) string {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	conn, err := d.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	defer conn.Close()
	var banner string
	c, _, _, err := gossh.NewClientConn(conn, s.Addr().String(), &gossh.ClientConfig{
		User: "ann", Auth: []gossh.AuthMethod{gossh.Password(code)},
		HostKeyCallback: gossh.FixedHostKey(s.signer.PublicKey()),
		BannerCallback:  func(msg string) error { banner = msg; return nil },
	})
	if err == nil {
		c.Close()
		t.Fatalf("code %s joined from %s", code, ip)
	}
	return banner
}

// TestRefusalSaysTheTimeLeft: 30 wrong codes from 6 addresses within a
// minute block codes for everyone; the refusal says the time the block
// has left, rounded up to a minute, not the block's whole length, and the
// host can read it.
func TestRefusalSaysTheTimeLeft(t *testing.T) {
	s := startServer(t, Config{})
	var skew atomic.Int64 // how far the limiter's clock is ahead
	s.limit.now = func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	for i := range maxWrongAll {
		ip := fmt.Sprintf("127.0.0.%d", 2+i/maxWrong)
		tryFrom(t, s, ip, "000000")
	}
	if d := s.CodesBlocked(); d <= blockAllFor-10*time.Second || d > blockAllFor {
		t.Errorf("CodesBlocked() = %v right after the 30th wrong code, want about %v", d, blockAllFor)
	}
	refused := func(ip, want string) {
		t.Helper()
		if banner := tryFrom(t, s, ip, testCode); strings.TrimSpace(banner) != want {
			t.Errorf("from %s the client was told %q, want %q", ip, banner, want)
		}
	}
	refused("127.0.0.20", "eventdeck: too many wrong codes at this table; try again in 2 minutes")

	skew.Store(int64(70 * time.Second))
	if d := s.CodesBlocked(); d <= 0 || d > 50*time.Second {
		t.Errorf("CodesBlocked() = %v 70s into a 2-minute block", d)
	}
	refused("127.0.0.20", "eventdeck: too many wrong codes at this table; try again in 1 minute")
	// An address blocked on its own too (5 minutes from its 5th wrong
	// code) is told when both blocks are over.
	refused("127.0.0.2", "eventdeck: too many wrong codes at this table; try again in 4 minutes")

	skew.Store(int64(blockAllFor + time.Second))
	if d := s.CodesBlocked(); d != 0 {
		t.Errorf("CodesBlocked() = %v after the block on all", d)
	}
	refused("127.0.0.2", "eventdeck: too many wrong codes from your address; try again in 3 minutes")
	if _, err := dialFrom(t, s, "127.0.0.20", "bob", gossh.Password(testCode)); err != nil {
		t.Errorf("the right code after the block on all: %v", err)
	}
}

func TestMinutesLeft(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Second:                    "1 minute",
		time.Minute:                    "1 minute",
		time.Minute + time.Millisecond: "2 minutes",
		4*time.Minute + 59*time.Second: "5 minutes",
		0:                              "1 minute",
	} {
		if got := minutesLeft(d); got != want {
			t.Errorf("minutesLeft(%v) = %q, want %q", d, got, want)
		}
	}
}
