package web

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventdeck/eventdeck/ui/session"
)

// A wrong code reads "wrong code", never the seats; the fifth wrong code
// in a minute blocks the place it came from, so the sixth try is refused
// even with the right code.
func TestWrongCodesAreLimited(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := newPhone(t, tb.url)
	for i := range 5 {
		status, body := p.post("/join", joinRequest{Code: "000000", Seat: "Ann"})
		if status != http.StatusForbidden || !strings.Contains(body, "wrong code") || strings.Contains(body, "Ann") {
			t.Fatalf("wrong code %d: %d %s", i+1, status, body)
		}
	}
	status, body := p.post("/join", joinRequest{Code: testCode})
	if status != http.StatusTooManyRequests || !strings.Contains(body, "too many wrong codes") || strings.Contains(body, "Bob") {
		t.Fatalf("the sixth try: %d %s", status, body)
	}
}

// The right code lists the seats; a seat gives a token kept 0600, by its
// hash only; a new server on the same folder (serve --resume) knows it.
func TestJoinRemembersThePhone(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := newPhone(t, tb.url)
	if status, body := p.post("/join", joinRequest{Code: testCode}); status != 200 || !strings.Contains(body, `"seats":["Ann","Bob","Cy"]`) {
		t.Fatalf("seats: %d %s", status, body)
	}
	p.join("bob")
	fi, err := os.Stat(filepath.Join(tb.dir, TokensFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("tokens file: %v %v", fi, err)
	}
	u, _ := http.NewRequest("GET", tb.url, nil)
	c := p.client.Jar.Cookies(u.URL)
	if len(c) != 1 || len(c[0].Value) < 32 {
		t.Fatalf("cookie: %v", c)
	}
	data, _ := os.ReadFile(filepath.Join(tb.dir, TokensFile))
	if strings.Contains(string(data), c[0].Value) {
		t.Fatal("the token itself is in the file")
	}
	_ = tb.srv.Close()
	tb.serve(t, "127.0.0.1:0", nil)
	p.base = tb.url
	p.client.Jar.SetCookies(mustURL(tb.url).URL, c)
	v := p.listen().until(t, "Bob's view", func(v view) bool { return v.Readout != nil })
	if v.You != "You play Bob." {
		t.Fatalf("after a restart: %q", v.You)
	}
}

func mustURL(s string) *http.Request { r, _ := http.NewRequest("GET", s, nil); return r }

// Every answer carries the headers that keep the page to itself; a change
// without the page's header, or from another site, is refused.
func TestHeadersAndCrossSite(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	resp, err := http.Get(tb.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	h := resp.Header
	if h.Get("Content-Security-Policy") == "" || !strings.HasPrefix(h.Get("Content-Security-Policy"), "default-src 'self'") ||
		h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("headers: %v", h)
	}
	if strings.Contains(string(page), "<script>") || strings.Contains(string(page), "style=") {
		t.Fatal("inline script or style in the page")
	}
	form, err := http.Post(tb.url+"/join", "application/x-www-form-urlencoded", strings.NewReader("code="+testCode+"&seat=Ann"))
	if err != nil {
		t.Fatal(err)
	}
	form.Body.Close()
	if form.StatusCode != http.StatusForbidden {
		t.Fatalf("a form without the header: %d", form.StatusCode)
	}
	req, _ := http.NewRequest("POST", tb.url+"/join", strings.NewReader(`{"code":"`+testCode+`","seat":"Ann"}`))
	req.Header.Set(Header, "1")
	req.Header.Set("Origin", "http://evil.example")
	other, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	other.Body.Close()
	if other.StatusCode != http.StatusForbidden {
		t.Fatalf("another site's request: %d", other.StatusCode)
	}
	big := newPhone(t, tb.url)
	if status, _ := big.post("/join", map[string]string{"code": strings.Repeat("1", 5000)}); status != http.StatusBadRequest {
		t.Fatalf("a 5 KB body: %d", status)
	}
}

// A viewer's change is refused (403), whatever it sends; a player's draw
// on another's turn is refused too, and their own goes through.
func TestViewerIsRefused(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	v := newPhone(t, tb.url)
	v.join("watch")
	for _, req := range []actRequest{{Do: "draw", ID: "draw"}, {Do: "undo"}, {Do: "answer", Key: "x", Value: "skip"}} {
		if status, body := v.post("/act", req); status != http.StatusForbidden {
			t.Fatalf("viewer's %s: %d %s", req.Do, status, body)
		}
	}
	bob := newPhone(t, tb.url)
	bob.join("Bob")
	if status, _ := bob.post("/act", actRequest{Do: "draw", ID: "draw"}); status != http.StatusForbidden {
		t.Fatalf("Bob draws on Ann's turn: %d", status)
	}
	ann := newPhone(t, tb.url)
	ann.join("Ann")
	if status, body := ann.post("/act", actRequest{Do: "draw", ID: "draw"}); status != 200 {
		t.Fatalf("Ann's draw: %d %s", status, body)
	}
	if status, _ := ann.post("/act", actRequest{Do: "draw", ID: "draw"}); status == 200 {
		t.Fatal("a second tap on the same version drew again")
	}
}

// The host sends a phone away: its stream ends and it must join again.
func TestSendAway(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := newPhone(t, tb.url)
	p.join("Cy")
	s := p.listen()
	s.until(t, "a view", func(v view) bool { return v.Readout != nil })
	screens := tb.hub.Screens()
	if len(screens) != 1 || screens[0].Kind != session.KindPhone || screens[0].Who.Seat != 2 {
		t.Fatalf("screens: %+v", screens)
	}
	tb.hub.SendAway(screens[0].ID)
	<-s.done
	if !strings.Contains(s.bytes(), "event: away") {
		t.Fatalf("stream: %s", s.bytes())
	}
	resp, err := p.client.Get(tb.url + "/me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("after being sent away: %d", resp.StatusCode)
	}
}

// Closing the server ends every stream, each told the game is saved.
func TestCloseEndsEveryStream(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	var streams []*stream
	for _, seat := range []string{"Ann", "watch"} {
		p := newPhone(t, tb.url)
		p.join(seat)
		s := p.listen()
		s.until(t, "a view", func(v view) bool { return v.Readout != nil })
		streams = append(streams, s)
	}
	if err := tb.sess.Close(); err != nil {
		t.Fatal(err)
	}
	_ = tb.srv.Close()
	for _, s := range streams {
		<-s.done
		if !strings.Contains(s.bytes(), "it is saved") || !strings.Contains(s.bytes(), "serve --resume") {
			t.Fatalf("stream: %s", s.bytes())
		}
	}
}

// The reference search finds what `eventdeck ref` finds.
func TestReference(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := newPhone(t, tb.url)
	p.join("watch")
	resp, err := p.client.Get(tb.url + "/ref?q=robber")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(strings.ToLower(string(body)), "robber") || !strings.HasPrefix(string(body), "[{") {
		t.Fatalf("ref: %s", body)
	}
}

// Issue 40 (9): the phone's reference ranks as every front-end does, for
// the table being played: the robber's own entry first, the 7 for
// "seven" (they came in the file's order: Robber Flees, Seafarers).
func TestReferenceRanksForTheTable(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob", "Cy")
	p := newPhone(t, tb.url)
	p.join("watch")
	for q, first := range map[string]string{"robber": "Robber Attacks", "seven": "Over the limit (a 7)", "knight": "Knights"} {
		resp, err := p.client.Get(tb.url + "/ref?q=" + q)
		if err != nil {
			t.Fatal(err)
		}
		var found []Entry
		err = json.NewDecoder(resp.Body).Decode(&found)
		resp.Body.Close()
		if err != nil || len(found) == 0 || found[0].Title != first {
			t.Errorf("ref %s: %v, first %+v, want %q", q, err, found[:min(len(found), 1)], first)
		}
	}
}

// The page and everything it loads stay within 60 KB.
func TestPageSize(t *testing.T) {
	if n := PageBytes(); n > 60<<10 {
		t.Fatalf("the page is %d bytes", n)
	}
}
