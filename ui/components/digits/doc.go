// Package digits is the big digits: the glyphs read from the assets file
// system, and a number rendered in them (the table's number disc).
package digits
