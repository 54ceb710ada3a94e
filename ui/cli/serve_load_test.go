package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/eventdeck/eventdeck/assets"
	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui"
	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
)

const loadCode = "271828"

var loadNames = []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}

// servedTable is a table session on a hub, served over SSH on loopback as
// eventdeck serve serves it, every screen a ui.NewView.
type servedTable struct {
	sess *session.Session
	srv  *serve.Server
}

func serveTable(t testing.TB) *servedTable {
	t.Helper()
	hub := session.NewHub()
	sess := loadSession(t, loadNames)
	hub.Publish(sess)
	return &servedTable{sess: sess, srv: serveHub(t, hub)}
}

// loadSession is a new board game for names.
func loadSession(t testing.TB, names []string) *session.Session {
	t.Helper()
	rs, err := expansions.All(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := expansions.Find(rs, "catan")
	if err != nil {
		t.Fatal(err)
	}
	players := make([]deck.Player, len(names))
	for i, n := range names {
		players[i] = deck.Player{Name: n}
	}
	deck.GiveColours(players)
	st, err := r.NewGame(nil, players, 11)
	if err != nil {
		t.Fatal(err)
	}
	return session.New(session.Options{Rules: r, Game: deck.NewGame(st)})
}

// serveHub serves the game on hub over SSH on loopback, as eventdeck
// serve does.
func serveHub(t testing.TB, hub *session.Hub) *serve.Server {
	t.Helper()
	return serveOffering(t, hub, nil)
}

// serveOffering is serveHub with a saved game offered: before a game is
// on the hub, its seats are offered's, as eventdeck serve's are.
func serveOffering(t testing.TB, hub *session.Hub, offered []string) *serve.Server {
	t.Helper()
	seats := func() []string {
		if s := hub.Current(); s != nil {
			return namesAt(s)
		}
		return offered
	}
	glyphs, err := ui.LoadGlyphs(assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := serve.New(serve.Config{
		Listen: "127.0.0.1:0", StateDir: t.TempDir(), JoinCode: loadCode, IdleTimeout: -1,
		Seats:   seats,
		Program: screenFor(hub, seats, glyphs),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return srv
}

func (st *servedTable) shutdown(t testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := st.srv.Shutdown(ctx); err != nil {
		t.Error(err)
	}
}

// client is one SSH screen: what it has been sent, as it arrives.
type client struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.Writer
	mu   sync.Mutex
	out  bytes.Buffer
	seat int // -1 for a viewer
}

func (c *client) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Write(p)
}

var drawRE = regexp.MustCompile(`draw (\d+) of`)

// lastDraw is the last "draw N of" the screen was sent, -1 for none.
func (c *client) lastDraw() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	all := drawRE.FindAllSubmatch(c.out.Bytes(), -1)
	if len(all) == 0 {
		return -1
	}
	n, _ := strconv.Atoi(string(all[len(all)-1][1]))
	return n
}

func dialTable(t testing.TB, st *servedTable, user string, seat int) *client {
	t.Helper()
	return screenOn(t, dialWith(t, st, user, gossh.Password(loadCode)), seat)
}

// dialWith logs in as user with auth and returns the connection.
func dialWith(t testing.TB, st *servedTable, user string, auth ...gossh.AuthMethod) *gossh.Client {
	t.Helper()
	conn, err := gossh.Dial("tcp", st.srv.Addr().String(), &gossh.ClientConfig{
		User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatalf("%s: %v", user, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// screenOn opens a screen (a session with a pty) on conn, for the player
// in seat (-1: a viewer).
func screenOn(t testing.TB, conn *gossh.Client, seat int) *client {
	t.Helper()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	c := &client{conn: conn, sess: sess, seat: seat}
	sess.Stdout = c
	if c.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	return c
}

func (c *client) close() {
	_ = c.sess.Close()
	_ = c.conn.Close()
}

// waitAll waits until every screen was sent "draw n of", or fails.
func waitAll(t testing.TB, clients []*client, n int, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(5 * time.Millisecond) {
		behind := -1
		for i, c := range clients {
			if c.lastDraw() != n {
				behind = i
				break
			}
		}
		if behind < 0 {
			return
		}
		if time.Now().After(deadline) {
			c := clients[behind]
			c.mu.Lock()
			o := c.out.String()
			c.mu.Unlock()
			t.Fatalf("screen %d shows draw %d, the table is at %d; it was last sent %q", behind, c.lastDraw(), n, o[max(0, len(o)-600):])
		}
	}
}

// allShow reports whether every screen was sent "draw n of", n being the
// table's now, within the time given.
func allShow(clients []*client, table func() int, within time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		n, all := table(), true
		for _, c := range clients {
			all = all && c.lastDraw() == n
		}
		if all {
			return true
		}
	}
	return false
}

// Issue 25: 6 players and 10 viewers send 1,000 keys between them, the
// players playing their turns and everyone else pressing what they like
// (garbage bytes too): every screen ends on the table's turn, and once all
// have left the goroutines are back to where they began.
func TestServeSixPlayersTenViewers(t *testing.T) {
	if testing.Short() {
		t.Skip("a thousand keys over SSH")
	}
	before := runtime.NumGoroutine()
	st := serveTable(t)
	var clients []*client
	for i, n := range loadNames {
		clients = append(clients, dialTable(t, st, n, i))
	}
	for i := range 10 {
		clients = append(clients, dialTable(t, st, fmt.Sprintf("guest%d", i), -1))
	}
	waitAll(t, clients, 0, 10*time.Second)
	// The last viewer floods the table with garbage bytes and resizes all
	// the while: it must neither panic the host nor hold up the others.
	flood := clients[len(clients)-1]
	stopFlood := make(chan struct{})
	flooded := make(chan int)
	go func() {
		sent, junk := 0, bytes.Repeat([]byte("\x1b[\xff\x00x?/zz\x1b[200~"), 256)
		for i := 0; ; i++ {
			select {
			case <-stopFlood:
				flooded <- sent
				return
			default:
			}
			if n, err := flood.in.Write(junk); err == nil {
				sent += n
			}
			_ = flood.sess.WindowChange(10+i%80, 20+i%150)
		}
	}()
	rng := rand.New(rand.NewPCG(1, 2))
	// Keys a player might press out of turn, and bytes no key sends. A
	// lone esc is left out: with the next key it reads as alt+key, as on
	// any terminal; "?" and "/" (help, rules) are a viewer's.
	junk := []string{"a", "b", "9", "\x1b[A", "\x00\xff", "e", "n", "u", "?", "/"}
	for range 1000 {
		c := clients[rng.IntN(len(clients)-1)]
		now := st.sess.Now()
		k := junk[rng.IntN(len(junk))]
		if c.seat >= 0 {
			k = junk[rng.IntN(len(junk)-2)]
		}
		switch q := session.FirstOpen(st.sess.Rules().Steps(now), now.Open); {
		case c.seat >= 0 && q == nil && now.Current == c.seat:
			k = " "
		case c.seat >= 0 && q != nil && asks(st.sess, *q, c.seat):
			k = "x"
		}
		if _, err := io.WriteString(c.in, k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	close(stopFlood)
	sent := <-flooded
	if sent < 1<<20 {
		t.Errorf("the flood sent only %d bytes", sent)
	}
	t.Logf("the flood sent %d KiB of garbage and resized all the while", sent>>10)
	_ = flood.sess.WindowChange(24, 80)
	// Everyone back from the help or the rules to the table: the flood's
	// paste ended (it may have left one open) and an esc on every screen,
	// again until every screen but the flood's shows the table's turn (a
	// late key may open the help again); waitAll below says which did not.
	for try := 0; try < 20; try++ {
		_, _ = io.WriteString(flood.in, "\x1b[201~")
		for _, c := range clients {
			_, _ = io.WriteString(c.in, "\x1b")
		}
		if allShow(clients[:len(clients)-1], func() int { return drawsThisYear(st.sess.Now()) }, time.Second) {
			break
		}
	}
	if n := st.sess.Now().Draws; n < 20 {
		t.Fatalf("only %d draws in 1,000 keys", n)
	}
	// Every screen but the flood's ends on the table's turn (the flood's may
	// sit in the help its bytes opened); the flood's screen is still open.
	waitAll(t, clients[:len(clients)-1], drawsThisYear(st.sess.Now()), 10*time.Second)
	if n := st.srv.Sessions(); n != len(clients) {
		t.Fatalf("%d screens open after the flood, want %d", n, len(clients))
	}
	for _, c := range clients {
		c.close()
	}
	for deadline := time.Now().Add(10 * time.Second); st.sess.Views() > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d screens still attached after all left", st.sess.Views())
		}
	}
	st.shutdown(t)
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
	}
}

// BenchmarkServeKeyToScreens is the time from a player's space on their
// own screen to the new turn on the 15 other screens (6 players, 10
// viewers, loopback): the median and the slowest screen per key, and the
// memory each attached screen costs the host.
func BenchmarkServeKeyToScreens(b *testing.B) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heap0 := ms.HeapInuse + ms.StackInuse
	st := serveTable(b)
	defer st.shutdown(b)
	var clients []*client
	for i, n := range loadNames {
		clients = append(clients, dialTable(b, st, n, i))
	}
	for i := range 10 {
		clients = append(clients, dialTable(b, st, fmt.Sprintf("guest%d", i), -1))
	}
	defer func() {
		for _, c := range clients {
			c.close()
		}
	}()
	waitAll(b, clients, 0, 10*time.Second)
	runtime.GC()
	runtime.ReadMemStats(&ms)
	perScreen := float64(ms.HeapInuse+ms.StackInuse-heap0) / float64(len(clients)) // the clients' side too: an upper bound
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		for { // the turn walked to its end by the host, off the clock
			now := st.sess.Now()
			q := session.FirstOpen(st.sess.Rules().Steps(now), now.Open)
			if q == nil {
				break
			}
			_ = st.sess.As(session.TheHost()).Answer(*q, deck.AnswerSkip)
		}
		time.Sleep(50 * time.Millisecond) // every screen has the answers
		b.StartTimer()
		marks := make([]int, len(clients)) // what each screen was sent before the key
		for i, c := range clients {
			marks[i] = c.sent()
		}
		want := st.sess.Now().Draws + 1
		who := clients[st.sess.Now().Current]
		start := time.Now()
		_, _ = io.WriteString(who.in, " ")
		seen := make([]bool, len(clients))
		for left := len(clients); left > 0; time.Sleep(200 * time.Microsecond) {
			for i, c := range clients {
				if !seen[i] && c.newTurnSince(marks[i]) {
					seen[i] = true
					left--
					lat = append(lat, time.Since(start))
				}
			}
			if time.Since(start) > 10*time.Second {
				b.Fatalf("draw %d never reached every screen", want)
			}
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "ms-max")
	b.ReportMetric(perScreen/(1<<20), "MiB/screen")
}

// asks reports whether question q is for the player in seat: a step that
// names them, or a step of the whole table on their turn.
func asks(s *session.Session, q deck.Question, seat int) bool {
	now := s.Now()
	for _, st := range s.Rules().Steps(now) {
		if st.Question != nil && st.Question.Key == q.Key {
			return slices.Contains(st.Players, seat) || len(st.Players) == 0 && now.Open.Player == seat
		}
	}
	return false
}

// drawsThisYear is the "draw N" the table's header shows: the cards drawn
// since the deck was last rebuilt.
func drawsThisYear(s *deck.State) int {
	n := 0
	for i := range s.Turns() {
		if r := s.TurnAt(i); r.Year == s.Year && !r.NoCard {
			n++
		}
	}
	return n
}

// sent is how much the screen has been sent so far.
func (c *client) sent() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Len()
}

// newTurnSince reports whether the screen was sent a new header ("draw N
// of") after the first mark bytes: every draw changes it.
func (c *client) newTurnSince(mark int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return drawRE.Match(c.out.Bytes()[mark:])
}
