//go:build !race

package ui

// raceOn: see race_on_test.go.
const raceOn = false
