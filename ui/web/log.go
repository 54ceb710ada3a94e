package web

import (
	"bytes"
	"io"
	stdlog "log"
	"unicode"
	"unicode/utf8"

	"github.com/eventdeck/eventdeck/deck"
)

// openLog is the page server's log: the file at path (appended to,
// 0600), or nowhere when path is "". net/http's own errors (an accept
// that failed, a bad request) go there too, never to the terminal the
// table is drawn on.
func openLog(path string) (*stdlog.Logger, io.Closer, error) {
	if path == "" {
		return stdlog.New(io.Discard, "", 0), nil, nil
	}
	f, err := deck.OpenAppend(path, 0o600) // a FIFO is refused, never waited on
	if err != nil {
		return nil, nil, err
	}
	return stdlog.New(cleanWriter{f}, "eventdeck web ", stdlog.LstdFlags), f, nil
}

// cleanWriter drops control characters (but line breaks and tabs) from
// what is logged: paths and headers come from clients, and the log is
// read in a terminal.
type cleanWriter struct{ w io.Writer }

func (c cleanWriter) Write(p []byte) (int, error) {
	out := bytes.Map(func(r rune) rune {
		if r == utf8.RuneError || r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			return -1
		}
		return r
	}, p)
	if _, err := c.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
