package web

import (
	"net"
	"net/netip"
)

// Iface is a network interface as the address choice sees it.
type Iface struct {
	Up, Loopback bool
	Addrs        []netip.Addr
}

// LANAddress is the address a phone at the table reaches this machine at:
// every up, non-loopback IPv4 address is a candidate, private ranges
// (10/8, 172.16/12, 192.168/16) first, then the others, link-local last;
// "" when there is none.
func LANAddress(ifaces []Iface) string {
	var best netip.Addr
	rank := func(a netip.Addr) int {
		switch {
		case a.IsPrivate():
			return 0
		case a.IsLinkLocalUnicast():
			return 2
		}
		return 1
	}
	for _, i := range ifaces {
		if !i.Up || i.Loopback {
			continue
		}
		for _, a := range i.Addrs {
			a = a.Unmap()
			if !a.Is4() || a.IsLoopback() || a.IsUnspecified() || a.IsMulticast() {
				continue
			}
			if !best.IsValid() || rank(a) < rank(best) {
				best = a
			}
		}
	}
	if !best.IsValid() {
		return ""
	}
	return best.String()
}

// Interfaces are this machine's network interfaces.
func Interfaces() []Iface {
	all, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []Iface
	for _, ni := range all {
		i := Iface{Up: ni.Flags&net.FlagUp != 0, Loopback: ni.Flags&net.FlagLoopback != 0}
		addrs, _ := ni.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				if ip, ok := netip.AddrFromSlice(n.IP); ok {
					i.Addrs = append(i.Addrs, ip)
				}
			}
		}
		out = append(out, i)
	}
	return out
}
