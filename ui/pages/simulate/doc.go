// Package simulate is the simulator page: many games of the ruleset
// played out in a command, with their progress and results.
package simulate
