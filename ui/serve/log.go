package serve

import (
	"fmt"
	"io"
	stdlog "log"
	"strings"
	"unicode"

	"github.com/eventdeck/eventdeck/deck"
)

// logger is where serve writes what happened: a file, or nowhere.
type logger interface {
	Printf(format string, args ...any)
}

// openLog opens path for appending (0600), or logs nowhere when path is
// "". It is the server's own logger, handed to each middleware that logs:
// charmbracelet/log's default, the host program's, is left alone (none of
// the parts of wish serve runs writes to it).
func openLog(path string) (logger, io.Closer, error) {
	if path == "" {
		return cleanLog{stdlog.New(io.Discard, "", 0)}, nil, nil
	}
	f, err := deck.OpenAppend(path, 0o600) // a FIFO is refused, never waited on
	if err != nil {
		return nil, nil, err
	}
	return cleanLog{stdlog.New(f, "eventdeck serve ", stdlog.LstdFlags)}, f, nil
}

// cleanLog drops control characters (but line breaks and tabs) from what
// it logs: user names and commands come from clients, and the log is read
// in a terminal.
type cleanLog struct{ *stdlog.Logger }

func (l cleanLog) Printf(format string, args ...any) {
	line := strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			return -1
		}
		return r
	}, fmt.Sprintf(format, args...))
	l.Logger.Print(line)
}

func (s *Server) logf(format string, args ...any) { s.log.Printf(format, args...) }

func (s *Server) closeLog() {
	if s.logOut != nil {
		_ = s.logOut.Close()
		s.logOut = nil
	}
}
