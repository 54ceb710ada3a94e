package web

import (
	"net/netip"
	"testing"
)

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

// The address on the QR code: up, not loopback, IPv4, private first.
func TestLANAddress(t *testing.T) {
	for _, tt := range []struct {
		name   string
		ifaces []Iface
		want   string
	}{
		{"none", nil, ""},
		{"loopback only", []Iface{{Up: true, Loopback: true, Addrs: addrs("127.0.0.1")}}, ""},
		{"private after public", []Iface{
			{Up: true, Addrs: addrs("203.0.113.7", "fe80::1")},
			{Up: true, Addrs: addrs("192.168.1.20")},
		}, "192.168.1.20"},
		{"down is no candidate", []Iface{
			{Up: false, Addrs: addrs("10.0.0.5")},
			{Up: true, Addrs: addrs("203.0.113.7")},
		}, "203.0.113.7"},
		{"IPv6 only", []Iface{{Up: true, Addrs: addrs("2001:db8::1")}}, ""},
		{"link-local last", []Iface{
			{Up: true, Addrs: addrs("169.254.3.4")},
			{Up: true, Addrs: addrs("100.64.0.9")},
		}, "100.64.0.9"},
		{"172.16/12 is private", []Iface{
			{Up: true, Addrs: addrs("198.51.100.1", "172.20.0.3")},
		}, "172.20.0.3"},
		{"mapped IPv4", []Iface{{Up: true, Addrs: addrs("::ffff:10.1.2.3")}}, "10.1.2.3"},
	} {
		if got := LANAddress(tt.ifaces); got != tt.want {
			t.Errorf("%s: LANAddress = %q, want %q", tt.name, got, tt.want)
		}
	}
}
