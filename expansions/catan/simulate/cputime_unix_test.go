//go:build unix

package simulate

import (
	"syscall"
	"testing"
)

// cpuTime is the process's CPU time so far in ns, all threads, user and
// system. On a machine other work loads, wall time counts the waits for a
// core; CPU time does not, so it compares runs made under different loads.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU adds cpu-ns/op to a benchmark: the CPU time since start over b.N.
func reportCPU(b *testing.B, start int64) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
