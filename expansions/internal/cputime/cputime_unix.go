//go:build unix

// Package cputime adds CPU time per operation to benchmarks: on a machine
// other work loads, wall time counts the waits for a core; CPU time does
// not, so it compares runs made under different loads.
package cputime

import (
	"syscall"
	"testing"
)

// Now is the process's CPU time so far in ns, all threads, user and
// system.
func Now() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// Report adds cpu-ns/op to a benchmark: the CPU time since start over b.N.
func Report(b *testing.B, start int64) {
	b.ReportMetric(float64(Now()-start)/float64(b.N), "cpu-ns/op")
}
