package cli

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"

	"github.com/eventdeck/eventdeck/deck"
	"github.com/eventdeck/eventdeck/ui"
	"github.com/eventdeck/eventdeck/ui/serve"
	"github.com/eventdeck/eventdeck/ui/session"
	"github.com/eventdeck/eventdeck/ui/web"
)

// serveFlags are eventdeck serve's own flags, beside the table's.
type serveFlags struct {
	listen, code, web, host *string
	idle                    *time.Duration
}

func (f *serveFlags) register(fs *flag.FlagSet) {
	f.listen = fs.String("listen", serve.DefaultListen, "where other screens join, e.g. 127.0.0.1:2222 for this machine only")
	f.code = fs.String("join-code", "", "the code players type to join (default: 6 new digits each serve)")
	f.web = fs.String("web", web.DefaultListen, "where phones open the table's page (\"off\": no page)")
	f.host = fs.String("host", "", "the address the join code and the QR code show (default: this machine's address on the local network)")
	f.idle = fs.Duration("idle", serve.DefaultIdleTimeout, "close a joined screen after this long without a key or a move in the game (0: never)")
}

// serveOptions reads serve's flags: the table's, and its own.
func (a *app) serveOptions(args []string) (opts ui.Options, sf serveFlags, code int, done bool) {
	opts, code, done = a.tableOptions(args, sf.register)
	return opts, sf, code, done
}

// serve runs the table on this terminal, as eventdeck does, and an SSH
// server through which every player joins with a screen of their own. All
// screens show the one game the host's table session holds.
func (a *app) serve(args []string) int {
	opts, sf, code, done := a.serveOptions(args)
	if opts.Store != nil {
		defer opts.Store.Unlock()
	}
	if done {
		return code
	}
	hub := session.NewHub()
	opts.Hub = hub
	// Before the host starts a game, the seats are those of the saved game
	// the resume screen offers: a remembered key lets its player in.
	var offered []string
	if g := opts.Loaded.Game; g != nil {
		offered = namesOf(g.Now.Players)
	}
	seats := func() []string {
		if s := hub.Current(); s != nil {
			return namesAt(s)
		}
		return offered
	}
	idle := *sf.idle
	if idle == 0 {
		idle = -1 // never
	}
	limit := serve.NewLimiter() // wrong codes count alike over SSH and on the page
	srv, err := serve.New(serve.Config{
		Limiter: limit,
		Listen:  *sf.listen, StateDir: opts.Store.Dir, JoinCode: *sf.code, IdleTimeout: idle,
		LogPath: os.Getenv(serve.LogEnv),
		Seats:   seats,
		Program: screenFor(hub, seats, opts.Glyphs),
		// Every change is saved as it is made, and the last state when the
		// host quits (play).
		Goodbye:   goodbye,
		GameEnded: func() bool { return gameEnded(hub) },
	})
	if err != nil {
		return a.failRun("%v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := srv.Start(ctx); err != nil {
		return a.failRun("%v", err)
	}
	defer func() {
		// The game has ended, however the host's table did: every joined
		// screen leaves, restoring its terminal, and is told; then the
		// server stops.
		stop, done := context.WithTimeout(context.Background(), 3*time.Second)
		defer done()
		_ = srv.Shutdown(stop)
	}()
	host := joinHost(*sf.listen, *sf.host, srv.Addr())
	page, err := a.startPage(sf, opts.Store.Dir, hub, srv.JoinCode(), seats, limit)
	if err != nil {
		return a.failRun("%v", err)
	}
	if page != nil {
		defer page.Close() // after the host's table: each phone reads that the game is saved
		opts.JoinURL = joinURL(host, page.Addr(), srv.JoinCode())
		if w := page.Warning(); w != "" { // phones.json moved aside: serve starts, and says so
			opts.Warning = strings.TrimSpace(opts.Warning + "\n" + w)
		}
	}
	// The host's line is written when it changes (pollServer), not on
	// every frame.
	text := func() string { return servingText(srv, host, hub) }
	var line atomic.Value
	line.Store(text())
	opts.Serving = func() string { return line.Load().(string) }
	m, err := newTable(opts)
	if err != nil {
		return a.fail("%v", err)
	}
	watch := func(send func(tea.Msg)) {
		go pollServer(ctx, time.Second, srv.Changes(), text, func(now string) { line.Store(now); send(ui.RefreshMsg{}) })
	}
	return a.play(servedModel{Model: m, watch: watch}, opts.Store, tea.WithAltScreen())
}

// goodbye is what each joined screen reads when the host ends the game.
const goodbye = "eventdeck: the host ended the game; it is saved.\nOn the host, eventdeck serve --resume goes on with it."

// servedModel is the host's table with the server's figures kept current.
type servedModel struct {
	ui.Model
	watch func(send func(tea.Msg))
}

// Notify passes the program on to the table and starts watching the server.
func (s servedModel) Notify(send func(tea.Msg)) {
	s.Model.Notify(send)
	if send != nil {
		s.watch(send)
	}
}

// Update keeps the served model's shape for play.
func (s servedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := s.Model.Update(msg)
	if m, ok := next.(ui.Model); ok {
		s.Model = m
	}
	return s, cmd
}

// pollServer tells the host's screen when its line about the server
// changed, so it stays true: at once when the server says so (screens
// joined or left, refusals), and every so often (a block on codes
// counting down).
func pollServer(ctx context.Context, every time.Duration, changes <-chan struct{}, text func() string, changed func(string)) {
	t := time.NewTicker(every)
	defer t.Stop()
	last := text()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-changes:
		}
		if now := text(); now != last {
			last = now
			changed(now)
		}
	}
}

// screenFor makes each joined screen: the game on the hub, at the
// client's size and colours, for whoever the SSH user is at the table;
// seats are the seats the server let them in by.
func screenFor(hub *session.Hub, seats func() []string, glyphs ui.Glyphs) func(ssh.Session, serve.Who) tea.Model {
	return func(sess ssh.Session, who serve.Who) tea.Model {
		keySeat, _ := serve.KeySeat(sess)
		role := roleOf(sess.User(), keySeat, who, seats())
		return ui.NewView(ui.ViewOptions{Hub: hub, Role: role, Name: who.Name, Renderer: serve.Renderer(sess), Glyphs: glyphs, Kind: session.KindSSH})
	}
}

// roleOf is who a joined screen's reader is in each game put on the table:
// the player whose remembered key alone let them in (keySeat); the player
// they joined as by name (a seat change keeps them theirs); else, since
// the join code lets anyone take a seat, the seat their user name or seat
// number names in that game. So players who join before the host starts
// or resumes a game play in it. names are the seats when they joined.
func roleOf(user, keySeat string, joined serve.Who, names []string) func(*session.Session) session.Who {
	fixed := func(name string) func(*session.Session) session.Who {
		w := session.PlayerNamed(name)
		return func(*session.Session) session.Who { return w }
	}
	switch {
	case keySeat != "":
		return fixed(keySeat)
	case joined.Role == serve.Player && !joined.ByNumber && joined.Seat < len(names):
		return fixed(names[joined.Seat])
	}
	return func(s *session.Session) session.Who {
		names := namesAt(s)
		if w := serve.WhoIs(user, names); w.Role == serve.Player {
			return session.PlayerNamed(names[w.Seat])
		}
		if s != nil && s.Seated(user) { // a player the host renamed, joining by their old name
			return session.PlayerNamed(user)
		}
		return session.Viewer()
	}
}

// namesAt are the names of the seats of the game s holds, in seat order;
// none before a game.
func namesAt(s *session.Session) []string {
	if s == nil {
		return nil
	}
	return namesOf(s.Now().Players)
}

// namesOf are the players' names, in seat order.
func namesOf(players []deck.Player) []string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = p.Name
	}
	return names
}

// gameEnded reports whether the host has ended the game on the table.
func gameEnded(hub *session.Hub) bool {
	s := hub.Current()
	return s != nil && s.Snapshot().Closed
}

// servingText is what the host's screen says of the other screens: those
// over SSH and the phones following the game on hub (issue 37 item 8).
func servingText(srv *serve.Server, host string, hub *session.Hub) string {
	line := "Join code " + srv.JoinCode() + " · " + srv.JoinCommand("NAME", host) + " (NAME: your name or seat; others watch)"
	extra := fmt.Sprintf("Key %s · %s", srv.Fingerprint(), plural(srv.Sessions()+phonesOn(hub), "screen"))
	if n := srv.Refused(); n > 0 {
		extra += fmt.Sprintf(" · %d refused", n)
	}

	if n := srv.Full(); n > 0 {
		extra += fmt.Sprintf(" · %d turned away (full)", n)
	}
	// First on its line, so that a narrow screen cuts the key, not this:
	// while it lasts no newcomer can join.
	if d := srv.CodesBlocked(); d > 0 {
		extra = fmt.Sprintf("Codes blocked %dm (too many wrong) · ", (d+time.Minute-1)/time.Minute) + extra
	}
	return line + "\n" + extra
}

// phonesOn counts the phones following the game on hub.
func phonesOn(hub *session.Hub) int {
	n := 0
	if hub == nil {
		return 0
	}
	for _, sc := range hub.Screens() {
		if sc.Kind == session.KindPhone {
			n++
		}
	}
	return n
}

// joinHost is the address players type: --host, the host named in
// --listen, or else this machine's address on the local network (private
// ranges first: web.LANAddress).
func joinHost(listen, named string, bound net.Addr) string {
	if named != "" {
		return named
	}
	host, _, err := net.SplitHostPort(listen)
	if err == nil && host != "" && host != "0.0.0.0" && host != "::" {
		return host
	}
	if lan := web.LANAddress(web.Interfaces()); lan != "" {
		return lan
	}
	if bound != nil {
		if h, _, err := net.SplitHostPort(bound.String()); err == nil && !strings.HasPrefix(h, "[") {
			return h
		}
	}
	return "localhost"
}
