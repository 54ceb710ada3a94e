//go:build !unix

// Package cputime adds CPU time per operation to benchmarks; it is read on
// unix only.
package cputime

import "testing"

// Now is 0: CPU time is read on unix only.
func Now() int64 { return 0 }

// Report adds nothing: CPU time is read on unix only.
func Report(*testing.B, int64) {}
