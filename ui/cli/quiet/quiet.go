// Package quiet keeps the terminal from being asked anything while the
// program's packages start. Bubble Tea v1 asks the terminal for its
// background colour when its package initialises (tea_init.go), on every
// run: a headless command (eventdeck draw) would write ESC]11;? and ESC[6n
// to its output and, on a terminal that never answers, wait 5 s.
//
// This package imports only os, so Go initialises it before termenv and
// everything built on it (packages start in import-path order once their
// imports have): its init marks the process as not on a terminal for
// termenv (CI=1), and Restore, called from an init that runs after Bubble
// Tea's, puts CI back as it was. The table asks the terminal once, itself,
// when it opens (ui/cli/tui.go).
package quiet

import "os"

// ciSet says whether the process got CI set (then it is left as it is).
// Written once, at init, and read once by Restore.
var _, ciSet = os.LookupEnv("CI")

func init() {
	if !ciSet {
		_ = os.Setenv("CI", "1")
	}
}

// Restore puts CI back as the process got it. Call it from an init of a
// package that imports Bubble Tea, so that it runs after Bubble Tea's.
func Restore() {
	if !ciSet {
		_ = os.Unsetenv("CI")
	}
}
