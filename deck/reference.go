package deck

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// ReadReference reads quick-reference entries from the file at path in
// fsys: each starts with a "## " title, then maybe a "tags:" line, then its
// text; "#" lines before the first entry are comments. Every ruleset's
// reference file takes this form.
func ReadReference(fsys fs.FS, path string) ([]Entry, error) {
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	var text []string
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].Text = strings.TrimSpace(strings.Join(text, "\n"))
		}
		text = nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			out = append(out, Entry{Title: strings.TrimSpace(line[3:])})
		case len(out) == 0:
			if line != "" && !strings.HasPrefix(line, "#") {
				return nil, fmt.Errorf("%s:%d: text before the first entry", path, n)
			}
		case strings.HasPrefix(line, "tags:") && len(text) == 0:
			out[len(out)-1].Tags = strings.Fields(line[len("tags:"):])
		default:
			text = append(text, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	for _, e := range out {
		if e.Text == "" {
			return nil, fmt.Errorf("%s: entry %q has no text", path, e.Title)
		}
	}
	return out, nil
}

// ReadTable reads the CSV file at path in fsys whose first row must be
// header, and returns the rows after it. Every ruleset's card list takes
// this form.
func ReadTable(fsys fs.FS, path string, header ...string) ([][]string, error) {
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 || !slices.Equal(rows[0], header) {
		return nil, fmt.Errorf("%s: want the header %s", path, strings.Join(header, ","))
	}
	return rows[1:], nil
}

// Reference is a game's quick reference, read the first time it is asked
// for: a quick draw from the command line never needs it.
type Reference struct {
	once    sync.Once
	read    func() ([]Entry, error)
	entries []Entry
	err     error
}

// NewReference returns the reference that read reads.
func NewReference(read func() ([]Entry, error)) *Reference { return &Reference{read: read} }

// Entries are the reference's entries; nil if it could not be read (Err).
func (r *Reference) Entries() []Entry {
	r.once.Do(func() { r.entries, r.err = r.read() })
	return r.entries
}

// Err is why the reference could not be read, if it could not.
func (r *Reference) Err() error {
	r.Entries()
	return r.err
}
