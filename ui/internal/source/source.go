// Package source says who a connection comes from, as the table's limits
// count them: SSH's wrong codes and pending connections, the phone page's
// connection bounds.
package source

import (
	"net"
	"net/netip"
)

// Of is who a connection from addr comes from: the address without its
// port, so new connections do not dodge the limits; for IPv6 its /64
// network, as one machine may pick any address in it.
func Of(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		host = addr.String()
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip, 64).Masked().String()
}
