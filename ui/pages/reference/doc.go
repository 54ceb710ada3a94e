// Package reference is the reference page: the game's rule texts,
// searchable, and where another game on offer names the same words.
package reference
