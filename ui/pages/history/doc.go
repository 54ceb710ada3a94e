// Package history is the history page: every turn of the game so far, by
// draw, player, number, dice and event.
package history
