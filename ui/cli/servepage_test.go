package cli

import (
	"bufio"
	"net"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"
)

// The phone page's address, as the QR code holds it.
func TestJoinURL(t *testing.T) {
	for _, tt := range []struct {
		host string
		port int
		want string
	}{
		{"192.168.1.5", 8080, "http://192.168.1.5:8080/?code=418207"},
		{"table.local", 9000, "http://table.local:9000/?code=418207"},
		{"fd00::5", 8080, "http://[fd00::5]:8080/?code=418207"},
	} {
		if got := joinURL(tt.host, &net.TCPAddr{Port: tt.port}, "418207"); got != tt.want {
			t.Errorf("joinURL(%s, %d) = %s, want %s", tt.host, tt.port, got, tt.want)
		}
	}
	if got := joinHost(":2222", "table.local", nil); got != "table.local" {
		t.Errorf("--host table.local: %s", got)
	}
}

// pagePhone is a phone's browser as the page's server sees it: its
// cookies, the page's header, its event stream.
type pagePhone struct {
	t      *testing.T
	client *http.Client
	base   string
}

func (p *pagePhone) post(path, body string) int {
	p.t.Helper()
	req, _ := http.NewRequest("POST", p.base+path, strings.NewReader(body))
	req.Header.Set("X-Eventdeck", "1")
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// events reads the phone's stream until an event holds every one of want.
func (p *pagePhone) events(want ...string) {
	p.t.Helper()
	var resp *http.Response
	for i := 0; i < 100; i++ { // the server may still be starting
		var err error
		if resp, err = p.client.Get(p.base + "/events"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if resp == nil || resp.StatusCode != http.StatusOK {
		p.t.Fatalf("stream: %v", resp)
	}
	defer resp.Body.Close()
	timer := time.AfterFunc(15*time.Second, func() { resp.Body.Close() })
	defer timer.Stop()
	r := bufio.NewReader(resp.Body)
	var seen []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			p.t.Fatalf("no event with %q; saw:\n%s", want, strings.Join(seen, ""))
		}
		seen = append(seen, line)
		all := strings.HasPrefix(line, "data: ")
		for _, w := range want {
			all = all && strings.Contains(line, w)
		}
		if all {
			return
		}
	}
}

// TestServeServesThePhonePage runs eventdeck serve in tmux with the page
// on: a phone joins with the SSH join code, follows the host's draw, and
// reads that the game is saved when the host quits; serve --resume on the
// same state folder knows the phone with no code; wrong codes on the
// page block the SSH join from the same place (one limiter).
func TestServeServesThePhonePage(t *testing.T) {
	t.Parallel() // its own binary run, folders and terminal
	st := newServedTmux(t)
	web := freePort(t)
	st.host("--web 127.0.0.1:" + web + " --players Ann,Bob --seed 5")
	st.waitFor("t:host", "code 424242")
	jar, _ := cookiejar.New(nil)
	bob := &pagePhone{t: t, client: &http.Client{Jar: jar}, base: "http://127.0.0.1:" + web}
	if status := bob.post("/join", `{"code":"424242","seat":"bob"}`); status != http.StatusOK {
		t.Fatalf("joining with the code: %d", status)
	}
	bob.events(`"you":"You play Bob."`)
	st.keys("t:host", "Space")
	st.waitFor("t:host", "draw 1 of")
	bob.events(`"draw":1`)

	// Bob's phone holds its stream open while the host quits, so the host
	// counts a joined screen and asks first; the stream then says how the
	// game goes on.
	held, err := bob.client.Get(bob.base + "/events")
	if err != nil || held.StatusCode != http.StatusOK {
		t.Fatalf("stream: %v %v", held, err)
	}
	defer held.Body.Close()
	heldLines := bufio.NewReader(held.Body)
	if _, err := heldLines.ReadString('\n'); err != nil { // the stream is open: the host has a joined screen
		t.Fatal(err)
	}
	st.keys("t:host", "q")
	st.waitFor("t:host", "Quit")
	st.keys("t:host", "y")
	timer := time.AfterFunc(15*time.Second, func() { held.Body.Close() })
	for {
		line, err := heldLines.ReadString('\n')
		if err != nil {
			t.Fatal("the phone never read how the game goes on")
		}
		if strings.Contains(line, "serve --resume") {
			break
		}
	}
	timer.Stop()

	st.tmux("kill-window", "-t", "t:host")
	portFree(t, web) // the last serve may still be letting its page go
	st.host("--web 127.0.0.1:" + web + " --resume")
	st.waitFor("t:host", "draw 1 of")
	bob.events(`"you":"You play Bob."`, `"draw":1`)

	wrong := &pagePhone{t: t, client: &http.Client{}, base: bob.base}
	for range 5 {
		if status := wrong.post("/join", `{"code":"000000"}`); status != http.StatusForbidden {
			t.Fatalf("a wrong code: %d", status)
		}
	}
	st.join("late", "bob")
	st.waitFor("t:late", "too many wrong codes")
}

// portFree waits until port on loopback can be listened on again.
func portFree(t *testing.T, port string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		l, err := net.Listen("tcp", "127.0.0.1:"+port)
		if err == nil {
			l.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("port %s still taken: %v", port, err)
		}
	}
}
