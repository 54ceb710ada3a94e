package serve

import (
	"fmt"
	"io"
	stdlog "log"
	"strings"
	"unicode"

	"github.com/charmbracelet/log"

	"github.com/eventdeck/eventdeck/deck"
)

// logger is where serve writes what happened: a file, or nowhere.
type logger interface {
	Printf(format string, args ...any)
}

// openLog opens path for appending (0600), or logs nowhere when path is
// "". wish's Bubble Tea middleware logs a failed program through
// charmbracelet/log's default logger, which writes to the host's stderr,
// under the host's table: that default is pointed at the same place.
func openLog(path string) (logger, io.Closer, error) {
	if path == "" {
		log.SetDefault(log.New(io.Discard))
		return cleanLog{stdlog.New(io.Discard, "", 0)}, nil, nil
	}
	f, err := deck.OpenAppend(path, 0o600) // a FIFO is refused, never waited on
	if err != nil {
		return nil, nil, err
	}
	log.SetDefault(log.New(f))
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
