//go:build !unix

package catan

import "testing"

func cpuTime() int64 { return 0 }

func reportCPU(*testing.B, int64) {} // CPU time is read on unix only
