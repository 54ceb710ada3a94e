package cli

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// sink is a screen's output, counted and searched, not kept: what a huge
// frame costs the test's own client must not count as the host's.
type sink struct {
	mu     sync.Mutex
	marker []byte
	tail   []byte
	seen   int // times the marker was sent
	bytes  int
}

func (s *sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bytes += len(p)
	buf := append(s.tail, p...)
	s.seen += bytes.Count(buf, s.marker)
	s.tail = append(s.tail[:0], buf[max(0, len(buf)-len(s.marker)+1):]...)
	return len(p), nil
}

func (s *sink) count() (seen, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen, s.bytes
}

// hostCost joins st as a viewer whose terminal is width×height (asked for
// in the pty request, or with a window change from 80×24 when resize), waits
// for the table's screen, opens and closes the help (two more frames), and
// leaves. It returns the most the host's heap grew meanwhile, and what the
// host allocated in all (runtime.ReadMemStats every 2 ms).
func hostCost(t *testing.T, st *servedTable, width, height int, resize bool) (peak, alloc uint64) {
	t.Helper()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, alloc0 := ms.HeapAlloc, ms.TotalAlloc
	var top atomic.Uint64
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > top.Load() {
				top.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()

	conn, err := gossh.Dial("tcp", st.srv.Addr().String(), &gossh.ClientConfig{
		User: "guest", Auth: []gossh.AuthMethod{gossh.Password(loadCode)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &sink{marker: []byte("draw 0 of")}
	sess.Stdout = out
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	w, h := width, height
	if resize {
		w, h = 80, 24
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	waitSeen := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if seen, _ := out.count(); seen >= n {
				return
			}
			if time.Now().After(deadline) {
				seen, sent := out.count()
				t.Fatalf("%dx%d: the table's screen was sent %d times, want %d (%d bytes in all)", width, height, seen, n, sent)
			}
		}
	}
	waitSeen(1)
	if resize {
		if err := sess.WindowChange(height, width); err != nil {
			t.Fatal(err)
		}
		waitSeen(2)
	}
	seen, _ := out.count()
	for _, key := range []string{"?", "\x1b"} { // the help, then back to the table
		if _, err := in.Write([]byte(key)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitSeen(seen + 1)
	_ = sess.Close()
	_ = conn.Close()
	close(stop)
	<-stopped
	runtime.ReadMemStats(&ms)
	return top.Load() - min(base, top.Load()), ms.TotalAlloc - alloc0
}

// TestHugeTerminalCostsTheHostNoMoreThanANormalOne: a client asking for a
// 20000×20000 (or 1000×1000) terminal, in its pty request or in a window
// change, costs the host's heap no more than one at the largest size taken
// (400×200), which a normal terminal may be. (Before sizes were capped the
// host's memory grew by gigabytes.)
func TestHugeTerminalCostsTheHostNoMoreThanANormalOne(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the heap over SSH")
	}
	st := serveTable(t)
	defer st.shutdown(t)
	hostCost(t, st, 80, 24, false) // warm up: the first screen builds what every screen shares
	type cost struct{ peak, alloc uint64 }
	measure := func(w, h int, resize bool) cost {
		peak, alloc := hostCost(t, st, w, h, resize)
		t.Logf("%5d×%-5d %-13s heap grew by at most %6.1f MiB; %7.1f MiB allocated", w, h,
			map[bool]string{false: "(pty request)", true: "(resized)"}[resize], float64(peak)/(1<<20), float64(alloc)/(1<<20))
		return cost{peak, alloc}
	}
	measure(80, 24, false)
	normal := measure(400, 200, false)
	// Measured noise between two runs of one size is within a few MiB: the
	// bound is the normal client's cost with half again and 8 MiB of room.
	bound := func(c cost) uint64 { return c.peak + c.peak/2 + 8<<20 }
	for _, huge := range []struct {
		w, h   int
		resize bool
	}{{20000, 20000, false}, {20000, 20000, true}, {1000, 1000, false}} {
		got := measure(huge.w, huge.h, huge.resize)
		if got.peak > bound(normal) {
			t.Errorf("a %d×%d client grew the host's heap by %.1f MiB, one at 400×200 by %.1f MiB",
				huge.w, huge.h, float64(got.peak)/(1<<20), float64(normal.peak)/(1<<20))
		}
		if got.alloc > 2*normal.alloc+8<<20 {
			t.Errorf("a %d×%d client made the host allocate %.1f MiB, one at 400×200 %.1f MiB",
				huge.w, huge.h, float64(got.alloc)/(1<<20), float64(normal.alloc)/(1<<20))
		}
	}
}
