// Package stats is the statistics page: histograms of the numbers drawn
// this year and in the whole game, and turns by player.
package stats
