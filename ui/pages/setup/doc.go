// Package setup is the setup page: the game, its options, the players and
// who starts, as a huh form; enter asks the root to start the game
// (common.StartMsg).
package setup
