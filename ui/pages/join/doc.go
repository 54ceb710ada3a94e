// Package join is the join page: the phone page's code and address, and
// the screens that joined, opened from the host's table.
package join
