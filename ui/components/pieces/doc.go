// Package pieces draws the table's pieces: the number disc in big digits,
// pip and symbol dice, and trackers as rows of spaces passed and to come.
package pieces
