package deck

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// WriteCrashReport writes report to a new file crash-YYYYMMDD-HHMMSS.txt in
// dir, with mode 0600, and returns its path. It never overwrites a file: a
// second report in the same second gets a name of its own.
func WriteCrashReport(dir string, report []byte) (string, error) {
	if err := osFS.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	stamp := time.Now().Format("20060102-150405")
	for i := 0; i < 100; i++ {
		name := filepath.Join(dir, "crash-"+stamp+".txt")
		if i > 0 {
			name = filepath.Join(dir, fmt.Sprintf("crash-%s-%d.txt", stamp, i))
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, werr := f.Write(report)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		return name, werr
	}
	return "", errors.New("no free name for the crash report")
}
