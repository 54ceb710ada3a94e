package serve

import (
	"fmt"
	"net"
	"strings"
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
