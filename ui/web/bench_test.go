package web

import (
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"
)

// BenchmarkDrawReachesSixPhones is a draw on the host reaching six phones'
// event streams (Go SSE clients on loopback): the time from the draw to
// each phone's event with the new turn. Budget: median ≤ 50 ms, slowest
// < 200 ms (reported as p50-ms and max-ms).
func BenchmarkDrawReachesSixPhones(b *testing.B) {
	tb := newTable(b, "catan", nil, "Ann", "Bob", "Cy", "Dan")
	var streams []*stream
	for i, seat := range []string{"Ann", "Bob", "Cy", "Dan", "watch", "watch"} {
		p := newPhone(b, tb.url)
		p.join(seat)
		s := p.listen()
		s.until(b, "phone "+strconv.Itoa(i)+"'s first view", func(v view) bool { return v.Readout != nil })
		streams = append(streams, s)
	}
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		r := tb.hostDraws(b)
		for _, s := range streams {
			s.until(b, "the draw", func(v view) bool { return v.Readout != nil && v.Version == r.Version })
			lat = append(lat, time.Since(start))
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2])/float64(time.Millisecond), "p50-ms")
	b.ReportMetric(float64(lat[len(lat)-1])/float64(time.Millisecond), "max-ms")
}

// BenchmarkMemoryPerPhone is what each phone's stream costs the host:
// the heap and stacks in use with 16 phones following the game, less
// without, per phone. The Go clients live in the same process, so the
// figure holds their cost too: the host's alone is less. Budget: 0.5 MB.
func BenchmarkMemoryPerPhone(b *testing.B) {
	const phones = 16
	for range b.N {
		tb := newTable(b, "catan", nil, "Ann", "Bob", "Cy", "Dan")
		tb.hostDraws(b)
		before := inUse()
		var streams []*stream
		var ps []*phone
		for i := range phones { // each joins before any streams: a seat held by a streaming phone is asked about first
			p := newPhone(b, tb.url)
			p.join([]string{"Ann", "Bob", "Cy", "Dan", "watch"}[i%5])
			ps = append(ps, p)
		}
		for _, p := range ps {
			s := p.listen()
			s.until(b, "a view", func(v view) bool { return v.Readout != nil })
			streams = append(streams, s)
		}
		tb.hostDraws(b)
		for _, s := range streams {
			s.until(b, "the draw", func(v view) bool { return v.Readout != nil && v.Turn != nil && v.Turn.Draw == 2 })
		}
		after := inUse()
		b.ReportMetric(float64(after-before)/phones/(1<<20), "MB/phone")
		for _, s := range streams {
			s.close()
		}
		_ = tb.srv.Close()
	}
}

// inUse is the heap and the goroutines' stacks in use, after a collection.
func inUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}
