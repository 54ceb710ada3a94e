//go:build linux

package web

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/eventdeck/eventdeck/deck"
)

// floodEnv names the state folder of TestFloodChild, the page server the
// flood tests attack in a process of its own (its file descriptors
// lowered as `ulimit -n` does).
const floodEnv = "EVENTDECK_FLOOD_CHILD"

// A flood of slow bodies (issue 39), at test scale: 300 connections from
// one address and 200 from eight (127.0.0.2–9), each sending a POST's
// header and one byte of its body, against a server that may open 256
// files. A phone with the code still joins within 2 s, a save still
// succeeds, and nothing is printed on the server's stdout or stderr
// (the terminal the table is drawn on). Before: the descriptors ran out,
// the join timed out, the save failed and net/http printed "Accept
// error" on stderr.
func TestFloodLeavesRoomForAPhoneAndTheSaves(t *testing.T) {
	child := startFloodChild(t, 256)
	one, many := 300, 200
	var held []net.Conn
	defer func() {
		for _, c := range held {
			_ = c.Close()
		}
	}()
	held = append(held, slowBodies(t, child.addr, []string{"127.0.0.2"}, one)...)
	held = append(held, slowBodies(t, child.addr, loopbacks(2, 9), many)...)

	start := time.Now()
	p := phoneFrom(t, "http://"+child.addr, "127.0.0.1", 2*time.Second)
	status, body, err := p.tryPost("/join", joinRequest{Code: testCode, Seat: "Ann"})
	took := time.Since(start)
	if err != nil || status != http.StatusOK {
		t.Errorf("a phone with the code could not join under the flood: %d %s %v (after %v)", status, body, err, took)
	}
	t.Logf("a phone joined in %v under %d slow bodies", took.Round(time.Millisecond), one+many)
	if got := child.ask(t, "save"); got != "saved" {
		t.Errorf("the save under the flood: %s", got)
	}
	child.quit(t)
}

// floodChild is TestFloodChild running in its own process.
type floodChild struct {
	cmd    *exec.Cmd
	in     *bufio.Writer
	stdin  interface{ Close() error }
	lines  chan string
	stderr *bytes.Buffer
	addr   string
	extra  []string // stdout lines that are not the protocol's
}

// startFloodChild runs the page server in a process of its own that may
// open nofile files.
func startFloodChild(t *testing.T, nofile int) *floodChild {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFloodChild$")
	cmd.Env = append(os.Environ(), floodEnv+"="+t.TempDir(), "EVENTDECK_FLOOD_NOFILE="+strconv.Itoa(nofile))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &floodChild{cmd: cmd, in: bufio.NewWriter(stdin), stdin: stdin, lines: make(chan string, 16), stderr: &bytes.Buffer{}}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	c.addr = c.next(t)
	if !strings.HasPrefix(c.addr, "flood: addr ") {
		t.Fatalf("the server did not start: %q; stderr: %s", c.addr, c.stderr)
	}
	c.addr = strings.TrimPrefix(c.addr, "flood: addr ")
	return c
}

// next is the child's next protocol line; other lines are kept.
func (c *floodChild) next(t *testing.T) string {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return "(the server's process ended)"
			}
			if strings.HasPrefix(l, "flood: ") {
				return l
			}
			c.extra = append(c.extra, l)
		case <-timeout:
			return "(no answer in 20 s)"
		}
	}
}

// ask sends a command and returns the answer.
func (c *floodChild) ask(t *testing.T, cmd string) string {
	t.Helper()
	fmt.Fprintln(c.in, cmd)
	_ = c.in.Flush()
	return strings.TrimPrefix(c.next(t), "flood: ")
}

// quit ends the child and checks it printed nothing but the protocol.
func (c *floodChild) quit(t *testing.T) {
	t.Helper()
	fmt.Fprintln(c.in, "quit")
	_ = c.in.Flush()
	_ = c.stdin.Close()
	for l := range c.lines {
		if !strings.HasPrefix(l, "flood: ") {
			c.extra = append(c.extra, l)
		}
	}
	_ = c.cmd.Wait()
	if c.stderr.Len() > 0 {
		t.Errorf("the server printed on stderr:\n%s", firstLines(c.stderr.String(), 5))
	}
	if len(c.extra) > 0 {
		t.Errorf("the server printed on stdout:\n%s", firstLines(strings.Join(c.extra, "\n"), 5))
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("… (%d lines)", len(lines)))
	}
	return strings.Join(lines, "\n")
}

// TestFloodChild is the server the flood tests attack: with floodEnv set
// it lowers its open files to EVENTDECK_FLOOD_NOFILE (soft and hard, as
// `ulimit -n` does), serves a table of Ann and Bob, prints its address,
// and then answers "save" (a save of the game, as the table saves it)
// until "quit", when it exits at once.
func TestFloodChild(t *testing.T) {
	dir := os.Getenv(floodEnv)
	if dir == "" {
		t.Skip("the flood tests' server: run by them")
	}
	if n, _ := strconv.Atoi(os.Getenv("EVENTDECK_FLOOD_NOFILE")); n > 0 {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: uint64(n), Max: uint64(n)}); err != nil {
			fmt.Fprintln(os.Stderr, "setrlimit:", err)
			os.Exit(1)
		}
	}
	tb := newTable(t, "catan", nil, "Ann", "Bob")
	st := deck.NewStore(dir)
	fmt.Println("flood: addr", tb.srv.Addr())
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch sc.Text() {
		case "save":
			data, err := deck.Encode(tb.sess.Game())
			if err == nil {
				err = st.Save(st.Reserve(), data)
			}
			if err != nil {
				fmt.Println("flood: not saved:", err)
			} else {
				fmt.Println("flood: saved")
			}
		case "quit":
			quit(t) // at once: the test's own end would print PASS
		}
	}
	quit(t)
}

// quit ends TestFloodChild's process at once, its folders removed first
// (os.Exit runs no cleanup): every folder t made is under one root.
func quit(t *testing.T) {
	_ = os.RemoveAll(filepath.Dir(t.TempDir()))
	os.Exit(0)
}

// loopbacks are 127.0.0.from to 127.0.0.to: Linux's loopback takes any
// address of 127/8 as a source.
func loopbacks(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, "127.0.0."+strconv.Itoa(i))
	}
	return out
}

// slowBodies opens n connections to addr from the sources in turn, each
// sending a join's header and the first byte of a 4,000-byte body. A
// connection the server refused is kept as it is: the point is what the
// server holds.
func slowBodies(t testing.TB, addr string, from []string, n int) []net.Conn {
	t.Helper()
	head := "POST /join HTTP/1.1\r\nHost: " + addr + "\r\nX-Eventdeck: 1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"
	out := make([]net.Conn, 0, n)
	for i := range n {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from[i%len(from)])}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			continue // the kernel's queue is full: the server drains it
		}
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = c.Write([]byte(head))
		out = append(out, c)
	}
	return out
}

// phoneFrom is a phone on the page from the address ip, each request
// given at most timeout.
func phoneFrom(t testing.TB, base, ip string, timeout time.Duration) *phone {
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}
	t.Cleanup(tr.CloseIdleConnections)
	return &phone{t: t, client: &http.Client{Jar: jar, Timeout: timeout, Transport: tr}, base: base}
}
