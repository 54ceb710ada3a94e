package cli

import (
	"bytes"
	"testing"
	"time"
)

// TestViewerCannotSpendTheHostsCPU: a viewer opens the dice simulator
// (m) and waits for its charts: the host runs the simulation. Then it
// opens it four more times, waiting for the charts each time, and twenty
// more times leaves it at once (esc): all of that costs the host less CPU
// than the first m did, as a run is computed once and shared. (Before,
// each m ran it again on the host: 0.24 s of CPU each.)
func TestViewerCannotSpendTheHostsCPU(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the dice simulator")
	}
	st := serveTable(t)
	defer st.shutdown(t)
	v := dialTable(t, st, "guest", -1)
	charts := func() int {
		v.mu.Lock()
		defer v.mu.Unlock()
		return bytes.Count(v.out.Bytes(), []byte("mean chi-square"))
	}
	key := func(k string) {
		t.Helper()
		if _, err := v.in.Write([]byte(k)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond) // a lone esc is esc, not alt+ the next key
	}
	simulate := func() {
		t.Helper()
		seen := charts()
		key("m")
		// A hang guard: the run took over a minute at a load of 25.
		for deadline := time.Now().Add(3 * time.Minute); charts() == seen; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the simulator's charts never came")
			}
		}
		key("\x1b")
	}
	waitAll(t, []*client{v}, 0, 10*time.Second)
	before := cpuNow(t)
	simulate()
	first := cpuNow(t) - before
	before = cpuNow(t)
	for range 4 {
		simulate()
	}
	for range 20 {
		key("m")
		key("\x1b")
	}
	more := cpuNow(t) - before
	t.Logf("the viewer's first m cost the host %v of CPU; the 24 more %v", first.Round(time.Millisecond), more.Round(time.Millisecond))
	if more > first {
		t.Errorf("a viewer's 24 more m cost the host %v of CPU, the first %v", more, first)
	}
}
