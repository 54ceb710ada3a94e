package serve

import (
	"io"
	stdlog "log"
	"os"

	"github.com/charmbracelet/log"
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
		return stdlog.New(io.Discard, "", 0), nil, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, err
	}
	log.SetDefault(log.New(f))
	return stdlog.New(f, "eventdeck serve ", stdlog.LstdFlags), f, nil
}

func (s *Server) logf(format string, args ...any) { s.log.Printf(format, args...) }

func (s *Server) closeLog() {
	if s.logOut != nil {
		_ = s.logOut.Close()
		s.logOut = nil
	}
}
