//go:build race

package ui

// raceOn: the race detector makes each key ten times dearer; tests that
// play long games play shorter ones under it (its run is for concurrency).
const raceOn = true
