//go:build !unix

package web

// openFiles is the descriptors this process may open: on systems without
// RLIMIT_NOFILE (Windows: handles are not so limited), enough for the
// ceiling.
func openFiles() int { return fdReserve + 3*maxConnsCeiling }
