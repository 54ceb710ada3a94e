package cli

import (
	"crypto/ed25519"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/eventdeck/eventdeck/ui/session"
)

// sees waits until c's screen was sent text, or fails.
func (c *client) sees(t *testing.T, text string, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(10 * time.Millisecond) {
		c.mu.Lock()
		got := c.out.String()
		c.mu.Unlock()
		if strings.Contains(got, text) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("never sent %q; the last bytes: %q", text, got[max(0, len(got)-600):])
		}
	}
}

// Players who join before the host starts the game (the resume screen, the
// setup) play in it when it starts, by their name or seat number; others
// watch. A real SSH client joins each screen.
func TestJoinBeforeTheGameStartsPlays(t *testing.T) {
	hub := session.NewHub()
	st := &servedTable{srv: serveHub(t, hub)}
	defer st.shutdown(t)
	bob, ann, zed := dialTable(t, st, "bob", 1), dialTable(t, st, "1", 0), dialTable(t, st, "zed", -1)
	defer bob.close()
	defer ann.close()
	defer zed.close()
	for _, c := range []*client{bob, ann, zed} {
		c.sees(t, "Waiting for the host", 10*time.Second)
	}
	sess := loadSession(t, []string{"Ann", "Bob"})
	hub.Publish(sess) // the host starts the game
	bob.sees(t, "You play Bob.", 10*time.Second)
	ann.sees(t, "You play Ann.", 10*time.Second)
	zed.sees(t, "You watch this game.", 10*time.Second)
	if _, err := bob.in.Write([]byte(" ")); err != nil { // not Bob's turn
		t.Fatal(err)
	}
	bob.sees(t, "It is Ann's turn", 10*time.Second)
	if _, err := ann.in.Write([]byte(" ")); err != nil {
		t.Fatal(err)
	}
	bob.sees(t, "draw 1 of", 10*time.Second)
	if d := sess.Now().Draws; d != 1 {
		t.Fatalf("%d draws; want Ann's one", d)
	}
}

// A seat number typed before the game starts names the seat in the game
// that starts, not in the saved game the resume screen offered (a
// play-test: "2" joined at the resume screen of Ann, Cy, Bob, the host
// started a new game of Dan and Eve, and "2" watched as Cy). A name
// stays that player's.
func TestSeatNumberBeforeTheGameNamesItsSeatThen(t *testing.T) {
	hub := session.NewHub()
	st := &servedTable{srv: serveOffering(t, hub, []string{"Ann", "Cy", "Bob"})}
	defer st.shutdown(t)
	two, bob := dialTable(t, st, "2", 1), dialTable(t, st, "bob", 2)
	defer two.close()
	defer bob.close()
	two.sees(t, "Waiting for the host", 10*time.Second)
	bob.sees(t, "Waiting for the host", 10*time.Second)
	hub.Publish(loadSession(t, []string{"Dan", "Eve"})) // the host's n: a new game
	two.sees(t, "You play Eve.", 10*time.Second)
	bob.sees(t, "You watch: Bob is not at the table now.", 10*time.Second)
}

// A remembered key is its own player's, whatever seat number the user
// name gives once the seats change: a second screen on a connection a key
// let in as "1" stays Ann's after Ann and Bob change seats (a review: it
// would have played Bob, with no code).
func TestKeyLoginStaysItsPlayersAcrossSeats(t *testing.T) {
	hub := session.NewHub()
	sess := loadSession(t, []string{"Ann", "Bob"})
	hub.Publish(sess)
	st := &servedTable{sess: sess, srv: serveHub(t, hub)}
	defer st.shutdown(t)
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	// Ann joins with the code once: her key is remembered.
	first := dialWith(t, st, "ann", gossh.PublicKeys(signer), gossh.Password(loadCode))
	screenOn(t, first, 0).sees(t, "You play Ann.", 10*time.Second)
	// Then by key alone, as seat 1.
	conn := dialWith(t, st, "1", gossh.PublicKeys(signer))
	screenOn(t, conn, 0).sees(t, "You play Ann.", 10*time.Second)
	if err := sess.As(session.TheHost()).Reseat([]int{1, 0}, "Ann and Bob change seats"); err != nil {
		t.Fatal(err)
	}
	screenOn(t, conn, 0).sees(t, "You play Ann.", 10*time.Second) // seat 1 is Bob's now
}
