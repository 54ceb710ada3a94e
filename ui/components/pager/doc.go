// Package pager is a scrolling body of lines under a fixed head, with the
// pager keys (↑/↓, page up/down, home/end): the history, statistics,
// simulator and reference pages and the root's full help page through it.
package pager
