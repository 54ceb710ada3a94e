package cli

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"

	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
	"github.com/eventdeck/eventdeck/ui/web"
)

// startPage serves the phone page on the table's hub (--web), with the
// SSH server's join code, its tokens kept in dir (beside the saves), and its limit on wrong codes; nil with --web off.
func (a *app) startPage(sf serveFlags, dir string, hub *session.Hub, code string, seats func() []string, limit *serve.Limiter) (*web.Server, error) {
	if *sf.web == "off" {
		return nil, nil
	}
	entries, _, err := allReference(a, nil, "")
	if err != nil {
		return nil, err
	}
	titles := map[string]int{}
	for _, e := range entries {
		titles[e.Entry.Title]++
	}
	ref := make([]web.Entry, 0, len(entries))
	for _, e := range entries {
		title := e.Entry.Title
		if titles[title] > 1 { // several games have one: say whose, as `eventdeck ref` does
			title += " (" + e.game + ")"
		}
		ref = append(ref, web.EntryOf(e.game, e.Entry, title)) // ranked for the table's game (issue 40)
	}
	page, err := web.New(web.Config{Hub: hub, Listen: *sf.web, StateDir: dir, JoinCode: code, Seats: seats,
		Limiter: limit, Reference: ref, LogPath: os.Getenv(serve.LogEnv)})
	if err != nil {
		return nil, err
	}
	if err := page.Start(); err != nil {
		return nil, fmt.Errorf("%v (--web ADDR serves the page elsewhere; --web off serves none)", err)
	}
	return page, nil
}

// joinURL is the phone page's address with the join code: what the QR
// code on the host's screen holds.
func joinURL(host string, bound net.Addr, code string) string {
	port := ""
	if tcp, ok := bound.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
	}
	u := url.URL{Scheme: "http", Host: net.JoinHostPort(host, port), Path: "/", RawQuery: url.Values{"code": {code}}.Encode()}
	return u.String()
}
