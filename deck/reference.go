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

// Rank is the entries that hold every word, best first (issue 30): a word
// in the title counts most, then in the tags, then in the text; a whole
// word more than part of one; the words together, as typed, more again.
// Among the same hits the shorter title comes first; else entries keep
// their order.
func Rank(entries []Entry, words []string) []Entry {
	return RankBy(entries, func(e Entry) Entry { return e }, words)
}

// RankBy ranks items as Rank does their entries.
func RankBy[T any](items []T, entry func(T) Entry, words []string) []T {
	if len(words) == 0 {
		return items // every entry, in its order
	}
	type scored struct {
		item  T
		title int
		score int
	}
	var hits []scored
	for _, it := range items {
		e := entry(it)
		if s := score(e, words); s > 0 {
			hits = append(hits, scored{it, len(e.Title), s})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return a.title - b.title
	})
	out := make([]T, len(hits))
	for i, h := range hits {
		out[i] = h.item
	}
	return out
}

// score is how well e matches words: 0 when a word is in none of its
// title, tags and text.
func score(e Entry, words []string) int {
	if len(words) == 0 {
		return 1
	}
	fold := strings.NewReplacer("–", "-", "—", "-").Replace // "5-6" finds "5–6"
	lower := func(s string) string { return fold(strings.ToLower(s)) }
	title, tags, text := lower(e.Title), lower(strings.Join(e.Tags, " ")), lower(e.Text)
	total := 0
	for _, w := range words {
		w = lower(w)
		best := 0
		for i, field := range []string{title, tags, text} {
			weight := []int{9, 4, 1}[i]
			switch {
			case hasWord(field, w):
				best = max(best, 3*weight)
			case strings.Contains(field, w):
				best = max(best, weight)
			}
		}
		if best == 0 {
			return 0
		}
		total += best
	}
	phrase := lower(strings.Join(words, " "))
	switch {
	case len(words) > 1 && hasWord(title, phrase):
		total += 30
	case len(words) > 1 && hasWord(text, phrase):
		total += 5
	}
	if strings.TrimSpace(title) == phrase || strings.HasPrefix(title, phrase+" (") {
		total += 20 // the entry of that very name
	}
	return total
}

// hasWord reports whether s holds w as a whole word (or words): not
// inside a longer one.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

// isWordByte reports whether b is part of a word: a letter, digit or any
// byte of a character beyond ASCII.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}
