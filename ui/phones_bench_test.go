package ui

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
	"github.com/eventdeck/eventdeck/ui/web"
)

// phones serves the phone page on hub and joins n phones to it, each
// reading its event stream to the end, as a phone's browser does.
func phones(b *testing.B, hub *session.Hub, n int) {
	b.Helper()
	srv, err := web.New(web.Config{Hub: hub, Listen: "127.0.0.1:0", StateDir: b.TempDir(), JoinCode: "1", Limiter: serve.NewLimiter()})
	if err != nil {
		b.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = srv.Close() })
	url := "http://" + srv.Addr().String()
	// One phone a seat, the rest watching: a second phone on a seat in use
	// is asked first whether it takes it (issue 37 item 8).
	seats := []string{"Ann", "Bob", "Cy"}
	for i := range n {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		req, _ := http.NewRequest("POST", url+"/join", strings.NewReader(`{"code":"1","seat":"`+seatOf(seats, i)+`"}`))
		req.Header.Set(web.Header, "1")
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("joining: %v %v", err, resp)
		}
		resp.Body.Close()
		stream, err := c.Get(url + "/events")
		if err != nil || stream.StatusCode != http.StatusOK {
			b.Fatalf("stream: %v %v", err, stream)
		}
		first := make(chan struct{})
		go func() {
			r := bufio.NewReader(stream.Body)
			for once := false; ; {
				line, err := r.ReadBytes('\n')
				if err != nil {
					return
				}
				if !once && bytes.HasPrefix(line, []byte("data: ")) {
					once = true
					close(first)
				}
			}
		}()
		<-first
		b.Cleanup(func() { stream.Body.Close() })
	}
}

// seatOf is the i-th phone's seat: the players' first, then watching.
func seatOf(seats []string, i int) string {
	if i < len(seats) {
		return seats[i]
	}
	return "watch"
}
