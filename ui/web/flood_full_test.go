//go:build linux

package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// TestFloodFullScale is the check by hand, against the built
// binary (`eventdeck serve` under `ulimit -n 1024`): with EVENTDECK_FLOOD=1
// and EVENTDECK_FLOOD_ADDR=HOST:PORT (the page), EVENTDECK_FLOOD_CODE,
// and EVENTDECK_FLOOD_ROLE:
//   - attack: EVENTDECK_FLOOD_CONNS slow bodies (a byte every 2 s; one
//     that is closed is opened again) from EVENTDECK_FLOOD_FROM (sources,
//     comma-separated), for EVENTDECK_FLOOD_FOR;
//   - players: Ann's and Bob's phones join and follow the table, then,
//     once EVENTDECK_FLOOD_WAIT has passed (the attack under way), a phone
//     with the code joins (timed, five times), an SSH player joins
//     (EVENTDECK_FLOOD_SSH), a viewer's token opens 1,000 streams and 200
//     viewers join; then Ann's and Bob's streams are still open (a
//     heartbeat since) and their tokens remembered.
//
// It waits with sleeps: it is a script, not a test of the suite.
func TestFloodFullScale(t *testing.T) {
	if os.Getenv("EVENTDECK_FLOOD") != "1" {
		t.Skip("the full-scale flood: EVENTDECK_FLOOD=1 and a server to attack (see the comment)")
	}
	addr, code := os.Getenv("EVENTDECK_FLOOD_ADDR"), os.Getenv("EVENTDECK_FLOOD_CODE")
	switch os.Getenv("EVENTDECK_FLOOD_ROLE") {
	case "attack":
		n, _ := strconv.Atoi(os.Getenv("EVENTDECK_FLOOD_CONNS"))
		d, _ := time.ParseDuration(os.Getenv("EVENTDECK_FLOOD_FOR"))
		attack(t, addr, strings.Split(os.Getenv("EVENTDECK_FLOOD_FROM"), ","), n, d)
	case "players":
		wait, _ := time.ParseDuration(os.Getenv("EVENTDECK_FLOOD_WAIT"))
		players(t, addr, code, os.Getenv("EVENTDECK_FLOOD_SSH"), wait)
	default:
		t.Fatal("EVENTDECK_FLOOD_ROLE: attack or players")
	}
}

// attack holds n slow bodies open from the sources, for d.
func attack(t *testing.T, addr string, from []string, n int, d time.Duration) {
	head := "POST /join HTTP/1.1\r\nHost: " + addr + "\r\nX-Eventdeck: 1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
	end := time.Now().Add(d)
	var open, opened, cut atomic.Int64
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dl := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from[i%len(from)])}, Timeout: 5 * time.Second}
			for time.Now().Before(end) {
				c, err := dl.Dial("tcp", addr)
				if err != nil {
					time.Sleep(200 * time.Millisecond)
					continue
				}
				opened.Add(1)
				open.Add(1)
				_, err = c.Write([]byte(head))
				for err == nil && time.Now().Before(end) {
					time.Sleep(2 * time.Second)
					_, err = c.Write([]byte(" "))
				}
				if err != nil {
					cut.Add(1)
				}
				open.Add(-1)
				c.Close()
				time.Sleep(100 * time.Millisecond)
			}
		}()
		if i%500 == 499 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for {
		select {
		case <-tick.C:
			fmt.Printf("attack %v: %d open now, %d opened, %d cut by the server\n", from, open.Load(), opened.Load(), cut.Load())
		case <-done:
			fmt.Printf("attack %v done: %d opened, %d cut by the server\n", from, opened.Load(), cut.Load())
			return
		}
	}
}

// players joins Ann and Bob, waits, then measures under the attack.
func players(t *testing.T, addr, code, sshAddr string, wait time.Duration) {
	base := "http://" + addr
	type follower struct {
		p     *phone
		beats atomic.Int64
		ended atomic.Bool
	}
	var seated []*follower
	for _, name := range []string{"Ann", "Bob"} {
		f := &follower{p: phoneFrom(t, base, "127.0.0.1", 10*time.Second)}
		if status, body, err := f.p.tryPost("/join", map[string]string{"code": code, "seat": name}); status != 200 {
			t.Fatalf("%s: %d %s %v", name, status, body, err)
		}
		c := *f.p.client
		c.Timeout = 0
		resp, err := c.Get(base + "/events")
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s's stream: %v %v", name, resp, err)
		}
		go func() {
			defer resp.Body.Close()
			r := bufio.NewReader(resp.Body)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					f.ended.Store(true)
					return
				}
				if strings.HasPrefix(line, ":") || strings.HasPrefix(line, "data:") {
					f.beats.Add(1)
				}
			}
		}()
		seated = append(seated, f)
	}
	fmt.Printf("players: Ann and Bob follow the table; waiting %v for the attack\n", wait)
	time.Sleep(wait)

	for i := range 5 {
		p := phoneFrom(t, base, "127.0.0.1", 10*time.Second)
		start := time.Now()
		status, body, err := p.tryPost("/join", map[string]string{"code": code, "seat": "Cy"})
		if status == 400 { // no seat Cy: the code was right, which is what is timed
			err = nil
		}
		fmt.Printf("a phone with the code, try %d: %d in %v %s %v\n", i+1, status, time.Since(start).Round(time.Millisecond), strings.TrimSpace(body), err)
		p.client.Transport.(*http.Transport).CloseIdleConnections()
	}
	if sshAddr != "" {
		start := time.Now()
		err := sshJoin(sshAddr, "Bob", code)
		fmt.Printf("an SSH player (Bob): joined in %v, %v\n", time.Since(start).Round(time.Millisecond), err)
	}

	viewer := phoneFrom(t, base, "127.0.0.1", 10*time.Second)
	if status, body, err := viewer.tryPost("/join", map[string]string{"code": code, "seat": "watch"}); status != 200 {
		t.Fatalf("viewer: %d %s %v", status, body, err)
	}
	vc := *viewer.client
	vc.Timeout = 0 // the streams are held: a refusal comes with its header
	vc.Transport.(*http.Transport).ResponseHeaderTimeout = 5 * time.Second
	statuses := map[int]int{}
	var held []io.Closer
	for range 1000 {
		resp, err := vc.Get(base + "/events")
		if err != nil {
			statuses[-1]++
			continue
		}
		statuses[resp.StatusCode]++
		if resp.StatusCode == 200 {
			held = append(held, resp.Body)
		} else {
			resp.Body.Close()
		}
	}
	fmt.Printf("1,000 streams on one viewer's token: %v (status: count; -1 an error)\n", statuses)
	joins := map[int]int{}
	for range 200 {
		p := phoneFrom(t, base, "127.0.0.1", 10*time.Second)
		status, _, _ := p.tryPost("/join", map[string]string{"code": code, "seat": "watch"})
		joins[status]++
		p.client.Transport.(*http.Transport).CloseIdleConnections()
	}
	fmt.Printf("200 viewers join: %v\n", joins)
	before := []int64{seated[0].beats.Load(), seated[1].beats.Load()}
	fmt.Println("players: waiting 20 s for a heartbeat on each player's stream")
	time.Sleep(20 * time.Second)
	for i, f := range seated {
		status, body, err := f.p.get("/me")
		fmt.Printf("%s: stream open %v, %d events or beats since, remembered: %d %s %v\n",
			[]string{"Ann", "Bob"}[i], !f.ended.Load(), f.beats.Load()-before[i], status, strings.TrimSpace(body), err)
	}
	for _, c := range held {
		c.Close()
	}
}

// get is a GET of path, its error returned.
func (p *phone) get(path string) (int, string, error) {
	resp, err := p.client.Get(p.base + path)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

// sshJoin logs in to serve as user with the code and waits for the
// first bytes of its screen.
func sshJoin(addr, user, code string) error {
	cfg := &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, q []string, _ []bool) ([]string, error) {
		out := make([]string, len(q))
		for i := range out {
			out[i] = code
		}
		return out, nil
	}), gossh.Password(code)}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second}
	c, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return err
	}
	defer c.Close()
	s, err := c.NewSession()
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.RequestPty("xterm", 40, 100, gossh.TerminalModes{}); err != nil {
		return err
	}
	out, err := s.StdoutPipe()
	if err != nil {
		return err
	}
	if err := s.Shell(); err != nil {
		return err
	}
	b := make([]byte, 64)
	_, err = out.Read(b)
	return err
}
