// Package facts is the facts page: what eventdeck remembers of the table
// (levels, walls, the longest road…), for the host to correct through the
// session.Hand.
package facts
