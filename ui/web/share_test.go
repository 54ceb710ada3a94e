package web

import (
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"
)

// One viewer's token opening stream after stream is refused past its
// share (issue 39): before, its 16 streams filled the table and Ann's
// phone was told "the table is full".
func TestAViewersStreamsNeverKeepAPlayerOut(t *testing.T) {
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	viewer := newPhone(t, tb.url)
	viewer.join("watch")
	client := *viewer.client
	client.Timeout = 0
	var open []*http.Response
	defer func() {
		for _, r := range open {
			r.Body.Close()
		}
	}()
	refused := 0
	for range 20 {
		resp, err := client.Get(tb.url + "/events")
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK {
			open = append(open, resp)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("a viewer's stream over its share: %s %s", resp.Status, body)
		}
		refused++
	}
	if len(open) > DefaultStreamsPerToken {
		t.Errorf("one viewer's token holds %d streams, want at most %d", len(open), DefaultStreamsPerToken)
	}
	ann := newPhone(t, tb.url)
	ann.join("Ann")
	s := ann.listen() // fails the test unless 200
	s.until(t, "Ann's view", func(v view) bool { return v.Readout != nil })
}

// Viewers joining, however many, never forget a player's phone: the
// seats' tokens are kept apart (issue 39: 64 joins as "watch" forgot
// every player's phone).
func TestViewersNeverForgetASeat(t *testing.T) {
	tk, err := loadTokens(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ann, err := tk.Add(Joined{Name: "Ann", Since: time.Now().Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	var viewers []string
	for range maxViewersTest {
		v, err := tk.Add(Joined{Since: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		viewers = append(viewers, v)
	}
	if j, ok := tk.Who(ann); !ok || j.Name != "Ann" {
		t.Fatalf("Ann's phone was forgotten after %d viewers joined", maxViewersTest)
	}
	if _, ok := tk.Who(viewers[len(viewers)-1]); !ok {
		t.Error("the newest viewer was forgotten")
	}
	if _, ok := tk.Who(viewers[0]); ok {
		t.Error("the oldest viewer is remembered past the viewers' bound")
	}
	again, err := loadTokens(filepath.Dir(tk.path))
	if err != nil {
		t.Fatal(err)
	}
	if j, ok := again.Who(ann); !ok || j.Name != "Ann" {
		t.Error("Ann's phone is not in the file")
	}
}

// maxViewersTest is past any bound on the viewers remembered (64).
const maxViewersTest = 80
